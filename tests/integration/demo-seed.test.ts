// The demo data a school would recognise (issue #30 item 7): the term billed is the one today falls
// in, every payment and receipt lies before today (none in the future), every payment that stands
// has its receipt (same payment, number, payer and amount, the amount in capitals), and payments
// and receipts are numbered in their own day; the bills were issued before the payments that pay
// them (issue #33), so a family's statement opens with its bills; every paid shop order has its
// payment and receipt, every refunded one its refund (issue #33 item 3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { amountInWords } from "#contract/amount-in-words";
import { toFen } from "#contract/money";
import { termOf } from "../../backend/modules/activity/signup/signup-bill";
import { startTestBackend, type TestBackend } from "../support/backend";
import { buildStatement } from "../../backend/modules/billing/statement/statement";
import { databaseExecutor } from "../../backend/crud/context";

describe("demo seed", () => {
  let server: TestBackend;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend("pglite");
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("bills the term today falls in, due in its first month", async () => {
    const zone = server.backend.services.config.schoolTimeZone;
    const { schoolYear, term } = termOf(new Date(), zone);
    const terms = await rows<{ school_year: string; term: string; due: string; bills: number }>(
      `select school_year, term, min(due_date)::text as due, count(*)::int as bills from bill_bill where tenant_id = 1 group by 1, 2`,
    );
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({ school_year: schoolYear, term });
    expect(terms[0]!.bills).toBeGreaterThan(100);
    const first = Number(schoolYear.slice(0, 4));
    expect(terms[0]!.due).toBe(term === "1" ? `${first}-09-30` : `${first + 1}-02-28`);
    const [allowances] = await rows<{ n: number }>(`select count(*)::int as n from bill_allowance where school_year <> '${schoolYear}' or term <> '${term}'`);
    expect(allowances!.n).toBe(0);
  });

  it("dates no payment or receipt after today, each on a day before today", async () => {
    const zone = server.backend.services.config.schoolTimeZone;
    const [future] = await rows<{ payments: number; receipts: number; total: number }>(`
      select (select count(*)::int from bill_payment where paid_at > now() or create_time > now()) as payments,
             (select count(*)::int from bill_receipt where issued_at > now() or create_time > now()) as receipts,
             (select count(*)::int from bill_payment) as total`);
    expect(future).toEqual({ payments: 0, receipts: 0, total: expect.any(Number) });
    expect(future!.total).toBeGreaterThan(50);
    const [today] = await rows<{ n: number }>(
      `select count(*)::int as n from bill_payment where (paid_at at time zone '${zone}')::date >= (now() at time zone '${zone}')::date`,
    );
    expect(today!.n).toBe(0);
  });

  it("issues the bills before the payments that pay them, numbered in their day, and the statement opens with them", async () => {
    const zone = server.backend.services.config.schoolTimeZone;
    const [late] = await rows<{ allocations: number; late: number }>(`
      select count(*)::int as allocations, count(*) filter (where b.create_time > p.paid_at)::int as late
        from bill_payment_allocation a join bill_payment p on p.id = a.payment_id join bill_bill b on b.id = a.bill_id where p.tenant_id = 1`);
    expect(late!.allocations).toBeGreaterThan(100);
    expect(late!.late).toBe(0);
    const [receivables] = await rows<{ late: number }>(`
      select count(*)::int as late from bill_receivable r
       where r.tenant_id = 1 and r.create_time > (select min(p.paid_at) from bill_payment p where p.payer_type = r.payer_type and p.payer_id = r.payer_id)`);
    expect(receivables!.late).toBe(0);
    const bills = await rows<{ bill_no: string; day: string }>(`select bill_no, to_char(create_time at time zone '${zone}', 'YYYYMMDD') as day from bill_bill where tenant_id = 1`);
    for (const bill of bills) expect(bill.bill_no).toContain(bill.day);
    // A paying family's 对账单 of the term: its bills first, then its payment, closing at what its bills still owe.
    const [family] = await rows<{ payer_id: string; open: string }>(`
      select p.payer_id, (select sum(b.payable - b.paid_amount)::text from bill_bill b where b.payer_type = '1' and b.payer_id = p.payer_id and b.status <> '4') as open
        from bill_payment p where p.tenant_id = 1 and p.payer_type = '1' and p.status <> '4' and p.order_id is null order by p.payer_id limit 1`);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
    const statement = await buildStatement(databaseExecutor(server.backend.db), { tenantId: 1, payerType: "1", payerId: family!.payer_id, from: "2000-01-01", to: today, timeZone: zone });
    const kinds = statement.lines.map((line) => line.kind);
    expect(kinds).toContain("bill");
    expect(kinds).toContain("payment");
    expect(kinds.lastIndexOf("bill")).toBeLessThan(kinds.indexOf("payment"));
    expect(statement.lines.every((line) => !line.balance.startsWith("-"))).toBe(true);
    expect(statement.closing).toBe(family!.open);
  });

  it("has a receipt for every payment that stands, numbered in its day", async () => {
    const zone = server.backend.services.config.schoolTimeZone;
    const payments = await rows<{ id: string; payment_no: string; payer_name: string | null; amount: string; paid_day: string }>(`
      select id, payment_no, payer_name, amount::text as amount, to_char(paid_at at time zone '${zone}', 'YYYYMMDD') as paid_day
        from bill_payment where tenant_id = 1 and status <> '4' and kind = '1'`);
    const receipts = await rows<{ payment_id: string; receipt_no: string; payment_no: string; payer_name: string | null; amount: string; words: string; day: string; after: boolean }>(`
      select r.payment_id, r.receipt_no, r.payment_no, r.payer_name, r.amount::text as amount, r.amount_in_words as words,
             to_char(r.issued_at at time zone '${zone}', 'YYYYMMDD') as day, r.issued_at >= p.paid_at as after
        from bill_receipt r join bill_payment p on p.id = r.payment_id where r.tenant_id = 1`);
    const byPayment = new Map(receipts.map((receipt) => [receipt.payment_id, receipt]));
    expect(receipts).toHaveLength(payments.length);
    for (const payment of payments) {
      const receipt = byPayment.get(payment.id);
      expect(receipt, payment.payment_no).toBeDefined();
      expect(receipt).toMatchObject({ payment_no: payment.payment_no, payer_name: payment.payer_name, amount: payment.amount, after: true });
      expect(receipt!.payer_name).toBeTruthy();
      expect(receipt!.words).toBe(amountInWords(toFen(payment.amount)));
      expect(payment.payment_no).toContain(payment.paid_day);
      expect(receipt!.receipt_no).toMatch(new RegExp(`^RC${receipt!.day}\\d{4}$`));
    }
    expect(new Set(receipts.map((receipt) => receipt.receipt_no)).size).toBe(receipts.length);
  });

  it("has a payment of 付款 for every paid order, and a refund with its reason for every refunded one", async () => {
    const orders = await rows<{ order_no: string; status: string; total: string; pay_channel: string; parent: string; close_reason: string | null; paid: string | null; refunded: string | null; payer: string | null; channel: string | null }>(`
      select o.order_no, o.status, o.total::text as total, o.pay_channel, pa.name as parent, o.close_reason,
             (select sum(p.amount)::text from bill_payment p where p.order_id = o.id and p.kind = '1' and p.status <> '4') as paid,
             (select sum(p.amount)::text from bill_payment p where p.order_id = o.id and p.kind = '2' and p.status <> '4') as refunded,
             (select p.payer_name from bill_payment p where p.order_id = o.id and p.kind = '1') as payer,
             (select p.channel from bill_payment p where p.order_id = o.id and p.kind = '1') as channel
        from shop_order o join school_parent pa on pa.id = o.parent_id where o.tenant_id = 1`);
    expect(orders.filter((order) => order.status === "5").length).toBeGreaterThan(0);
    for (const order of orders) {
      const wasPaid = ["2", "3", "4", "5"].includes(order.status);
      expect(order.paid, order.order_no).toBe(wasPaid ? order.total : null);
      expect(order.refunded, order.order_no).toBe(order.status === "5" ? `-${order.total}` : null);
      if (wasPaid) expect(order).toMatchObject({ payer: order.parent, channel: order.pay_channel });
      if (order.status === "5") expect(order.close_reason).toBeTruthy();
    }
    // Never allocated to bills, and outside every family's 对账单 of its bills.
    const [allocated] = await rows<{ n: number }>(`select count(*)::int as n from bill_payment p where p.order_id is not null and (p.allocated_amount <> 0 or exists (select 1 from bill_payment_allocation a where a.payment_id = p.id))`);
    expect(allocated!.n).toBe(0);
  });
});
