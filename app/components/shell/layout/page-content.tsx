// Breadcrumb (home first, then the menu trail) and the page-content wrapper: title, description,
// links, extra image and tabs taken from the matched route's `handle.page` (docs/spec/app-shell.md §2).
import { Link, useLocation, useMatches, useNavigate } from "react-router";
import { Breadcrumb, Tabs } from "antd";
import type { MenuNode } from "#contract/permission";
import { HOME_PATH } from "~/config";

export interface PageHandle {
  page?: {
    title?: string;
    description?: string;
    links?: Array<{ title: string; href: string }>;
    extraImage?: string;
    tabs?: Array<{ key: string; title: string; to: string }>;
  };
}

export function PageBreadcrumb({ trail }: { trail: MenuNode[] }) {
  const items = [
    { key: HOME_PATH, title: <Link to={HOME_PATH}>首页</Link> },
    ...trail
      .filter((node) => node.path !== HOME_PATH)
      .map((node, index, list) => ({
        key: node.path,
        title: index === list.length - 1 || node.children?.length ? node.meta.title : <Link to={node.path}>{node.meta.title}</Link>,
      })),
  ];
  return <Breadcrumb items={items} style={{ marginBottom: 12 }} />;
}

export function PageHeader() {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const page = [...matches].reverse().map((match) => (match.handle as PageHandle | undefined)?.page).find(Boolean);
  if (!page) return null;
  const activeTab = page.tabs?.find((tab) => location.pathname.startsWith(tab.to))?.key;
  return (
    <div className="page-header">
      <div className="page-header__main">
        <div>
          {/* antd's typography classes on plain markup: Typography would bring its editor (TextArea) into the layout's JS. */}
          {page.title ? <h4 className="ant-typography css-var-school">{page.title}</h4> : null}
          {page.description ? <div className="ant-typography ant-typography-secondary css-var-school">{page.description}</div> : null}
          {page.links?.length ? (
            <div className="page-header__links">
              {page.links.map((link) => (
                <Link key={link.href} to={link.href}>
                  {link.title}
                </Link>
              ))}
            </div>
          ) : null}
        </div>
        {page.extraImage ? <img className="page-header__image" src={page.extraImage} alt="" /> : null}
      </div>
      {page.tabs?.length ? (
        <Tabs activeKey={activeTab} onChange={(key) => navigate(page.tabs!.find((tab) => tab.key === key)!.to)} items={page.tabs.map((tab) => ({ key: tab.key, label: tab.title }))} />
      ) : null}
    </div>
  );
}
