// A uniform sold in sizes, in Chromium (issue #33 item 3, docs/decisions/161): the commodity's 规格
// shown in its form's grid; an order placed in size M on the order form's grid (the size's stock
// falls), paid in the 付款 dialog (支付方式, 付款时间) — the payment appears in 付款, its receipt is
// issued there and its print view opened; then an unpaid order cancelled (取消) with a reason and
// its size's stock back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { chooseOption, clickInPlace, hydrated, launchBrowser, newPage, openedDialog, rowAction, signInAs } from "./support/browser";
import { cellText, listRows } from "./support/list";
import { backendApi, type BackendCall } from "./support/api";
import { amountInWords } from "../../contract/amount-in-words";
import { toFen } from "../../contract/money";

let browser: Browser;
let page: Page;
let backend: BackendCall;

const UNIFORM = "端到端校服套装";
const PARENT = "校服端到端家长";
const ok = /确\s*定/;
/** The list open now (open), by its title. */
let list = "";
const rows = () => listRows(page, list);
const toast = (text: string | RegExp) => page.locator(".ant-message").getByText(text);

interface Choice {
  id: string;
  name: string;
  stock: number;
  variants: Array<{ id: string; name: string; stock: number }>;
}
const uniform = async () => (await backend<Choice[]>("GET", "/shop/commodity/choices")).find((choice) => choice.name === UNIFORM)!;
const sizeStock = async (size: string) => (await uniform()).variants.find((variant) => variant.name === size)!.stock;

async function open(path: string, title: string) {
  list = title;
  await page.goto(path);
  await hydrated(page);
}

beforeAll(async () => {
  ({ backend } = await backendApi());
  // The category of a demo commodity.
  const [sample] = (await backend<{ records: Array<{ categoryId: string }> }>("GET", "/shop/commodity/list?pageSize=1")).records;
  await backend("POST", "/shop/commodity/add", {
    name: UNIFORM,
    categoryId: sample!.categoryId,
    price: "158.00",
    stock: "0",
    status: "1",
    variants: [
      { name: "S", price: "", stock: "2" },
      { name: "M", price: "168.50", stock: "3" },
    ],
  });
  await backend("POST", "/school/parent/add", { name: PARENT });
  browser = await launchBrowser();
  page = await newPage(browser);
  await signInAs(page);
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

describe("a uniform in sizes", () => {
  it("orders it in size M, pays it in the 付款 dialog, issues the payment's receipt and prints it", { timeout: 180_000 }, async () => {
    // The commodity's form shows its sizes on the grid; its stock is theirs summed.
    await open(`/shop/commodity?name=${encodeURIComponent(UNIFORM)}`, "商品");
    await expect.poll(() => rows().count()).toBe(1);
    expect(await cellText(rows().first(), "库存")).toBe("5");
    await rowAction(page, rows().first(), "编辑");
    const commodity = await openedDialog(page, "编辑");
    const sizes = commodity.locator(".commodity-variants-field [role=row][data-row-id]");
    await expect.poll(() => sizes.count()).toBe(2);
    await expect.poll(() => sizes.nth(1).locator('[data-key="name"] input').inputValue()).toBe("M");
    await commodity.getByRole("button", { name: /取\s*消/ }).click();

    await open("/shop/order", "订单");
    await page.getByRole("button", { name: /新\s*增/ }).first().click();
    const form = await openedDialog(page, "新增");
    await chooseOption(page, form.locator(".ant-form-item").filter({ has: page.locator('label:text-is("家长")') }).locator(".ant-select"), PARENT);
    await form.locator(".order-lines-field").getByRole("button", { name: /新\s*增$/ }).click();
    const line = form.locator(".order-lines-field [role=row][data-row-id]").first();
    await line.waitFor();
    await line.locator('[data-key="commodityId"]').click();
    await clickInPlace(page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: UNIFORM }));
    await expect.poll(() => line.locator('[data-key="commodityId"]').textContent()).toContain(UNIFORM);
    await line.locator('[data-key="variantId"]').click();
    await clickInPlace(page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "M（库存 3）" }));
    await expect.poll(() => line.locator('[data-key="variantId"]').textContent()).toContain("M");
    await expect.poll(() => form.locator(".order-lines-field").textContent()).toContain("合计 168.50");
    await form.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast("添加成功！").count()).toBeGreaterThan(0);
    expect(await sizeStock("M")).toBe(2);
    expect(await sizeStock("S")).toBe(2);

    await open(`/shop/order?parentId=${(await backend<{ records: Array<{ id: string }> }>("GET", `/school/parent/list?name=${encodeURIComponent(PARENT)}`)).records[0]!.id}`, "订单");
    await expect.poll(() => rows().count()).toBe(1);
    const orderNo = await cellText(rows().first(), "订单号");
    expect(await cellText(rows().first(), "状态")).toBe("待付款");
    await rowAction(page, rows().first(), "付款");
    const pay = await openedDialog(page, "付款");
    await expect.poll(() => pay.textContent()).toContain(`订单 ${orderNo}，金额 168.50`);
    await chooseOption(page, pay.locator(".ant-form-item").filter({ has: page.locator('label:text-is("支付方式")') }).locator(".ant-select"), "现金");
    await expect.poll(() => pay.getByRole("textbox").first().inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await pay.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast(/付款成功，付款单号 \S+/).count()).toBeGreaterThan(0);
    const paymentNo = /付款单号 (\S+)/.exec((await toast(/付款成功/).first().textContent())!)![1]!;
    await expect.poll(() => cellText(rows().first(), "状态")).toBe("已付款");
    expect(await cellText(rows().first(), "支付方式")).toBe("现金");

    // The payment in 付款, with its receipt issued there as for any payment, and printed.
    await open(`/billing/payment?paymentNo=${paymentNo}`, "付款");
    await expect.poll(() => rows().count()).toBe(1);
    expect(await cellText(rows().first(), "付款方")).toBe(PARENT);
    expect(await cellText(rows().first(), "付款方式")).toBe("现金");
    await rowAction(page, rows().first(), "开收据");
    await expect.poll(() => toast(/收据 \S+ 已开具/).count()).toBeGreaterThan(0);
    const receiptNo = /收据 (\S+) 已开具/.exec((await toast(/收据 \S+ 已开具/).first().textContent())!)![1]!;
    await open(`/billing/receipt?receiptNo=${receiptNo}`, "收据");
    await expect.poll(() => rows().count()).toBe(1);
    const [printView] = await Promise.all([page.context().waitForEvent("page"), rowAction(page, rows().first(), "打印")]);
    await printView.waitForLoadState();
    const sheet = printView.locator("main.sheet");
    await expect.poll(() => sheet.textContent()).toContain(`人民币${amountInWords(toFen("168.50"))}`);
    expect(await sheet.textContent()).toContain(PARENT);
    await printView.close();
  });

  it("cancels an unpaid order with a reason and gives its size its stock back", { timeout: 120_000 }, async () => {
    const tee = await uniform();
    const parents = await backend<{ records: Array<{ id: string }> }>("GET", `/school/parent/list?name=${encodeURIComponent(PARENT)}`);
    await backend("POST", "/shop/order/add", { parentId: parents.records[0]!.id, remark: "端到端取消", lines: [{ commodityId: tee.id, variantId: tee.variants.find((variant) => variant.name === "S")!.id, quantity: 2 }] });
    expect(await sizeStock("S")).toBe(0);

    await open(`/shop/order?parentId=${parents.records[0]!.id}&status=1`, "订单");
    await expect.poll(() => rows().count()).toBe(1);
    await rowAction(page, rows().first(), "取消");
    const reason = await openedDialog(page, "取消订单");
    await reason.getByLabel("原因").fill("家长改买其他尺码");
    await reason.getByRole("button", { name: ok }).click();
    await expect.poll(() => toast("取消成功").count()).toBeGreaterThan(0);
    await open(`/shop/order?parentId=${parents.records[0]!.id}&status=6`, "订单");
    await expect.poll(() => rows().count()).toBe(1);
    expect(await cellText(rows().first(), "状态")).toBe("已取消");
    expect(await sizeStock("S")).toBe(2);
  });
});
