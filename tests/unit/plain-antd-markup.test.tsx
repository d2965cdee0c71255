// Parts of every page drawn as antd's markup without antd's code (the list page's and the layout's
// JS budgets, docs/decisions/018): antd's static stylesheet styles them only while the markup is
// antd's own, so each is compared with what antd itself renders under the app's theme and locale.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { Link, MemoryRouter } from "react-router";
import type { MenuNode } from "#contract/permission";
import { Avatar, Badge, Breadcrumb, Card, ConfigProvider, Empty, Input, Spin } from "antd";
import UserOutlined from "@ant-design/icons/UserOutlined";
import zhCN from "antd/es/locale/zh_CN";
import { runtimeThemeConfig } from "~/theme";
import { ListTable } from "~/components/widgets/list/list-table";
import { PageCard } from "~/components/widgets/list/list-page";
import { ClearableInput } from "~/components/widgets/list/search-bar";
import { CountBadge } from "~/components/shell/notices/notice-bell";
import { HeaderAvatar } from "~/components/shell/layout/user-menu";
import { PageBreadcrumb } from "~/components/shell/layout/page-content";

const noop = () => undefined;
const antd = (node: ReactNode) =>
  renderToStaticMarkup(
    <ConfigProvider locale={zhCN} theme={runtimeThemeConfig}>
      {node}
    </ConfigProvider>,
  );
const CHILD = "<i>child</i>";
/** antd's markup around a child, split where the child goes. */
const around = (render: (child: ReactNode) => ReactNode) => antd(render(<i>child</i>)).split(CHILD);
const table = (loading: boolean) =>
  renderToStaticMarkup(<ListTable columns={[{ key: "name", title: "名称", label: "名称", render: (row) => String(row.name) }]} rows={[]} loading={loading} selection={{ selected: [], onChange: noop }} onSort={noop} />);

describe("antd's markup without antd's code", () => {
  it("veils the list's table as antd's Spin does, and only while it loads", () => {
    for (const loading of [true, false]) {
      const [before, after] = around((child) => <Spin spinning={loading}>{child}</Spin>);
      const html = table(loading);
      expect(html).toContain(`${before}<div class="ant-table `);
      expect(html.endsWith(`${after}</div>`)).toBe(true);
    }
    expect(table(true)).toContain("ant-spin-dot-item");
    expect(table(false)).not.toContain("ant-spin-dot");
  });

  it("shows 暂无数据 as antd's simple Empty", () => {
    expect(table(false)).toContain(antd(<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />));
  });

  it("frames the list as antd's Card with its title", () => {
    expect(renderToStaticMarkup(<PageCard title="用户管理">{<i>child</i>}</PageCard>)).toBe(antd(<Card title="用户管理" className="list-page">{<i>child</i>}</Card>));
  });

  it("counts unread notices as antd's small Badge: nothing at 0, one place per digit, 99+ beyond", () => {
    for (const count of [0, 7, 12, 99, 100, 1234]) {
      const plain = renderToStaticMarkup(<CountBadge count={count}>{<i>child</i>}</CountBadge>);
      expect(plain).toBe(antd(<Badge count={count} size="small">{<i>child</i>}</Badge>));
    }
  });

  it("shows the header's avatar as antd's small Avatar, the user icon without a picture", () => {
    expect(renderToStaticMarkup(<HeaderAvatar src={undefined} />)).toBe(antd(<Avatar size="small" icon={<UserOutlined />} alt="" data-testid="header-avatar" />));
    expect(renderToStaticMarkup(<HeaderAvatar src="/api/files/static?path=a.png" />)).toBe(
      antd(<Avatar size="small" icon={<UserOutlined />} src="/api/files/static?path=a.png" alt="" data-testid="header-avatar" />),
    );
  });

  it("draws the search bar's text field as antd's Input with allowClear, the clear button hidden while empty", () => {
    for (const value of ["", "张"]) {
      const plain = renderToStaticMarkup(<ClearableInput id="realname" name="realname" placeholder="请输入姓名" value={value} onChange={noop} />);
      expect(plain).toBe(antd(<Input id="realname" allowClear placeholder="请输入姓名" name="realname" value={value} onChange={noop} />));
    }
  });

  it("leads from 首页 along the menu as antd's Breadcrumb", () => {
    const users: MenuNode = { id: "u", route: "1", path: "/isystem/user", name: "user", meta: { title: "用户管理" } };
    const system: MenuNode = { id: "s", route: "1", path: "/isystem", name: "system", meta: { title: "系统管理" }, children: [users] };
    const routed = (node: ReactNode) => <MemoryRouter>{node}</MemoryRouter>;
    expect(renderToStaticMarkup(routed(<PageBreadcrumb trail={[system, users]} />))).toBe(
      antd(routed(<Breadcrumb items={[{ title: <Link to="/dashboard/analysis">首页</Link> }, { title: "系统管理" }, { title: "用户管理" }]} style={{ marginBottom: 12 }} />)),
    );
    expect(renderToStaticMarkup(routed(<PageBreadcrumb trail={[]} />))).toBe(antd(routed(<Breadcrumb items={[{ title: <Link to="/dashboard/analysis">首页</Link> }]} style={{ marginBottom: 12 }} />)));
  });
});
