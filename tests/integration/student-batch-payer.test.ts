// 批量设置付款方 on 学生 (issue #29 item 3, docs/decisions/170), over real HTTP on PGlite and (when
// reachable) PostgreSQL: selected students given a paying parent, then an enterprise, in one
// transaction each; their open bills (a partly paid one with its paid part) follow the new payer with
// both payers' receivables, a paid bill stays, no amount is lost or doubled, the books and the
// statements agree, the bills' history names the change; refusals (a parent who is not the
// students', an unknown payer, no payer) change nothing; the button is the backend's (a user with
// 学生 编辑 but without it is refused), and migration 0900 grants it to the roles holding 学生 编辑.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { StudentBulkMessages } from "#contract/modules/people";
import { ResultCode } from "#contract/envelope";
import { Messages } from "#contract/messages";
import { migrationsFolder } from "../../backend/db/migrate";
import { call, loginToken, postgresReachable, startTestBackend, userWithRole, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { booksProblems } from "../support/books";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const PASSWORD = "Clerk#Payer2026";

describe.each(databases)("批量设置付款方 on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  let finance: string;
  let clerk: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const batchPayer = (body: Record<string, unknown>, token = admin) => send(token, "POST", "/school/student/batchPayer", body);
  const STUDENTS = ["bp-s1", "bp-s2", "bp-s3"];

  /** Each test bill as `bill student: payer / receivable's payer / payable / paid`. */
  const bills = () =>
    rows<{ line: string }>(`
      select b.student_id || ' ' || b.school_year || ': ' || b.payer_id || ' / ' || coalesce(r.payer_id, '-') || ' / ' || b.payable || ' / ' || b.paid_amount as line
      from bill_bill b left join bill_receivable r on r.id = b.receivable_id where b.student_id like 'bp-%' order by b.student_id, b.school_year`).then((found) => found.map((row) => row.line));
  /** Live receivables of the test's payers as `payer period: total / received`, non-empty ones. */
  const receivables = () =>
    rows<{ line: string }>(`
      select payer_id || ' ' || period || ': ' || total_amount || ' / ' || received_amount as line
      from bill_receivable where payer_id like 'bp-%' and status <> '4' and total_amount <> 0 order by payer_id, period`).then((found) => found.map((row) => row.line));
  /** Everything the test's payers are owed in total: what must neither vanish nor double. */
  const owedInAll = async () => (await rows<{ total: string }>(`select coalesce(sum(total_amount), 0)::text || ' / ' || coalesce(sum(received_amount), 0)::text as total from bill_receivable where payer_id like 'bp-%' and status <> '4'`))[0]!.total;
  const closing = async (payerType: string, payerId: string) =>
    (await send(finance, "GET", `/billing/statement?payerType=${payerType}&payerId=${payerId}&from=2000-01-01&to=2099-12-31`)).json.result.closing as string;
  const owed = async (payerId: string) => (await rows<{ balance: string }>(`select coalesce(sum(balance), 0)::text as balance from bill_receivable where payer_id = '${payerId}' and status <> '4'`))[0]!.balance;

  async function bill(studentId: string, schoolYear: string, amount: string): Promise<string> {
    const answer = await send(finance, "POST", "/billing/bill/add", { studentId, schoolYear, term: "1", items: [{ name: "学费", quantity: "1", unitPrice: amount }] });
    expect(answer.json).toMatchObject({ success: true });
    return (await rows<{ id: string }>(`select id from bill_bill where student_id = '${studentId}' and school_year = '${schoolYear}' and status <> '4'`))[0]!.id;
  }
  async function pay(payerId: string, billId: string, amount: string): Promise<void> {
    const answer = await send(finance, "POST", "/billing/payment/add", { payerType: "1", payerId, channel: "3", amount, paidAt: "2026-09-10 10:00:00", allocations: [{ billId, amount }] });
    expect(answer.json).toMatchObject({ success: true });
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    // 学生 with 编辑 only: no 批量设置付款方.
    const permissionIds = (
      await rows<{ id: string }>(`select id from sys_permission where del_flag = 0 and (url in ('/school', '/school/student') or perms in ('student:edit', 'student:batch_class'))`)
    ).map((row) => row.id);
    clerk = await userWithRole(server.url, admin, { roleCode: "payer_clerk", roleName: "付款录入员", permissionIds }, { username: "clerk_payer", realname: "付款录入", password: PASSWORD });

    // Siblings 甲 and 乙, their mother paying; 丙 of another family; an employer; another school's one.
    await rows(`insert into school_parent (id, tenant_id, name) values ('bp-pa', 1, '批量付款妈妈'), ('bp-pb', 1, '批量付款爸爸'), ('bp-pc', 1, '批量付款丙家长')`);
    await rows(`insert into school_corporation (id, tenant_id, name) values ('bp-c1', 1, '批量付款企业'), ('bp-x1', 2, '别校企业')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, sex, grade, status) values
      ('bp-s1', 1, 'BP01', '批量付款甲', '1', '3', '1'), ('bp-s2', 1, 'BP02', '批量付款乙', '2', '3', '1'), ('bp-s3', 1, 'BP03', '批量付款丙', '1', '3', '1')`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer, sort_no) values
      ('bp-l1a', 1, 'bp-s1', 'bp-pa', '2', true, 0), ('bp-l1b', 1, 'bp-s1', 'bp-pb', '1', false, 1),
      ('bp-l2a', 1, 'bp-s2', 'bp-pa', '2', true, 0), ('bp-l2b', 1, 'bp-s2', 'bp-pb', '1', false, 1),
      ('bp-l3c', 1, 'bp-s3', 'bp-pc', '1', true, 0)`);
    // A paid bill of last year (stays with its payer), a partly paid one and an unpaid one of this year.
    const old = await bill("bp-s1", "2049-2050", "9000.00");
    await pay("bp-pa", old, "9000.00");
    const partly = await bill("bp-s1", "2050-2051", "10000.50");
    await pay("bp-pa", partly, "3000.25");
    await bill("bp-s2", "2050-2051", "8000.05");
    await bill("bp-s3", "2050-2051", "5000.10");
  }, 120_000);
  afterAll(async () => server?.close());

  it("gives the selected students a paying parent: their open bills follow with their receivables, exactly", async () => {
    const before = await owedInAll();
    expect(before).toBe("32000.65 / 12000.25");
    const answer = await batchPayer({ ids: "bp-s1,bp-s2", payerType: "1", payerId: "bp-pb" });
    expect(answer.json).toMatchObject({ success: true, message: StudentBulkMessages.payerSet(2, "批量付款爸爸", 2) });
    expect(answer.json.message).toBe("已将2名学生的付款方设为批量付款爸爸，2张未结清的账单随之转给新付款方");
    expect(await bills()).toEqual([
      "bp-s1 2049-2050: bp-pa / bp-pa / 9000.00 / 9000.00",
      "bp-s1 2050-2051: bp-pb / bp-pb / 10000.50 / 3000.25",
      "bp-s2 2050-2051: bp-pb / bp-pb / 8000.05 / 0.00",
      "bp-s3 2050-2051: bp-pc / bp-pc / 5000.10 / 0.00",
    ]);
    expect(await receivables()).toEqual(["bp-pa 2049-2050-1: 9000.00 / 9000.00", "bp-pb 2050-2051-1: 18000.55 / 3000.25", "bp-pc 2050-2051-1: 5000.10 / 0.00"]);
    expect(await owedInAll()).toBe(before);
    // The father is their only 付款人 now.
    expect(await rows(`select student_id, parent_id, is_payer from school_student_parent where student_id in ('bp-s1', 'bp-s2') order by student_id, parent_id`)).toEqual([
      { student_id: "bp-s1", parent_id: "bp-pa", is_payer: false },
      { student_id: "bp-s1", parent_id: "bp-pb", is_payer: true },
      { student_id: "bp-s2", parent_id: "bp-pa", is_payer: false },
      { student_id: "bp-s2", parent_id: "bp-pb", is_payer: true },
    ]);
    // As a single edit writes it: each moved bill's history names the change of payer.
    expect(await rows(`select count(*)::int as count from sys_record_history where module = 'bill_bill' and action = 'payer' and record_id in (select id from bill_bill where student_id like 'bp-%')`)).toEqual([{ count: 2 }]);
    expect(await booksProblems(rows, "bp-")).toEqual([]);
    for (const payer of ["bp-pa", "bp-pb", "bp-pc"]) expect(await closing("1", payer), payer).toBe(await owed(payer));
  });

  it("gives them an enterprise: every open bill goes to it, the parents keep what they paid before", async () => {
    const before = await owedInAll();
    const answer = await batchPayer({ ids: ["bp-s1", "bp-s2", "bp-s3"], payerType: "2", payerId: "bp-c1" });
    expect(answer.json).toMatchObject({ success: true, message: "已将3名学生的付款方设为批量付款企业，3张未结清的账单随之转给新付款方" });
    expect(await rows(`select distinct corp_id from school_student where id like 'bp-s%'`)).toEqual([{ corp_id: "bp-c1" }]);
    expect(await receivables()).toEqual(["bp-c1 2050-2051-1: 23000.65 / 3000.25", "bp-pa 2049-2050-1: 9000.00 / 9000.00"]);
    expect(await owedInAll()).toBe(before);
    // The students' own history shows the enterprise set.
    expect(await rows(`select count(*)::int as count from sys_record_history where module = 'school_student' and action = 'edit' and record_id like 'bp-s%'`)).toEqual([{ count: 3 }]);
    expect(await booksProblems(rows, "bp-")).toEqual([]);
    expect(await closing("2", "bp-c1")).toBe(await owed("bp-c1"));
    expect(await closing("2", "bp-c1")).toBe("20000.40");

    // Back to a parent: the enterprise is cleared (an employer pays before any parent) and the bills come back.
    const back = await batchPayer({ ids: "bp-s3", payerType: "1", payerId: "bp-pc" });
    expect(back.json).toMatchObject({ success: true, message: "已将1名学生的付款方设为批量付款丙家长，1张未结清的账单随之转给新付款方" });
    expect(await rows(`select corp_id from school_student where id = 'bp-s3'`)).toEqual([{ corp_id: null }]);
    expect(await receivables()).toEqual(["bp-c1 2050-2051-1: 18000.55 / 3000.25", "bp-pa 2049-2050-1: 9000.00 / 9000.00", "bp-pc 2050-2051-1: 5000.10 / 0.00"]);
    expect(await owedInAll()).toBe(before);
    expect(await booksProblems(rows, "bp-")).toEqual([]);
  });

  it("refuses a parent who is not every student's, an unknown payer and none, changing nothing", async () => {
    const bills0 = await bills();
    const links0 = await rows(`select student_id, parent_id, is_payer from school_student_parent where student_id like 'bp-%' order by 1, 2`);
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ids: "bp-s1,bp-s3", payerType: "1", payerId: "bp-pa" }, "批量付款妈妈不是以下学生的家长：批量付款丙，请先在学生表单中添加"],
      [{ ids: "bp-s1", payerType: "1", payerId: "bp-none" }, StudentBulkMessages.unknownPayer],
      // Another school's enterprise is unknown here.
      [{ ids: "bp-s1", payerType: "2", payerId: "bp-x1" }, StudentBulkMessages.unknownPayer],
      [{ ids: "bp-s1", payerType: "3", payerId: "bp-pa" }, StudentBulkMessages.noPayer],
      [{ ids: "bp-s1", payerType: "1", payerId: "" }, StudentBulkMessages.noPayer],
      [{ ids: "", payerType: "1", payerId: "bp-pa" }, StudentBulkMessages.noStudents],
    ];
    for (const [body, message] of refused) expect((await batchPayer(body)).json, JSON.stringify(body)).toMatchObject({ success: false, message });
    expect(await bills()).toEqual(bills0);
    expect(await rows(`select student_id, parent_id, is_payer from school_student_parent where student_id like 'bp-%' order by 1, 2`)).toEqual(links0);
  });

  it("is refused to a user with 学生 编辑 but without 批量设置付款方", async () => {
    const bills0 = await bills();
    const answer = await batchPayer({ ids: "bp-s1,bp-s2", payerType: "1", payerId: "bp-pa" }, clerk);
    expect(answer.json).toMatchObject({ success: false, code: ResultCode.noPermission, message: Messages.noPermission });
    expect(await bills()).toEqual(bills0);
  });

  it("is granted by migration 0900 to the roles holding 学生 编辑, once", async () => {
    const holders = async () =>
      (
        await rows<{ role_code: string }>(`select r.role_code from sys_role r
          join sys_role_permission rp on rp.role_id = r.id join sys_permission p on p.id = rp.permission_id
          where p.perms = 'student:batch_payer' and p.menu_type = 2 and p.del_flag = 0 order by 1`)
      ).map((row) => row.role_code);
    const editors = (
      await rows<{ role_code: string }>(`select distinct r.role_code from sys_role r
        join sys_role_permission rp on rp.role_id = r.id join sys_permission p on p.id = rp.permission_id
        where p.perms = 'student:edit' and p.menu_type = 2 order by 1`)
    ).map((row) => row.role_code);
    // The seed's roles hold it with the page (the clerk's role, made for this test, does not).
    expect(await holders()).toEqual(editors.filter((code) => code !== "payer_clerk"));
    // An older database: no such button; the migration adds it under 学生 and grants it to every editor.
    await rows(`delete from sys_role_permission where permission_id in (select id from sys_permission where perms = 'student:batch_payer')`);
    await rows(`delete from sys_permission where perms = 'student:batch_payer'`);
    const migration = readFileSync(path.join(migrationsFolder(), "0900_student_batch_payer.sql"), "utf8");
    await server.backend.db.execInTransaction(migration);
    expect(await holders()).toEqual(editors);
    await server.backend.db.execInTransaction(migration);
    expect(await rows(`select count(*)::int as count from sys_permission where perms = 'student:batch_payer'`)).toEqual([{ count: 1 }]);
    expect(await holders()).toEqual(editors);
  });
});
