// Widgets of issue #11 part B in Chromium: the area selector (a field and the grid's `area` cell)
// posts the district's code from a plain form (组件示例 → /demo/widgets); a notice written in quill with an uploaded image and a
// <script>/onerror payload is stored cleaned and shown cleaned in the reader's modal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, useSession, clickInPlace } from "./support/browser";
import { listRows } from "./support/list";

/** A 2×2 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");
const PAYLOAD = '<img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">点此</a>';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text);
const row = (page: Page, text: string) => listRows(page, "通知公告").filter({ hasText: text });

describe("widgets", () => {
  it("picks 和康县 in the area field and 会理市 in the grid's area cell, and posts their codes with the form", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/demo/widgets");
    await hydrated(page);
    const area = page.getByLabel("省市区");
    await area.click();
    await page.keyboard.type("和康");
    const option = page.locator(".ant-cascader-dropdown:visible .ant-cascader-menu-item").filter({ hasText: "和康县" });
    await option.click();
    await expect.poll(() => page.locator(".ant-cascader").first().textContent()).toContain("和康县");

    // The grid's area cell: its row starts at 东城区; 会理市 replaces it.
    const cell = page.getByLabel("所在地区");
    await expect.poll(() => page.locator(".ant-cascader").filter({ has: cell }).textContent()).toContain("东城区");
    await cell.click();
    await page.keyboard.type("会理");
    await clickInPlace(page.locator(".ant-cascader-dropdown:visible .ant-cascader-menu-item").filter({ hasText: "会理市" }));
    await expect.poll(() => page.locator(".ant-cascader").filter({ has: cell }).textContent()).toContain("会理市");

    await page.getByRole("button", { name: /提\s*交/ }).click();
    await expect.poll(() => page.getByTestId("posted-area").textContent()).toBe("653228");
    await expect.poll(() => page.locator(".demo-posted").textContent()).toContain("新疆维吾尔自治区/和田地区/和康县");
    await expect.poll(() => page.getByTestId("posted-addresses").textContent()).toBe("513402 四川省/凉山彝族自治州/会理市 景山前街4号");
    await page.context().close();
  });

  it("stores a quill notice with its uploaded image cleaned of scripts and handlers, and shows it cleaned", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/isystem/annountCement");
    await hydrated(page);

    // What a tampered browser would send: the payload appended to the editor's HTML on the way out.
    let sentContent: string | null = null;
    let sentNames: string[] = [];
    await page.route("**/isystem/annountCement**", async (route) => {
      const request = route.request();
      const body = request.postData();
      if (request.method() !== "POST" || !body?.includes("intent=save")) return route.continue();
      const form = new URLSearchParams(body);
      sentContent = form.get("msgContent");
      sentNames = [...form.keys()];
      form.set("msgContent", `${sentContent ?? ""}${PAYLOAD}`);
      return route.continue({ postData: form.toString() });
    });

    const title = `校园开放日 ${Date.now()}`;
    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    // The form's 标题 field (the rich-text toolbar's heading picker is labelled 标题 too, once it loads).
    await dialog.getByRole("textbox", { name: "标题" }).fill(title);
    const body = dialog.getByRole("textbox", { name: "内容" });
    await body.click();
    await page.keyboard.type("欢迎家长");
    await dialog.getByRole("button", { name: "加粗" }).click();
    await page.keyboard.type("参观校园");
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "图片" }).click();
    await (await chooser).setFiles({ name: "campus.png", mimeType: "image/png", buffer: PNG });
    await expect.poll(() => body.locator("img").getAttribute("src")).toMatch(/^\/api\/files\/static\?path=jeditor%2Fcampus_\d+\.png$/);
    await dialog
      .locator(".ant-modal-footer")
      .getByRole("button", { name: /确\s*定/ })
      .click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    // The form posted the editor's HTML as its named field, and the payload went with it.
    expect(sentContent).toContain("参观校园");
    // Every field once, under its own name (the radio groups 消息类型 and 优先级 too).
    expect(sentNames.filter((name, index) => sentNames.indexOf(name) !== index)).toEqual([]);
    expect(sentNames).toEqual(expect.arrayContaining(["titile", "msgCategory", "priority", "msgType", "msgContent"]));
    // No name React made up (useId: "_r_5_", ":r5:" or "«r5»" by version), as antd's radio group takes one when given none.
    expect(sentNames.filter((name) => /^(?:_r_\w+_|:r\w+:|«r\w+»)$/.test(name))).toEqual([]);

    // 查看 shows the notice as its readers see it; the stored body is the server-cleaned one.
    await row(page, title).getByText("更多").click();
    const detail = page.waitForResponse((response) => response.url().includes("/api/notices/detail"));
    await clickInPlace(page.getByRole("menuitem", { name: "查看", exact: true }));
    const stored = ((await (await detail).json()) as { notice: { msgContent: string } }).notice.msgContent;
    expect(stored).toContain("<strong>参观校园</strong>");
    expect(stored).toMatch(/<img src="\/api\/files\/static\?path=jeditor%2Fcampus_\d+\.png"/);
    expect(stored).not.toMatch(/script|onerror|javascript:/i);

    const notice = page.getByRole("dialog", { name: "通知消息" });
    const content = notice.locator(".notice-detail__content");
    await expect.poll(() => content.textContent()).toContain("欢迎家长参观校园");
    await expect
      .poll(() =>
        content
          .locator("img")
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(2);
    expect(await content.locator("script, [onerror]").count()).toBe(0);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.context().close();
  });

  it("runs the small widgets of 组件示例: prompt by Enter, context menu, slider, tags, tree table", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/demo/widgets");
    await hydrated(page);

    // Prompt: Enter submits; the rules answer first.
    await page.getByRole("button", { name: "输入分组名称" }).click();
    const prompt = page.getByRole("dialog", { name: "新建分组" });
    await prompt.getByLabel("分组名称").press("Enter");
    await expect.poll(() => prompt.getByText("请输入分组名称").isVisible()).toBe(true);
    await prompt.getByLabel("分组名称").fill("x");
    await prompt.getByLabel("分组名称").press("Enter");
    await expect.poll(() => prompt.getByText("2-10位中文、字母或数字").isVisible()).toBe(true);
    await prompt.getByLabel("分组名称").fill("初二一班");
    await prompt.getByLabel("分组名称").press("Enter");
    await expect.poll(() => toast(page, "已创建分组：初二一班").isVisible()).toBe(true);

    // Context menu at the pointer.
    await page.getByText("在此区域点击右键").click({ button: "right" });
    await clickInPlace(page.getByRole("menuitem", { name: "复制" }));
    await expect.poll(() => toast(page, "选择了：copy").isVisible()).toBe(true);

    // Slider: half way snaps back, to the end verifies.
    const handle = page.getByRole("slider", { name: "拖动滑块验证" });
    // Mouse coordinates are the viewport's: the slider must be on screen before it is measured.
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    const track = (await page.locator(".slider-verify").boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + track.width / 2, box.y + 5, { steps: 5 });
    // The handle follows the pointer while dragged (so the snap back below is a real one).
    expect(parseFloat((await handle.evaluate((node) => (node as HTMLElement).style.left)) || "0")).toBeGreaterThan(0);
    await page.mouse.up();
    await expect.poll(() => page.locator(".slider-verify").getAttribute("data-verified")).toBe("false");
    // Snapped back all the way (a .3 s transition) before the next drag starts where it started.
    await expect.poll(async () => Math.round((await handle.boundingBox())!.x)).toBe(Math.round(box.x));
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + track.width + 50, box.y + 5, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.locator(".slider-verify").textContent()).toContain("验证通过");

    // Tags: semicolons typed are stripped, items of 2 characters.
    await page.getByRole("button", { name: "标签" }).click();
    await page.getByLabel("标签").fill("语;文数学英");
    await page.getByLabel("标签").press("Enter");
    await expect.poll(() => page.locator(".tag-input .ant-tag").allTextContents()).toEqual(["语文", "数学", "英"]);

    // Tree table: a department with children shows loading... until expanded, then its children.
    const tree = page.locator(".ant-card").filter({ hasText: "树形表格" });
    await expect.poll(() => tree.locator("tr.ant-table-row").count()).toBeGreaterThan(0);
    const before = await tree.locator("tr.ant-table-row").count();
    await tree.locator("button.ant-table-row-expand-icon-collapsed").first().click();
    await expect.poll(() => tree.locator("tr.ant-table-row").count()).toBeGreaterThan(before);
    await expect.poll(() => tree.getByText("loading...").count()).toBe(0);
    await page.context().close();
  });

  it("shows the three editors, with the markdown image dialog's two tabs and remark", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/demo/editors");
    await hydrated(page);
    await expect.poll(() => page.getByRole("textbox", { name: "富文本" }).isVisible()).toBe(true);
    await expect.poll(() => page.locator(".code-editor .cm-editor").count()).toBe(1);
    await page.getByRole("button", { name: "插入图片" }).click();
    const dialog = page.getByRole("dialog", { name: "插入图片" });
    await expect.poll(() => dialog.getByRole("tab", { name: "local image upload" }).isVisible()).toBe(true);
    await dialog.getByRole("tab", { name: "network image address" }).click();
    await dialog.getByPlaceholder("https://").fill("https://school.example/logo.png");
    await dialog.getByLabel("remark").fill("校徽");
    await dialog.getByRole("button", { name: /确\s*定|OK/ }).click();
    // The source folds the link's address; the preview shows the image as written.
    await expect.poll(() => page.locator(".markdown-editor .cm-content").textContent()).toContain("![校徽]");
    await expect.poll(() => page.locator(".markdown-editor .md-editor-preview img").first().getAttribute("src")).toBe("https://school.example/logo.png");
    expect(await page.locator(".markdown-editor .md-editor-preview img").first().getAttribute("alt")).toBe("校徽");
    await page.context().close();
  });
});
