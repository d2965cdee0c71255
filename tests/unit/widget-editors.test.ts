import { describe, expect, it } from "vitest";
import {
  EDITOR_UPLOAD_BIZ,
  IMAGE_DIALOG_TEXT,
  MARKDOWN_DEFAULT_HEIGHT,
  MARKDOWN_LANGUAGE,
  MARKDOWN_MIN_HEIGHT,
  markdownImage,
  richTextValue,
  storedFileUrl,
  toolbarLabel,
  uploadedPath,
} from "~/components/widgets/editors/editor-logic";
import { cleanRichText } from "~/services/rich-text.server";

describe("editor rules (docs/spec/widgets.md §2, §7, §9)", () => {
  it("uploads editor images with biz jeditor and the spec's markdown sizes", () => {
    expect(EDITOR_UPLOAD_BIZ).toBe("jeditor");
    expect([MARKDOWN_MIN_HEIGHT, MARKDOWN_DEFAULT_HEIGHT, MARKDOWN_LANGUAGE]).toEqual([200, 300, "zh-CN"]);
    expect([IMAGE_DIALOG_TEXT.localTab, IMAGE_DIALOG_TEXT.networkTab]).toEqual(["local image upload", "network image address"]);
  });

  it("takes the stored path from message and counts success false as a failure", () => {
    expect(uploadedPath({ success: true, message: "jeditor/a_1.png", code: 0 }, "a.png")).toBe("jeditor/a_1.png");
    expect(() => uploadedPath({ success: false, message: "上传失败！" }, "a.png")).toThrow("a.png 上传失败：上传失败！");
    expect(() => uploadedPath({ success: true, message: "" }, "a.png")).toThrow("a.png 上传失败");
    expect(() => uploadedPath(null, "b.png")).toThrow("b.png 上传失败");
  });

  it("shows stored paths through the web server and keeps absolute URLs", () => {
    expect(storedFileUrl("jeditor/a b_1.png")).toBe("/api/files/static?path=jeditor%2Fa%20b_1.png");
    expect(storedFileUrl("https://oss.example/x.png")).toBe("https://oss.example/x.png");
  });

  it("reports an empty quill as no body, and plain spaces", () => {
    expect(richTextValue("<p></p>", "\n")).toBe("");
    expect(richTextValue('<p><img src="/x.png"></p>', "\n")).toBe('<p><img src="/x.png"></p>');
    expect(richTextValue("<p>a&nbsp;b</p>", "a b\n")).toBe("<p>a b</p>");
  });

  it("names the toolbar buttons in Chinese, lists by their value", () => {
    expect(toolbarLabel("ql-bold ql-active", null)).toBe("加粗");
    expect(toolbarLabel("ql-list", "bullet")).toBe("无序列表");
    expect(toolbarLabel("ql-list", "ordered")).toBe("有序列表");
    expect(toolbarLabel("other", null)).toBeUndefined();
  });

  it("writes an inserted image as markdown with its remark", () => {
    expect(markdownImage("/api/files/static?path=a.png", "校徽")).toBe("![校徽](/api/files/static?path=a.png)");
    expect(markdownImage("https://x.example/a b.png", "[x]")).toBe("![\\[x\\]](https://x.example/a%20b.png)");
  });
});

describe("server cleaning of rich text before saving", () => {
  it("drops scripts, event handlers and javascript: links, keeps the editor's formatting and images", () => {
    const dirty =
      '<p>放假<strong>通知</strong><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点</a></p>' +
      '<ol><li data-list="bullet" class="ql-indent-1" onclick="x()">一</li></ol><img src="/api/files/static?path=jeditor%2Fa.png" alt="a">';
    const clean = cleanRichText(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:/);
    expect(clean).toContain("<strong>通知</strong>");
    expect(clean).toContain('<li data-list="bullet" class="ql-indent-1">一</li>');
    expect(clean).toContain('<img src="/api/files/static?path=jeditor%2Fa.png" alt="a" />');
  });

  it("refuses style, iframes and foreign classes", () => {
    expect(cleanRichText('<style>body{}</style><iframe src="https://x"></iframe><p class="evil ql-align-center" style="color:red">a</p>')).toBe(
      '<p class="ql-align-center">a</p>',
    );
  });
});
