// Every 详情 shows names, never ids (issue #32 item 7): for every module of contract/modules, the
// detail's lines of a record whose id fields hold row ids (and whose dictionary fields come with the
// backend's `_dictText`, whose `shownBy` names are present) show no id; the server-computed fields
// (numbers, totals, states) are lines of 详情 but not controls of the form; a grid cell whose code
// the grid's options no longer know shows the name the backend gave it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { billModule, paymentModule, receiptModule, receivableModule } from "#contract/modules/billing";
import type { ModuleDefinition } from "#contract/modules/module";
import { modulePage } from "~/components/widgets/list/module-page";
import { detailFields, fieldText, formControls } from "~/components/widgets/list/record-view";
import { cellText } from "~/components/widgets/grid/cells";

const MODULES_DIR = path.resolve(import.meta.dirname, "../../contract/modules");
const loaded = await Promise.all(
  readdirSync(MODULES_DIR)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => import(path.join(MODULES_DIR, file)) as Promise<Record<string, unknown>>),
);
const definitions = loaded.flatMap((exports) => Object.values(exports)).filter(
  (value): value is ModuleDefinition => typeof value === "object" && value !== null && "api" in value && "fields" in value && "permissionPrefix" in value,
);

/** Row ids of the product: 19-digit snowflakes and 32-hex seeded ids (backend/db/ids.ts). */
const ROW_ID = "2126987991676727296";
const ID = /\b(\d{19}|[0-9a-f]{32})\b/;
/** Fields named …Id that hold someone else's identifier, typed or received, not a row of ours. */
const OUTSIDE_IDENTIFIERS = new Set(["transactionId", "openId", "wechatOpenId", "routerId", "tenantId"]);

/** A record as the backend answers it: ids in the id fields, names beside them. */
function recordOf(definition: ModuleDefinition): Record<string, unknown> {
  // A module whose key is a field of its own shows it (租户编号, a small number people use).
  const record: Record<string, unknown> = { id: "id" in definition.fields ? "1001" : ROW_ID };
  for (const [property, field] of Object.entries(definition.fields)) {
    if (/Ids?$/.test(property) && !OUTSIDE_IDENTIFIERS.has(property)) record[property] = ROW_ID;
    if (field.dict) record[`${property}_dictText`] = "名称";
    if (field.shownBy) record[field.shownBy] = "名称";
  }
  return record;
}

describe("details show names, never ids", () => {
  it("finds the modules", () => {
    expect(definitions.length).toBeGreaterThan(20);
  });

  it.each(definitions.map((definition) => [definition.title, definition] as const))("%s", (_title, definition) => {
    const record = recordOf(definition);
    const fields = detailFields(modulePage(definition).formFields({}), record);
    for (const field of fields) {
      const shown = field.detail ? field.detail(record) : fieldText(field, record);
      expect(typeof shown === "string" ? shown : String(shown), `${definition.title} ${field.label} (${field.name})`).not.toMatch(ID);
    }
  });

  it("shows what the server computes in 详情, and never as a control of the form", () => {
    const bill = modulePage(billModule).formFields({});
    const lines = detailFields(bill, {}).map((field) => field.label);
    expect(lines).toEqual(["账单编号", "学生", "学年", "学期", "总金额", "补贴", "应付金额", "已付金额", "到期日", "付款方类型", "付款方", "应收账单", "状态", "类型", "备注", "创建时间"]);
    expect(formControls(bill, "edit", {}).map((field) => field.label)).toEqual(["学生", "学年", "学期", "到期日", "备注"]);
    const receipt = modulePage(receiptModule).formFields({});
    expect(detailFields(receipt, {}).map((field) => field.label)).toContain("作废原因");
    expect(formControls(receipt, "edit", {}).map((field) => field.label)).toEqual(["备注"]);
    // The payer is chosen by its id in the form, and named in 详情.
    const payment = modulePage(paymentModule).formFields({});
    expect(formControls(payment, "add", {}).map((field) => field.name)).toContain("payerId");
    expect(detailFields(payment, {}).filter((field) => field.label === "付款方").map((field) => field.name)).toEqual(["payerName"]);
    expect(detailFields(modulePage(receivableModule).formFields({}), {}).filter((field) => field.label === "付款方").map((field) => field.name)).toEqual(["payerName"]);
  });

  it("names a grid cell's code that its options do not offer (a paid bill of an allocation)", () => {
    const column = { key: "billId", title: "账单", type: "select" as const, options: [{ value: "1", text: "B1 学生甲" }] };
    expect(cellText(column, ROW_ID, "B2 学生乙 2026-2027-1")).toBe("B2 学生乙 2026-2027-1");
    expect(cellText(column, "1", "旧名称")).toBe("B1 学生甲");
    expect(cellText(column, ROW_ID)).toBe(ROW_ID);
  });
});
