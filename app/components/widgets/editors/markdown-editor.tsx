// The markdown editor (JMarkdownEditor): md-editor-rt in Chinese, minimum height 200, default 300,
// with an image-insert button (toolbar position 15) whose dialog has the `local image upload` and
// `network image address` tabs and a remark (docs/spec/widgets.md §2, §9). Loaded only where used.
import { useEffect, useRef, useState } from "react";
import { App, Button, Form, Input, Modal, Tabs, Upload } from "antd";
import PictureOutlined from "@ant-design/icons/PictureOutlined";
import UploadOutlined from "@ant-design/icons/UploadOutlined";
import { MdEditor, NormalToolbar, allToolbar, config, type ExposeParam, type ToolbarNames } from "md-editor-rt";
import "md-editor-rt/lib/style.css";
import { browserFullscreen } from "./fullscreen";
import {
  IMAGE_DIALOG_TEXT,
  MARKDOWN_DEFAULT_HEIGHT,
  MARKDOWN_IMAGE_BUTTON_POSITION,
  MARKDOWN_LANGUAGE,
  MARKDOWN_MIN_HEIGHT,
  markdownImage,
} from "./editor-logic";
import { uploadEditorImage } from "./upload-image";

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (markdown: string) => void;
  id?: string;
  name?: string;
  height?: number;
  disabled?: boolean;
  placeholder?: string;
}

// Nothing from a CDN (issue #30): 全屏 uses the browser's own full-screen instead of screenfull from
// unpkg.com; the image cropper (cropperjs from unpkg.com) belongs to the built-in image button,
// which our own replaces (noUploadImg below).
config({ editorExtensions: { screenfull: { instance: browserFullscreen } } });

/** allToolbar with our image button (defToolbars index 0) at position 15. */
const TOOLBARS: ToolbarNames[] = (() => {
  const list: ToolbarNames[] = allToolbar.filter((name) => name !== "image" && name !== "github");
  list.splice(MARKDOWN_IMAGE_BUTTON_POSITION, 0, 0);
  return list;
})();

/** Names the editor's CodeMirror textbox (created by md-editor-rt after mount) for screen readers. */
function useNamedTextbox(host: React.RefObject<HTMLDivElement | null>, label: string): void {
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const name = () => {
      const textbox = element.querySelector(".cm-content");
      if (!textbox) return false;
      if (textbox.getAttribute("aria-label") !== label) textbox.setAttribute("aria-label", label);
      return true;
    };
    if (name()) return;
    const observer = new MutationObserver(() => name() && observer.disconnect());
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [host, label]);
}

export function MarkdownEditor({ value = "", onChange, id, name, height = MARKDOWN_DEFAULT_HEIGHT, disabled, placeholder }: MarkdownEditorProps) {
  const editor = useRef<ExposeParam>(undefined);
  const host = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState(false);
  useNamedTextbox(host, "Markdown内容");
  return (
    <div id={id} ref={host} className="markdown-editor">
      <MdEditor
        ref={editor}
        value={value}
        onChange={(next) => onChange?.(next)}
        language={MARKDOWN_LANGUAGE}
        style={{ height: Math.max(MARKDOWN_MIN_HEIGHT, height) }}
        toolbars={TOOLBARS}
        disabled={disabled}
        placeholder={placeholder}
        // Its extensions (highlight, prettier, mermaid, katex, echarts, the cropper) load from a CDN: off, so it works offline.
        noUploadImg
        noPrettier
        noHighlight
        noMermaid
        noKatex
        noEcharts
        onUploadImg={(files, done) => {
          void Promise.all(files.map(uploadEditorImage)).then(done, () => done([]));
        }}
        defToolbars={[
          <NormalToolbar key="image" title={IMAGE_DIALOG_TEXT.title} onClick={() => setDialog(true)}>
            <PictureOutlined />
          </NormalToolbar>,
        ]}
      />
      <ImageInsertDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onInsert={(url, remark) => {
          editor.current?.insert(() => ({ targetValue: markdownImage(url, remark), select: false }));
          setDialog(false);
        }}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </div>
  );
}

function ImageInsertDialog({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (url: string, remark: string) => void }) {
  const { message } = App.useApp();
  const [tab, setTab] = useState("local");
  const [url, setUrl] = useState("");
  const [remark, setRemark] = useState("");
  const [uploading, setUploading] = useState(false);
  return (
    <Modal
      title={IMAGE_DIALOG_TEXT.title}
      open={open}
      onCancel={onClose}
      okButtonProps={{ disabled: url.trim() === "" || uploading }}
      onOk={() => onInsert(url.trim(), remark.trim())}
      afterClose={() => {
        setUrl("");
        setRemark("");
      }}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: "local",
            label: IMAGE_DIALOG_TEXT.localTab,
            children: (
              <Upload
                accept="image/*"
                showUploadList={false}
                beforeUpload={(file) => {
                  setUploading(true);
                  uploadEditorImage(file)
                    .then(setUrl, (error: Error) => void message.error(error.message))
                    .finally(() => setUploading(false));
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  {url ? url : "选择图片"}
                </Button>
              </Upload>
            ),
          },
          {
            key: "network",
            label: IMAGE_DIALOG_TEXT.networkTab,
            children: (
              <Form.Item label={IMAGE_DIALOG_TEXT.url} style={{ marginBottom: 0 }}>
                <Input value={url} placeholder="https://" onChange={(event) => setUrl(event.target.value)} />
              </Form.Item>
            ),
          },
        ]}
      />
      <Form.Item label={IMAGE_DIALOG_TEXT.remark} style={{ marginTop: 12, marginBottom: 0 }}>
        <Input aria-label={IMAGE_DIALOG_TEXT.remark} value={remark} onChange={(event) => setRemark(event.target.value)} />
      </Form.Item>
    </Modal>
  );
}
