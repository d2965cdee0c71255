// The header's menu search box without the weight of antd's AutoComplete until it is used: a
// plain input in antd's look stands in, and the real search replaces it on first focus.
import { lazy, Suspense, useState } from "react";
import { Button } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import type { MenuNode } from "#contract/permission";

const MenuSearch = lazy(() => import("./menu-search").then((module) => ({ default: module.MenuSearch })));

export function MenuSearchLauncher({ menu, mobile }: { menu: MenuNode[]; mobile: boolean }) {
  const [active, setActive] = useState(false);
  const stand = mobile ? (
    <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={() => setActive(true)} />
  ) : (
    <input
      className="ant-input ant-input-outlined css-var-school ant-input-css-var"
      style={{ width: 200 }}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      onFocus={() => setActive(true)}
      onPointerEnter={() => void import("./menu-search")}
    />
  );
  if (!active) return stand;
  return (
    <Suspense fallback={stand}>
      <MenuSearch menu={menu} mobile={mobile} autoOpen />
    </Suspense>
  );
}
