// Every list that grows with the school's life (people, money, sign-ups, orders, mail, logs) reads
// its page and its export's keyset pages from an index in the engine's order, never by sorting the
// tenant's whole table (issue #34, docs/decisions/157 and 167). The plan is PostgreSQL's own (PGlite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { startTestBackend, type TestBackend } from "../support/backend";
import { buildOrderBy } from "../../backend/crud/query-generator";
import type { CrudResource } from "../../backend/crud/engine";
import type { CrudContext } from "../../backend/crud/context";
import { studentCrud } from "../../backend/modules/people/student/student-endpoints";
import { parentCrud } from "../../backend/modules/people/parent/parent-endpoints";
import { teacherCrud } from "../../backend/modules/people/teacher/teacher-endpoints";
import { userCrud } from "../../backend/modules/system/user/user-crud";
import { billCrud } from "../../backend/modules/billing/bill/bill-endpoints";
import { paymentCrud } from "../../backend/modules/billing/payment/payment-endpoints";
import { receiptCrud } from "../../backend/modules/billing/receipt/receipt-endpoints";
import { receivableCrud } from "../../backend/modules/billing/receivable/receivable-endpoints";
import { voucherCrud } from "../../backend/modules/billing/voucher/voucher-endpoints";
import { wechatTradeCrud } from "../../backend/modules/billing/wechat-trade/wechat-trade-endpoints";
import { signupCrud } from "../../backend/modules/activity/signup/signup-endpoints";
import { orderCrud } from "../../backend/modules/shop/order/order-endpoints";
import { cartCrud } from "../../backend/modules/shop/cart/cart-endpoints";
import { addressCrud } from "../../backend/modules/shop/address/address-endpoints";
import { mailCrud } from "../../backend/modules/communication/mail/mail-endpoints";
import { messageCrud } from "../../backend/modules/communication/message/message-endpoints";
import { logCrud } from "../../backend/modules/monitor/log/log-endpoints";
import { ossFileCrud } from "../../backend/modules/system/files/oss-file-endpoints";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
  // The planner weighs the demo school's rows (tenant 1) as they are.
  await backend.backend.services.db.rows(sql`analyze`);
});
afterAll(async () => backend?.close());

/** The lists, each with the condition its page always carries beyond tenant and logical delete. */
const LISTS: Array<[name: string, resource: CrudResource, extra?: SQL]> = [
  ["学生", studentCrud],
  ["家长", parentCrud],
  ["教师", teacherCrud],
  ["用户", userCrud],
  ["账单", billCrud],
  ["付款", paymentCrud],
  ["收据", receiptCrud],
  ["应收账单", receivableCrud],
  ["凭证", voucherCrud],
  ["微信交易", wechatTradeCrud],
  ["报名", signupCrud],
  ["订单", orderCrud],
  ["购物车", cartCrud],
  ["地址", addressCrud],
  ["邮件", mailCrud],
  ["消息", messageCrud],
  // 系统日志 is always one type's tab (登录日志, 操作日志…).
  ["系统日志", logCrud, sql`"log_type" = 1`],
  ["文件", ossFileCrud],
];

async function pagePlan(resource: CrudResource, extra?: SQL): Promise<string> {
  const { entity } = resource;
  // What every page of the list carries: the demo school's tenant (the default tenant: its logs
  // include the ones without a tenant) and the logical delete; then the page's own condition.
  const conditions = [resource.visibility({ tenantId: 1 } as CrudContext), extra].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const db = backend.backend.services.db;
  // Whatever the tables' sizes, an index in the list's order wins once scans of the whole table and
  // sorts are priced out; without one, the plan still has to sort.
  for (const setting of ["enable_seqscan", "enable_bitmapscan", "enable_sort"]) await db.rows(sql`set ${sql.raw(setting)} = off`);
  try {
    const rows = await db.rows<{ "QUERY PLAN": string }>(
      sql`explain select * from ${sql.identifier(entity.table)} ${where} order by ${buildOrderBy(entity, undefined, undefined)} limit 10 offset 20`,
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    await db.rows(sql`reset all`);
  }
}

describe("the lists' order comes from an index", () => {
  it.each(LISTS)("%s", async (_name, resource, extra) => {
    const plan = await pagePlan(resource, extra);
    expect(plan, plan).not.toMatch(/\bSort\b/);
    expect(plan, plan).toMatch(/Index (Only )?Scan/);
  });
});
