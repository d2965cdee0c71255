// Pure rules of the editors (docs/spec/widgets.md §2 "Selects and editors", §7 upload row, §9 sizes).
// Unit-tested in tests/unit/widget-editors.test.ts.

/** docs/spec/widgets.md §7: editor images are uploaded with `biz` = `jeditor`. */
export const EDITOR_UPLOAD_BIZ = "jeditor";
/** The web server's upload route (forwards to the backend's POST /sys/common/upload). */
export const UPLOAD_ROUTE = "/api/files/upload";
/** Where a stored file is read back by signed-in users. */
export const STATIC_ROUTE = "/api/files/static";

/** docs/spec/widgets.md §9: markdown editor height. */
export const MARKDOWN_MIN_HEIGHT = 200;
export const MARKDOWN_DEFAULT_HEIGHT = 300;
export const MARKDOWN_LANGUAGE = "zh-CN";
/** docs/spec/widgets.md §9: the image-insert button sits at toolbar position 15. */
export const MARKDOWN_IMAGE_BUTTON_POSITION = 15;
/** docs/spec/widgets.md §2: the tabs and the remark of the image-insert dialog. */
export const IMAGE_DIALOG_TEXT = {
  title: "插入图片",
  localTab: "local image upload",
  networkTab: "network image address",
  remark: "remark",
  url: "图片地址",
} as const;
/** docs/spec/widgets.md §9: editor height. */
export const RICH_TEXT_HEIGHT = 300;

/** The rich-text toolbar (quill formats) and the Chinese name of each button. */
export const RICH_TEXT_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ["bold", "italic", "underline", "strike"],
  [{ list: "ordered" }, { list: "bullet" }],
  ["link", "image"],
  ["clean"],
] as const;

export const TOOLBAR_LABELS: Record<string, string> = {
  "ql-bold": "加粗",
  "ql-italic": "斜体",
  "ql-underline": "下划线",
  "ql-strike": "删除线",
  "ql-list:ordered": "有序列表",
  "ql-list:bullet": "无序列表",
  "ql-link": "链接",
  "ql-image": "图片",
  "ql-clean": "清除格式",
};

/** The label of a toolbar button from its class and value (`ql-list` + `bullet`). */
export function toolbarLabel(className: string, value: string | null): string | undefined {
  const format = className.split(/\s+/).find((name) => name.startsWith("ql-") && name !== "ql-active");
  if (!format) return undefined;
  return TOOLBAR_LABELS[value ? `${format}:${value}` : format] ?? TOOLBAR_LABELS[format];
}

/** The URL a stored path is shown from: absolute URLs as they are, stored paths through the web server. */
export function storedFileUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${STATIC_ROUTE}?path=${encodeURIComponent(path.replace(/^\/+/, ""))}`;
}

/** docs/spec/widgets.md §8: "{file} 上传失败". */
export function uploadFailedText(fileName: string): string {
  return `${fileName} 上传失败`;
}

/**
 * The stored path of an upload answer (api-contract.md §7: the path is in `message`; success false
 * is a failure), or an Error carrying the message to show.
 */
export function uploadedPath(answer: unknown, fileName: string): string {
  const envelope = (answer ?? {}) as { success?: unknown; message?: unknown };
  if (envelope.success === true && typeof envelope.message === "string" && envelope.message !== "") return envelope.message;
  const reason = typeof envelope.message === "string" && envelope.message ? `：${envelope.message}` : "";
  throw new Error(`${uploadFailedText(fileName)}${reason}`);
}

/**
 * The HTML the rich-text editor reports: quill's semantic HTML with its non-breaking spaces made
 * plain again, and "" for a body with no text and no image (an empty quill is `<p></p>`).
 */
export function richTextValue(semanticHtml: string, plainText: string): string {
  if (plainText.trim() === "" && !/<img\b/i.test(semanticHtml)) return "";
  return semanticHtml.replace(/&nbsp;/g, " ");
}

/** The markdown of an inserted image: `![remark](url)`, brackets of the remark escaped. */
export function markdownImage(url: string, remark = ""): string {
  const alt = remark.replace(/[[\]\\]/g, (character) => `\\${character}`);
  return `![${alt}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
}
