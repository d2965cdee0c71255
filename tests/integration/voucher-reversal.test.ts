// 红字冲销 of a posted voucher (docs/decisions/165), through the real backend on PGlite and
// PostgreSQL: with a reason and the right, one transaction writes a red voucher (已过账, dated today,
// 「冲销 <原凭证号>：<reason>」, the same accounts with every amount negated) and marks the original
// 已冲销, linked each way, with the history of both; the original and its reversal net to zero per
// account; a draft, a voided, a reversed or a red voucher is not reversed; ten reversals at once of
// one voucher make exactly one red voucher and take one number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("red reversing vouchers on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const entries = [
    { account: "1002 银行存款", debit: "1000.50", credit: "", remark: "学费" },
    { account: "1001 库存现金", debit: "200.05", credit: "" },
    { account: "6001 学费收入", debit: "", credit: "1200.55", remark: "收入" },
  ];
  type VoucherRow = { id: string; voucher_no: string; voucher_date: string; summary: string; status: string; debit_total: string; credit_total: string; reversal_of: string | null; reversal_of_no: string | null; reversal_id: string | null; reversal_no: string | null; reverse_reason: string | null; reversed_by: string | null };
  const voucher = async (where: string) =>
    (await rows<VoucherRow>(`select id, voucher_no, to_char(voucher_date, 'YYYY-MM-DD') as voucher_date, summary, status, debit_total::text, credit_total::text,
       reversal_of, reversal_of_no, reversal_id, reversal_no, reverse_reason, reversed_by from bill_voucher where ${where}`))[0]!;
  /** A posted voucher of `summary` with the test's lines. */
  const posted = async (summary: string) => {
    expect((await send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary, entries })).json.success).toBe(true);
    const row = await voucher(`summary = '${summary}'`);
    expect((await send(finance, "POST", "/billing/voucher/post", { id: row.id })).json.success).toBe(true);
    return row;
  };
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: server.backend.services.config.schoolTimeZone }).format(new Date());

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("reverses a posted voucher by a red one in one transaction, linked each way, netting to zero per account", async () => {
    const original = await posted("收到学费");
    // A reason is asked; the right is the backend's.
    expect((await send(finance, "POST", "/billing/voucher/reverse", { id: original.id, reason: " " })).json).toMatchObject({ success: false, message: "请输入冲销原因" });
    expect((await send(teacher, "POST", "/billing/voucher/reverse", { id: original.id, reason: "无权" })).json.success).toBe(false);
    expect((await voucher(`id = '${original.id}'`)).status).toBe("2");

    const reversed = await send(finance, "POST", "/billing/voucher/reverse", { id: original.id, reason: "金额录错" });
    expect(reversed.json.success, reversed.text).toBe(true);
    const red = await voucher(`reversal_of = '${original.id}'`);
    expect(reversed.json.message).toBe(`冲销成功，红字凭证 ${red.voucher_no}`);
    expect(red).toMatchObject({
      voucher_date: today(),
      summary: `冲销 ${original.voucher_no}：金额录错`,
      status: "2",
      debit_total: "-1200.55",
      credit_total: "-1200.55",
      reversal_of_no: original.voucher_no,
      reversal_id: null,
    });
    expect(await voucher(`id = '${original.id}'`)).toMatchObject({
      status: "4",
      reversal_id: red.id,
      reversal_no: red.voucher_no,
      reverse_reason: "金额录错",
      reversed_by: "finance_wang",
      debit_total: "1200.55",
    });
    // The red lines: the same accounts, order and remarks, each amount negated.
    const redLines = (await send(finance, "GET", `/billing/voucher/entries?voucherId=${red.id}`)).json.result;
    expect(redLines).toEqual([
      { account: "1002 银行存款", debit: "-1000.50", credit: "", remark: "学费" },
      { account: "1001 库存现金", debit: "-200.05", credit: "", remark: "" },
      { account: "6001 学费收入", debit: "", credit: "-1200.55", remark: "收入" },
    ]);
    // Original and reversal net to zero per account, on each side.
    expect(
      await rows(`select account, sum(debit)::text as debit, sum(credit)::text as credit from bill_voucher_entry
                   where voucher_id in ('${original.id}', '${red.id}') group by account having sum(debit) <> 0 or sum(credit) <> 0`),
    ).toEqual([]);
    // The list shows both, the original 已冲销, with what links them.
    const listed = (await send(finance, "GET", `/billing/voucher/list?voucherNo=${original.voucher_no}`)).json.result.records[0];
    expect(listed).toMatchObject({ status: "4", status_dictText: "已冲销", reversalNo: red.voucher_no, reverseReason: "金额录错" });
    const redListed = (await send(finance, "GET", `/billing/voucher/list?voucherNo=${red.voucher_no}`)).json.result.records[0];
    expect(redListed).toMatchObject({ status: "2", status_dictText: "已过账", reversalOfNo: original.voucher_no, debitTotal: -1200.55 });
    // The history of both: the original's 冲销 with its reason, the red one's birth by it.
    const history = (id: string) => rows<{ action: string; reason: string | null }>(`select action, reason from sys_record_history where module = 'bill_voucher' and record_id = '${id}' order by id`);
    expect(await history(original.id)).toEqual([
      { action: "add", reason: null },
      { action: "post", reason: null },
      { action: "reverse", reason: "金额录错" },
    ]);
    expect(await history(red.id)).toEqual([{ action: "reverse", reason: "金额录错" }]);

    // Neither is changed afterwards: the original is not reversed, voided or edited again; the red one not reversed.
    expect((await send(finance, "POST", "/billing/voucher/reverse", { id: original.id, reason: "再冲" })).json.message).toBe("已冲销的凭证不能修改、作废或再次冲销");
    expect((await send(finance, "POST", "/billing/voucher/void", { id: original.id, reason: "作废" })).json.message).toBe("已冲销的凭证不能修改、作废或再次冲销");
    expect((await send(finance, "PUT", "/billing/voucher/edit", { id: original.id, voucherDate: "2026-09-06", summary: "改", entries })).json.message).toBe(
      "已冲销的凭证不能修改、作废或再次冲销",
    );
    expect((await send(finance, "POST", "/billing/voucher/post", { id: original.id })).json.message).toBe("该凭证已过账");
    expect((await send(finance, "POST", "/billing/voucher/reverse", { id: red.id, reason: "冲红字" })).json.message).toBe("红字冲销凭证不能再冲销");
    expect((await send(finance, "PUT", "/billing/voucher/edit", { id: red.id, voucherDate: "2026-09-06", summary: "改", entries })).json.message).toBe("已过账的凭证不能修改");
  });

  it("reverses only what was posted", async () => {
    expect((await send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: "草稿凭证", entries })).json.success).toBe(true);
    const draft = await voucher(`summary = '草稿凭证'`);
    expect((await send(finance, "POST", "/billing/voucher/reverse", { id: draft.id, reason: "草稿" })).json.message).toBe("只有已过账的凭证可以冲销");
    expect((await send(finance, "POST", "/billing/voucher/void", { id: draft.id, reason: "不要了" })).json.success).toBe(true);
    expect((await send(finance, "POST", "/billing/voucher/reverse", { id: draft.id, reason: "作废的" })).json.message).toBe("只有已过账的凭证可以冲销");
    expect(await rows(`select id from bill_voucher where reversal_of = '${draft.id}'`)).toEqual([]);
    // The database's own guards: no second reversal of one voucher, no 已冲销 without its red one.
    const original = await posted("数据库守护");
    expect((await send(finance, "POST", "/billing/voucher/reverse", { id: original.id, reason: "一次" })).json.success).toBe(true);
    await expect(
      rows(`insert into bill_voucher (id, voucher_no, voucher_date, summary, status, reversal_of) values ('vr-dup', 'VR-DUP', '2026-09-05', '重复', '2', '${original.id}')`),
    ).rejects.toThrow();
    await expect(rows(`update bill_voucher set status = '4' where id = '${draft.id}'`)).rejects.toThrow();
  });

  it("makes one red voucher when ten reversals of one voucher come at once, and takes one number", { timeout: 120_000 }, async () => {
    const original = await posted("并发冲销");
    const [before] = await rows<{ n: number }>(`select count(*)::int as n from bill_voucher`);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => send(finance, "POST", "/billing/voucher/reverse", { id: original.id, reason: `并发${index}` })));
    const succeeded = answers.filter((answer) => answer.json.success);
    expect(succeeded).toHaveLength(1);
    expect(answers.filter((answer) => !answer.json.success).map((answer) => answer.json.message)).toEqual(Array(9).fill("已冲销的凭证不能修改、作废或再次冲销"));
    const reds = await rows<{ id: string; voucher_no: string; summary: string }>(`select id, voucher_no, summary from bill_voucher where reversal_of = '${original.id}'`);
    expect(reds).toHaveLength(1);
    const [after] = await rows<{ n: number }>(`select count(*)::int as n from bill_voucher`);
    expect(after!.n).toBe(before!.n + 1);
    const stored = await voucher(`id = '${original.id}'`);
    expect(stored).toMatchObject({ status: "4", reversal_id: reds[0]!.id, reversal_no: reds[0]!.voucher_no });
    expect(reds[0]!.summary).toBe(`冲销 ${original.voucher_no}：${stored.reverse_reason}`);
    // The day's series has no gap: the red voucher took the next number.
    const numbers = (await rows<{ voucher_no: string }>(`select voucher_no from bill_voucher where voucher_no like (select left(voucher_no, length(voucher_no) - 4) from bill_voucher where id = '${reds[0]!.id}') || '%' order by voucher_no`)).map(
      (row) => Number(row.voucher_no.slice(-4)),
    );
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    expect(await rows(`select action from sys_record_history where module = 'bill_voucher' and record_id = '${original.id}' and action = 'reverse'`)).toHaveLength(1);
  });
});
