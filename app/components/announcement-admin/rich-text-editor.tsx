// A small rich-text editor for the notice body (内容): a contentEditable area with bold, italic,
// underline, lists and links, and no new dependency. Its value is HTML. Whatever enters it — the
// stored body of a notice being edited, or pasted HTML — is cleaned with the same DOMPurify rules
// as the notice modal first, so nothing in it can run in the administrator's browser either.
import { useEffect, useRef, useState } from "react";
import { Button, Input, Popover, Space, Tooltip } from "antd";
import BoldOutlined from "@ant-design/icons/BoldOutlined";
import ItalicOutlined from "@ant-design/icons/ItalicOutlined";
import UnderlineOutlined from "@ant-design/icons/UnderlineOutlined";
import OrderedListOutlined from "@ant-design/icons/OrderedListOutlined";
import UnorderedListOutlined from "@ant-design/icons/UnorderedListOutlined";
import LinkOutlined from "@ant-design/icons/LinkOutlined";
import ClearOutlined from "@ant-design/icons/ClearOutlined";
import { sanitizeNoticeHtml } from "../notices/sanitize-html";
import { isSafeLink, normaliseEditorHtml } from "./editor-logic";

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

type Command = "bold" | "italic" | "underline" | "insertOrderedList" | "insertUnorderedList" | "removeFormat";

const TOOLS: Array<{ command: Command; label: string; icon: React.ReactNode }> = [
  { command: "bold", label: "加粗", icon: <BoldOutlined /> },
  { command: "italic", label: "斜体", icon: <ItalicOutlined /> },
  { command: "underline", label: "下划线", icon: <UnderlineOutlined /> },
  { command: "insertOrderedList", label: "有序列表", icon: <OrderedListOutlined /> },
  { command: "insertUnorderedList", label: "无序列表", icon: <UnorderedListOutlined /> },
];

export function RichTextEditor({ value = "", onChange, id, disabled, placeholder = "请输入内容" }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  /** The HTML this editor last reported: a value coming back unchanged must not reset the caret. */
  const emitted = useRef<string | null>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState("https://");
  const [empty, setEmpty] = useState(!value);

  useEffect(() => {
    const element = area.current;
    if (!element || value === emitted.current) return;
    element.innerHTML = sanitizeNoticeHtml(value);
    emitted.current = value;
    setEmpty(!element.textContent && !element.querySelector("img"));
  }, [value]);

  // Where the caret was in the text, for the link popover (its input takes the focus).
  useEffect(() => {
    const remember = () => rememberSelection();
    document.addEventListener("selectionchange", remember);
    return () => document.removeEventListener("selectionchange", remember);
  });

  const report = () => {
    const element = area.current;
    if (!element) return;
    const html = normaliseEditorHtml(element.innerHTML);
    emitted.current = html;
    setEmpty(html === "");
    onChange?.(html);
  };

  // The toolbar's buttons do not take the focus (mousedown is prevented): the caret and the
  // selection stay where the user left them in the text.
  const run = (command: Command, argument?: string) => {
    if (disabled) return;
    if (document.activeElement !== area.current) {
      area.current?.focus();
      restoreSelection();
    }
    document.execCommand(command, false, argument);
    report();
  };

  const rememberSelection = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode)) saved.current = selection.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    const selection = window.getSelection();
    if (!saved.current || !selection) return;
    selection.removeAllRanges();
    selection.addRange(saved.current);
  };

  const insertTransfer = (transfer: DataTransfer) => {
    if (disabled) return;
    const html = transfer.getData("text/html");
    if (html) document.execCommand("insertHTML", false, sanitizeNoticeHtml(html));
    else document.execCommand("insertText", false, transfer.getData("text/plain"));
    report();
  };

  const insertLink = () => {
    const href = link.trim();
    setLinkOpen(false);
    if (!isSafeLink(href)) return;
    area.current?.focus();
    restoreSelection();
    const selection = window.getSelection();
    if (selection && selection.isCollapsed) {
      const safe = href.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
      document.execCommand("insertHTML", false, `<a href="${safe}">${safe}</a>`);
    } else {
      document.execCommand("createLink", false, href);
    }
    report();
  };

  return (
    <div className="rich-text-editor" style={frameStyle(disabled)}>
      <Space size={2} className="rich-text-editor__toolbar" wrap style={toolbarStyle}>
        {TOOLS.map((tool) => (
          <Tooltip key={tool.command} title={tool.label}>
            <Button size="small" type="text" icon={tool.icon} aria-label={tool.label} disabled={disabled} onMouseDown={(event) => event.preventDefault()} onClick={() => run(tool.command)} />
          </Tooltip>
        ))}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) rememberSelection();
            setLinkOpen(open && !disabled);
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input aria-label="链接地址" value={link} onChange={(event) => setLink(event.target.value)} onPressEnter={insertLink} style={{ width: 260 }} />
              <Button type="primary" onClick={insertLink}>
                确定
              </Button>
            </Space.Compact>
          }
        >
          <Tooltip title="链接">
            <Button size="small" type="text" icon={<LinkOutlined />} aria-label="链接" disabled={disabled} onMouseDown={(event) => event.preventDefault()} />
          </Tooltip>
        </Popover>
        <Tooltip title="清除格式">
          <Button size="small" type="text" icon={<ClearOutlined />} aria-label="清除格式" disabled={disabled} onMouseDown={(event) => event.preventDefault()} onClick={() => run("removeFormat")} />
        </Tooltip>
      </Space>
      <div style={{ position: "relative" }}>
      {empty ? (
        <span aria-hidden style={placeholderStyle}>
          {placeholder}
        </span>
      ) : null}
      <div
        ref={area}
        id={id}
        className="rich-text-editor__area"
        role="textbox"
        aria-multiline="true"
        aria-label="内容"
        style={areaStyle}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={report}
        onBlur={() => {
          rememberSelection();
          report();
        }}
        onPaste={(event) => {
          // Pasted HTML is cleaned before it enters the page; plain text goes in as text.
          event.preventDefault();
          insertTransfer(event.clipboardData);
        }}
        onDrop={(event) => {
          // Dropped content likewise, at the drop point.
          event.preventDefault();
          const point = document.caretRangeFromPoint?.(event.clientX, event.clientY);
          const selection = window.getSelection();
          if (point && selection) {
            selection.removeAllRanges();
            selection.addRange(point);
          }
          insertTransfer(event.dataTransfer);
        }}
      />
      </div>
    </div>
  );
}

// Inline styles: the editor is the only user of them, and needs no stylesheet of its own.
const frameStyle = (disabled?: boolean): React.CSSProperties => ({
  border: "1px solid var(--ant-color-border, #d9d9d9)",
  borderRadius: 6,
  background: disabled ? "var(--ant-color-bg-container-disabled, #f5f5f5)" : undefined,
});
const toolbarStyle: React.CSSProperties = { padding: "2px 4px", borderBottom: "1px solid var(--ant-color-border-secondary, #f0f0f0)", width: "100%" };
const areaStyle: React.CSSProperties = { minHeight: 160, maxHeight: 360, overflowY: "auto", padding: "6px 11px", outline: "none", lineHeight: 1.6 };
const placeholderStyle: React.CSSProperties = { position: "absolute", left: 11, top: 6, color: "var(--ant-color-text-placeholder, #bfbfbf)", pointerEvents: "none" };
