// Breadcrumb (home first, then the menu trail) and the page-content wrapper: title, description,
// links, extra image and tabs taken from the matched route's `handle.page` (docs/spec/app-shell.md §2).
import { Fragment } from "react";
import { Link, useMatches } from "react-router";
import type { MenuNode } from "#contract/permission";
import { HOME_PATH } from "~/config";
import { lazyIsland } from "~/components/widgets/lazy";
import { ANTD_VAR } from "~/components/widgets/light-form";
import type { PageTab } from "./page-tabs";

// antd's Tabs stay out of the layout's first-paint JS (docs/decisions/018): few pages have tabs, and
// the server renders them in the page's HTML while the browser loads their code.
const PageTabs = lazyIsland(() => import("./page-tabs").then((module) => module.PageTabs));

export interface PageHandle {
  page?: {
    title?: string;
    description?: string;
    links?: Array<{ title: string; href: string }>;
    extraImage?: string;
    tabs?: PageTab[];
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
  // antd's Breadcrumb markup (its stylesheet is static, decision 002) without its code.
  return (
    <nav className={`ant-breadcrumb ${ANTD_VAR}`} style={{ marginBottom: 12 }}>
      <ol>
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 ? (
              <li className="ant-breadcrumb-separator" aria-hidden="true">
                /
              </li>
            ) : null}
            <li className="ant-breadcrumb-item">
              <span className="ant-breadcrumb-link">{item.title}</span>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

export function PageHeader() {
  const matches = useMatches();
  const page = [...matches].reverse().map((match) => (match.handle as PageHandle | undefined)?.page).find(Boolean);
  if (!page) return null;
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
      {page.tabs?.length ? <PageTabs tabs={page.tabs} /> : null}
    </div>
  );
}
