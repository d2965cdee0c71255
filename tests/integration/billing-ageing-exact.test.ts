// 账龄分析's one-pass statement (docs/decisions/180) answers exactly what a straightforward reading
// of the rules answers (docs/decisions/110, 159): every open part of every live bill, computed here
// in fen from the raw rows, bucketed by its own due date, summed per payer and in total, payers
// ordered by their open amount. A varied book on two tenants: bills with and without instalments,
// unpaid, partly and fully paid, voided, without a due date or a payer, ties between payers, and
// through the real endpoints a bill split into instalments and paid in part, and a payment
// reversed (冲销). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { AGEING_BUCKETS, type AgeingAnswer, type AgeingBucketKey, type AgeingRow } from "#contract/modules/billing";
import { fenToYuan, toFen } from "#contract/money";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { prng } from "../support/prng";
import { databaseExecutor } from "../../backend/crud/context";
import { ageingReport } from "../../backend/modules/billing/receivable/ageing";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;


const DAY = 86_400_000;
const dateText = (time: number) => new Date(time).toISOString().slice(0, 10);
const BASE = Date.parse("2041-01-01T00:00:00Z");

interface BillRow {
  id: string;
  payer_type: string | null;
  payer_id: string | null;
  payable: string;
  paid_amount: string;
  due_date: string | null;
  status: string;
}
interface InstalmentRow {
  bill_id: string;
  due_date: string;
  amount: string;
  cumulative: string;
}

function bucketOf(due: string | null, asOf: string): AgeingBucketKey {
  if (due === null || due > asOf) return "notDue";
  const days = (Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY;
  return AGEING_BUCKETS.find((bucket) => bucket.from !== null && days >= bucket.from && (bucket.to === null || days <= bucket.to))!.key;
}

/** The report as the rules say it, from the raw rows, in fen. */
function straightforward(bills: BillRow[], instalments: InstalmentRow[], names: Map<string, string>, asOf: string, pageNo: number, pageSize: number): AgeingAnswer {
  type Figures = { amounts: Map<AgeingBucketKey, bigint>; bills: Map<AgeingBucketKey, Set<string>> };
  const empty = (): Figures => ({ amounts: new Map(), bills: new Map() });
  const add = (figures: Figures, bucket: AgeingBucketKey, open: bigint, billId: string) => {
    figures.amounts.set(bucket, (figures.amounts.get(bucket) ?? 0n) + open);
    figures.bills.set(bucket, (figures.bills.get(bucket) ?? new Set()).add(billId));
  };
  const payers = new Map<string, { payerType: string | null; payerId: string | null; figures: Figures }>();
  const totals = empty();
  for (const bill of bills) {
    const paid = toFen(bill.paid_amount);
    if (bill.status === "4" || toFen(bill.payable) <= paid) continue;
    const own = instalments.filter((instalment) => instalment.bill_id === bill.id);
    const parts =
      own.length === 0
        ? [{ due: bill.due_date, open: toFen(bill.payable) - paid }]
        : own
            .filter((instalment) => toFen(instalment.cumulative) > paid)
            .map((instalment) => {
              const amount = toFen(instalment.amount);
              const rest = toFen(instalment.cumulative) - paid;
              return { due: instalment.due_date, open: amount < rest ? amount : rest };
            });
    const key = JSON.stringify([bill.payer_type, bill.payer_id]);
    const payer = payers.get(key) ?? { payerType: bill.payer_type, payerId: bill.payer_id, figures: empty() };
    payers.set(key, payer);
    for (const part of parts) {
      add(payer.figures, bucketOf(part.due, asOf), part.open, bill.id);
      add(totals, bucketOf(part.due, asOf), part.open, bill.id);
    }
  }
  const answer = (figures: Figures): Omit<AgeingRow, "payerType" | "payerId" | "payerName"> => {
    const amounts = {} as AgeingRow["amounts"];
    const counts = {} as AgeingRow["counts"];
    let total = 0n;
    for (const { key } of AGEING_BUCKETS) {
      amounts[key] = fenToYuan(figures.amounts.get(key) ?? 0n);
      counts[key] = figures.bills.get(key)?.size ?? 0;
      total += figures.amounts.get(key) ?? 0n;
    }
    return { amounts, counts, total: fenToYuan(total) };
  };
  const sum = (figures: Figures) => [...figures.amounts.values()].reduce((total, amount) => total + amount, 0n);
  // total desc, payer type ascending (nulls last), payer id ascending (nulls first): ids here are ASCII of one shape.
  const text = (value: string | null, nullsFirst: boolean) => (value === null ? (nullsFirst ? "" : "\uffff") : `~${value}`);
  const ordered = [...payers.values()].sort((a, b) => {
    const difference = sum(b.figures) - sum(a.figures);
    if (difference !== 0n) return difference > 0n ? 1 : -1;
    const type = text(a.payerType, false).localeCompare(text(b.payerType, false));
    return type !== 0 ? type : text(a.payerId, true) < text(b.payerId, true) ? -1 : text(a.payerId, true) > text(b.payerId, true) ? 1 : 0;
  });
  const page = ordered.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return {
    asOf,
    rows: page.map((payer) => ({
      payerType: payer.payerType,
      payerId: payer.payerId,
      payerName: (payer.payerType === "1" || payer.payerType === "2") && payer.payerId ? (names.get(`${payer.payerType}:${payer.payerId}`) ?? null) : null,
      ...answer(payer.figures),
    })),
    payers: payers.size,
    totals: answer(totals),
  };
}

describe.each(databases)("ageing report equals a straightforward computation on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token: finance, body });

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    const random = prng(20261130 + (kind === "postgres" ? 1 : 0));
    for (const tenant of [1, 2]) {
      const payers = Array.from({ length: 12 }, (_, index) => ({ type: index % 3 === 0 ? "2" : "1", id: `ex${tenant}-payer${String(index).padStart(2, "0")}` }));
      // Every fourth parent has no record: its row has no name.
      await rows(`insert into school_parent (id, tenant_id, name) values ${payers.filter((payer, index) => payer.type === "1" && index % 4 !== 3).map((payer) => `('${payer.id}', ${tenant}, '精确家长${payer.id}')`).join(", ")}`);
      await rows(`insert into school_corporation (id, tenant_id, name) values ${payers.filter((payer) => payer.type === "2").map((payer) => `('${payer.id}', ${tenant}, '精确企业${payer.id}')`).join(", ")}`);
      const bills: string[] = [];
      const instalments: string[] = [];
      for (let index = 0; index < 160; index++) {
        const id = `ex${tenant}-b${index}`;
        const payer = index % 40 === 7 ? null : payers[random.int(payers.length)]!;
        // Twins: every tenth bill repeats the last one's payable for a tie between payers.
        const payable = index % 10 === 9 ? 50_000 : 100 + random.int(400_000);
        const split = random.next() < 0.35;
        const roll = random.next();
        const paid = roll < 0.45 ? 0 : roll < 0.8 ? random.int(payable) : payable;
        const status = roll < 0.05 ? "4" : paid === 0 ? "1" : paid === payable ? "3" : "2";
        const due = random.next() < 0.05 && !split ? null : BASE - random.int(200) * DAY;
        if (split) {
          // 2 to 4 instalments, a few days to two months apart (several may share a bucket), one possibly of 0.00.
          const count = 2 + random.int(3);
          let cumulative = 0;
          let when = due!;
          for (let seq = 1; seq <= count; seq++) {
            const amount = seq === count ? payable - cumulative : random.next() < 0.1 ? 0 : Math.floor((payable - cumulative) / (count - seq + 1));
            cumulative += amount;
            instalments.push(`('${id}-i${seq}', '${id}', ${seq}, '${dateText(when)}', ${fenToYuan(BigInt(amount))}, ${fenToYuan(BigInt(cumulative))})`);
            when += (3 + random.int(60)) * DAY;
          }
        }
        bills.push(
          `('${id}', ${tenant}, '${id.toUpperCase()}', '${id}-s', '2040-2041', '1', ${fenToYuan(BigInt(payable))}, ${fenToYuan(BigInt(payable))}, ${fenToYuan(BigInt(paid))}, ${due === null ? "null" : `'${dateText(due)}'`}, ${payer ? `'${payer.type}'` : "null"}, ${payer ? `'${payer.id}'` : "null"}, '${status}')`,
        );
      }
      await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, due_date, payer_type, payer_id, status) values ${bills.join(", ")}`);
      await rows(`insert into bill_instalment (id, bill_id, seq, due_date, amount, cumulative) values ${instalments.join(", ")}`);
    }
    // Through the endpoints: a family's two bills, one split in three and paid in part, the other
    // paid in full and the payment reversed (冲销: the bill is open again).
    await rows(`insert into school_parent (id, tenant_id, name) values ('ex-api-p', 1, '精确接口家长')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, sex, grade, status) values ('ex-api-s', 1, 'EXAPI01', '精确接口学生', '1', '1', '1')`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer, sort_no) values ('ex-api-sp', 1, 'ex-api-s', 'ex-api-p', '1', true, 0)`);
    for (const [year, price] of [["2041-2042", "3000.01"], ["2042-2043", "1234.56"]] as const) {
      const added = await send("POST", "/billing/bill/add", { studentId: "ex-api-s", schoolYear: year, term: "1", items: [{ name: "学费", quantity: "1", unitPrice: price }] });
      expect(added.json).toMatchObject({ success: true });
    }
    const apiBills = await rows<{ id: string; school_year: string }>(`select id, school_year from bill_bill where student_id = 'ex-api-s' order by school_year`);
    const [splitBill, reversedBill] = apiBills;
    expect((await send("POST", "/billing/bill/instalments", { id: splitBill!.id, count: 3, dueDates: ["2040-11-20", "2040-12-05", "2041-02-01"] })).json).toMatchObject({ success: true });
    const pay = (billId: string, amount: string) =>
      send("POST", "/billing/payment/add", { payerType: "1", payerId: "ex-api-p", channel: "4", amount, paidAt: "2026-09-20 10:00:00", allocations: [{ billId, amount }] });
    expect((await pay(splitBill!.id, "1200.00")).json).toMatchObject({ success: true });
    expect((await pay(reversedBill!.id, "1234.56")).json).toMatchObject({ success: true });
    const [payment] = await rows<{ payment_id: string }>(`select payment_id from bill_payment_allocation where bill_id = '${reversedBill!.id}'`);
    expect((await send("POST", "/billing/payment/reverse", { id: payment!.payment_id, reason: "精确测试冲销" })).json).toMatchObject({ success: true });
    const [reopened] = await rows<{ paid: string }>(`select paid_amount::text as paid from bill_bill where id = '${reversedBill!.id}'`);
    expect(reopened!.paid).toBe("0.00");
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("answers every date and page of both tenants as the rules computed from the raw rows", async () => {
    const executor = databaseExecutor(server.backend.db);
    for (const tenant of [1, 2]) {
      const bills = await rows<BillRow>(
        `select id, payer_type, payer_id, payable::text as payable, paid_amount::text as paid_amount, to_char(due_date, 'YYYY-MM-DD') as due_date, status from bill_bill where tenant_id = ${tenant}`,
      );
      const instalments = await rows<InstalmentRow>(
        `select i.bill_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.amount::text as amount, i.cumulative::text as cumulative from bill_instalment i join bill_bill b on b.id = i.bill_id where b.tenant_id = ${tenant}`,
      );
      expect(instalments.length).toBeGreaterThan(100);
      const names = new Map<string, string>();
      for (const row of await rows<{ key: string; name: string }>(
        `select '1:' || id as key, name from school_parent where tenant_id = ${tenant} union all select '2:' || id, name from school_corporation where tenant_id = ${tenant}`,
      ))
        names.set(row.key, row.name);
      for (const asOf of ["2040-06-15", "2040-11-30", "2040-12-31", "2041-01-01", "2041-03-02"]) {
        for (const [pageNo, pageSize] of [[1, 20], [1, 5], [2, 5], [3, 5], [9, 5]] as const) {
          const expected = straightforward(bills, instalments, names, asOf, pageNo, pageSize);
          expect(await ageingReport(executor, tenant, asOf, { pageNo, pageSize }), `tenant ${tenant} on ${asOf}, page ${pageNo} of ${pageSize}`).toEqual(expected);
        }
      }
    }
  });

  it("counts the reversed bill open again and the split bill by its instalments", async () => {
    const answer = await ageingReport(databaseExecutor(server.backend.db), 1, "2040-12-31", { pageNo: 1, pageSize: 100 });
    const family = answer.rows.find((row) => row.payerId === "ex-api-p")!;
    // 3000.01 in 3 (1000.00, 1000.00, 1000.01), 1200.00 paid: 800.00 open due 2040-12-05 (0-30), 1000.01 not due;
    // the reversed bill's 1234.56 open again (its own due date, or none: not due).
    expect(family.amounts["0-30"]).toBe("800.00");
    expect(family.total).toBe("3034.57");
    expect(family.payerName).toBe("精确接口家长");
  });

  it("keeps every bill's has_instalments with its instalments, whoever writes them (migration 0951)", async () => {
    const astray = () => rows<{ id: string }>(`select id from bill_bill b where has_instalments <> exists (select 1 from bill_instalment i where i.bill_id = b.id)`);
    const flag = async (id: string) => (await rows<{ flag: boolean }>(`select has_instalments as flag from bill_bill where id = '${id}'`))[0]!.flag;
    // The raw inserts above, generation-like, and 分期 through the endpoint.
    expect(await astray()).toEqual([]);
    expect((await rows<{ n: number }>(`select count(*)::int as n from bill_bill where has_instalments`))[0]!.n).toBeGreaterThan(50);
    // By hand: two bills of their own, voided (no report counts them).
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, status)
      values ('ex-flag-1', 1, 'EX-FLAG-1', 'ex-flag-s', '2050-2051', '1', 100, 100, 0, '4'), ('ex-flag-2', 1, 'EX-FLAG-2', 'ex-flag-s', '2051-2052', '1', 100, 100, 0, '4')`);
    expect(await flag("ex-flag-1")).toBe(false);
    await rows(`insert into bill_instalment (id, bill_id, seq, due_date, amount, cumulative) values ('ex-flag-i1', 'ex-flag-1', 1, '2050-09-01', 50, 50), ('ex-flag-i2', 'ex-flag-1', 2, '2050-10-01', 50, 100)`);
    expect([await flag("ex-flag-1"), await flag("ex-flag-2")]).toEqual([true, false]);
    // One of two deleted: still in instalments; one moved to the other bill: both are.
    await rows(`delete from bill_instalment where id = 'ex-flag-i2'`);
    expect(await flag("ex-flag-1")).toBe(true);
    await rows(`update bill_instalment set bill_id = 'ex-flag-2' where id = 'ex-flag-i1'`);
    expect([await flag("ex-flag-1"), await flag("ex-flag-2")]).toEqual([false, true]);
    // Its last one deleted, then another added (as 分期 plans again), then deleted with its bill.
    await rows(`delete from bill_instalment where bill_id = 'ex-flag-2'`);
    expect(await flag("ex-flag-2")).toBe(false);
    await rows(`insert into bill_instalment (id, bill_id, seq, due_date, amount, cumulative) values ('ex-flag-i3', 'ex-flag-2', 1, '2051-09-01', 100, 100)`);
    expect(await flag("ex-flag-2")).toBe(true);
    await rows(`delete from bill_bill where id in ('ex-flag-1', 'ex-flag-2')`);
    // 分期 planned again through the endpoint (its instalments deleted and written anew, one kept
    // as paid in full): still in instalments.
    const [split] = await rows<{ id: string }>(`select id from bill_bill where student_id = 'ex-api-s' and has_instalments`);
    expect((await send("POST", "/billing/bill/instalments", { id: split!.id, count: 2, dueDates: ["2041-03-01", "2041-04-01"] })).json).toMatchObject({ success: true });
    expect((await rows<{ n: number }>(`select count(*)::int as n from bill_instalment where bill_id = '${split!.id}'`))[0]!.n).toBe(3);
    expect(await flag(split!.id)).toBe(true);
    expect(await astray()).toEqual([]);
  });
});
