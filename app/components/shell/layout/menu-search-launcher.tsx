// The header's menu search box without the weight of antd's AutoComplete until it is used: a
// plain input in antd's look stands in; focusing it loads the real search, which takes its place
// with what was typed meanwhile (keys typed while the code loads are not lost) and the focus.
import { useState } from "react";
import { Button } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import type { MenuNode } from "#contract/permission";
import { PLAIN_INPUT_CLASS } from "~/components/widgets/light-form";

type MenuSearchComponent = typeof import("./menu-search").MenuSearch;

const loadMenuSearch = () => import("./menu-search").then((module) => module.MenuSearch);

export function MenuSearchLauncher({ menu, mobile }: { menu: MenuNode[]; mobile: boolean }) {
  const [Search, setSearch] = useState<MenuSearchComponent | null>(null);
  const [typed, setTyped] = useState("");
  const load = () => {
    void loadMenuSearch().then((component) => setSearch(() => component));
  };
  if (Search) return <Search menu={menu} mobile={mobile} autoOpen initialText={typed} />;
  return mobile ? (
    <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={load} />
  ) : (
    <input
      className={PLAIN_INPUT_CLASS}
      style={{ width: 200 }}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onFocus={load}
      onPointerEnter={() => void loadMenuSearch()}
    />
  );
}
