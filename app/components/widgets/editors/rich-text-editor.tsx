// The rich-text editor (JEditor): quill 2, imported in the browser only (quill touches `document`
// when imported: slab/quill#4129). Its value is HTML; images are uploaded (biz jeditor) and
// inserted by URL. What enters it is cleaned with the notice modal's DOMPurify rules first; the
// action cleans the saved HTML again on the server (app/services/rich-text.server.ts).
import { useEffect, useRef, useState } from "react";
import { App, Spin } from "antd";
import type Quill from "quill";
import "quill/dist/quill.snow.css";
import { sanitizeNoticeHtml } from "~/components/shell/notices/sanitize-html";
import { RICH_TEXT_HEIGHT, RICH_TEXT_TOOLBAR, richTextValue, toolbarLabel } from "./editor-logic";
import { uploadEditorImage } from "./upload-image";

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  /** Posts the HTML in a hidden input (plain forms). */
  name?: string;
  disabled?: boolean;
  placeholder?: string;
  height?: number;
  "aria-label"?: string;
}

const PICKER_LABELS: Record<string, string> = { header: "标题", size: "字号", font: "字体", color: "文字颜色", background: "背景颜色", align: "对齐" };

export function RichTextEditor({
  value = "",
  onChange,
  id,
  name,
  disabled,
  placeholder = "请输入内容",
  height = RICH_TEXT_HEIGHT,
  ...rest
}: RichTextEditorProps) {
  const { modal } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  /** The HTML this editor last reported: a value coming back unchanged must not reset the caret. */
  const emitted = useRef<string | null>(null);
  const latest = useRef({ onChange, modal });
  latest.current = { onChange, modal };
  const [ready, setReady] = useState(false);
  const label = rest["aria-label"] ?? "内容";

  useEffect(() => {
    let cancelled = false;
    const element = host.current;
    if (!element) return;
    void import("quill").then(({ default: QuillClass }) => {
      if (cancelled) return;
      const editorHost = document.createElement("div");
      element.append(editorHost);
      const editor = new QuillClass(editorHost, {
        theme: "snow",
        placeholder,
        modules: {
          toolbar: {
            container: RICH_TEXT_TOOLBAR,
            handlers: { image: () => pickImage(editor, (error) => latest.current.modal.error({ title: "上传错误", content: `错误信息：${error.message}` })) },
          },
        },
      });
      const toolbar = element.querySelector(".ql-toolbar");
      toolbar?.querySelectorAll("button").forEach((button) => {
        const text = toolbarLabel(button.className, button.getAttribute("value"));
        if (text) button.setAttribute("aria-label", text);
      });
      // The pickers (header, colour, align, …) are buttons too: named by their format.
      toolbar?.querySelectorAll(".ql-picker").forEach((picker) => {
        const format = [...picker.classList].find((name) => name.startsWith("ql-") && name !== "ql-picker" && !name.endsWith("-picker"))?.slice(3) ?? "";
        picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", PICKER_LABELS[format] ?? format);
        picker.querySelectorAll(".ql-picker-item").forEach((item) => item.setAttribute("aria-label", item.getAttribute("data-value") ?? "默认"));
      });
      editor.root.setAttribute("role", "textbox");
      editor.root.setAttribute("aria-multiline", "true");
      editor.root.setAttribute("aria-label", label);
      if (id) editor.root.id = id;
      editor.root.style.minHeight = `${height}px`;
      editor.on("text-change", () => {
        const html = richTextValue(editor.getSemanticHTML(), editor.getText());
        emitted.current = html;
        latest.current.onChange?.(html);
      });
      quill.current = editor;
      setReady(true);
    });
    return () => {
      cancelled = true;
      quill.current = null;
      element.replaceChildren();
    };
    // The editor is built once; value, disabled and labels are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = quill.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.setContents(editor.clipboard.convert({ html: sanitizeNoticeHtml(value) }), "silent");
  }, [value, ready]);

  useEffect(() => {
    quill.current?.enable(!disabled);
  }, [disabled, ready]);

  return (
    <div className="rich-text-editor">
      {ready ? null : <Spin size="small" />}
      <div ref={host} />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </div>
  );
}

/** Asks for an image file, uploads it and inserts it where the caret is. */
function pickImage(editor: Quill, onError: (error: Error) => void) {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = "image/*";
  input.onchange = () => {
    const file = input.files?.[0];
    if (!file) return;
    const at = editor.getSelection(true)?.index ?? editor.getLength();
    uploadEditorImage(file).then(
      (url) => {
        editor.insertEmbed(at, "image", url, "user");
        editor.setSelection(at + 1, 0, "silent");
      },
      (error: Error) => onError(error),
    );
  };
  input.click();
}
