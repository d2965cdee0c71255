// Header menu search (spec/app-shell.md §2): a dropdown of every non-hidden menu entry, filtered
// by title (case-insensitive contains); on mobile it opens in a modal.
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { AutoComplete, Button, Modal } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import type { MenuNode } from "#contract/permission";
import { filterEntries, searchableEntries, type SearchEntry } from "~/lib/menu-search";

export function MenuSearch({ menu, mobile, autoOpen = false }: { menu: MenuNode[]; mobile: boolean; autoOpen?: boolean }) {
  const entries = useMemo(() => searchableEntries(menu), [menu]);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(autoOpen && mobile);
  const navigate = useNavigate();

  const choose = (entry: SearchEntry) => {
    setText("");
    setOpen(false);
    if (entry.external && entry.url) window.open(entry.url, "_blank", "noopener,noreferrer");
    else navigate(entry.path);
  };

  const box = (
    <AutoComplete
      aria-label="搜索菜单"
      placeholder="搜索菜单"
      value={text}
      onChange={setText}
      style={{ width: mobile ? "100%" : 200 }}
      options={filterEntries(entries, text).map((entry) => ({ value: entry.path, label: entry.title }))}
      onSelect={(path: string) => {
        const entry = entries.find((candidate) => candidate.path === path);
        if (entry) choose(entry);
      }}
      filterOption={false}
      allowClear
      autoFocus={autoOpen}
    />
  );

  if (!mobile) return box;
  return (
    <>
      <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={() => setOpen(true)} />
      <Modal title="搜索菜单" open={open} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {box}
      </Modal>
    </>
  );
}
