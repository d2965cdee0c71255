// Header menu search (docs/spec/app-shell.md §2): a dropdown of every non-hidden menu entry, filtered
// by title (case-insensitive contains); on mobile it opens in a modal.
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AutoComplete, Button, Modal } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import type { MenuNode } from "#contract/permission";
import { filterEntries, searchableEntries, type SearchEntry } from "~/lib/menu-search";

export function MenuSearch({
  menu,
  mobile,
  autoOpen = false,
  initialText = "",
}: {
  menu: MenuNode[];
  mobile: boolean;
  autoOpen?: boolean;
  /** What was typed into the stand-in box before this one loaded. */
  initialText?: string;
}) {
  const entries = useMemo(() => searchableEntries(menu), [menu]);
  const [text, setText] = useState(initialText);
  const box = useRef<HTMLDivElement>(null);
  // Taking over from the stand-in: the focus, with the caret after what was typed.
  useEffect(() => {
    if (!autoOpen || mobile) return;
    const input = box.current?.querySelector("input");
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [autoOpen, mobile]);
  const [open, setOpen] = useState(autoOpen && mobile);
  const navigate = useNavigate();

  const choose = (entry: SearchEntry) => {
    setText("");
    setOpen(false);
    if (entry.external && entry.url) window.open(entry.url, "_blank", "noopener,noreferrer");
    else navigate(entry.path);
  };

  const field = (
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
      defaultOpen={autoOpen && initialText !== ""}
    />
  );

  if (!mobile)
    return (
      <div ref={box} style={{ display: "inline-block" }}>
        {field}
      </div>
    );
  return (
    <>
      <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={() => setOpen(true)} />
      <Modal title="搜索菜单" open={open} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {field}
      </Modal>
    </>
  );
}
