// 生成账单: a term's bills for every active student (docs/spec/school-domain.md "Bill"). The preview
// answers the plan without writing; the generation recomputes the same plan inside ONE
// transaction and writes every bill, its items and the payers' receivables, or nothing.
// Two generations of the same term at once: an advisory lock makes the second wait and then
// skip the students the first billed; the partial unique index on (student, term) is the last
// guard, so a student is never billed twice (tests/integration/billing-generation.test.ts).
import { sql } from "drizzle-orm";
import { BillingMessages } from "#contract/modules/billing";
import { toFen } from "#contract/money";
import { inTransaction, readTogether, type Executor } from "../../../crud/context";
import type { Database } from "../../../db/client";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import { planBills, type BillPlan, type ChosenPayer, type PlanAllowance, type PlannedBill, type PlanProject, type PlanStudent } from "./bill-plan";
import { nextNumbers } from "../../system/fill-rule/fill-rule-service";
import { historyAdded, withHistory, type HistoryChange } from "../../../crud/history";
import { BillHistory } from "../history-sources";
import { insertInstalments } from "./instalments";
import { schoolDay } from "../../system/fill-rule/fill-number";
import { insertJsonRows, NumberRule, receivablePeriod, receivablesFor, recomputeReceivables, refreshBills } from "./bill-store";

export interface GenerationRequest {
  tenantId: number;
  /** The school's zone: the date in bill and receivable numbers. */
  timeZone: string;
  schoolYear: string;
  term: string;
  dueDate?: string | null;
  /** Payers chosen in the dialog for students who have none: studentId → parent or corporation. */
  payers?: ReadonlyArray<{ studentId: string; payerType: string; payerId: string }>;
  /** Only these students (all given parts must match); none: every active student. */
  scope?: GenerationScope;
  /**
   * When the bills are issued (their create_time, the date in their numbers and the receivables'):
   * now, but for the demo seed, whose bills come before the term's payments (issue #33).
   */
  issuedAt?: Date;
}

/** Whom a generation bills: a grade, a class (by its name), a list of student numbers (docs/decisions/111). */
export interface GenerationScope {
  grade?: string;
  className?: string;
  studentNos?: string[];
}

export interface GenerationOutcome {
  plan: BillPlan;
  created: number;
  /** Bills that held only sign-up fees and received the term's items. */
  extended: number;
  billNos: string[];
}

export const GenerationMessages = {
  badYear: "请输入正确的学年，例如 2026-2027",
  badTerm: BillingMessages.badTerm,
  badDueDate: "到期日格式不正确，应为yyyy-MM-dd",
  badPayers: "付款人选择格式不正确",
  badScope: "生成范围格式不正确",
  tooManyStudents: "学号不能超过2000个",
} as const;

/** Checks the term's request: school year `yyyy-yyyy` (consecutive years) and term 1 or 2. */
export function checkGenerationRequest(body: Record<string, unknown>, tenantId: number, timeZone: string): GenerationRequest {
  const schoolYear = String(body.schoolYear ?? "").trim();
  const years = /^(\d{4})-(\d{4})$/.exec(schoolYear);
  if (!years || Number(years[2]) !== Number(years[1]) + 1) throw new ApiError(GenerationMessages.badYear);
  const term = String(body.term ?? "").trim();
  if (term !== "1" && term !== "2") throw new ApiError(GenerationMessages.badTerm);
  const dueDate = typeof body.dueDate === "string" && body.dueDate.trim() !== "" ? body.dueDate.trim() : null;
  if (dueDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) throw new ApiError(GenerationMessages.badDueDate);
  const scope = generationScope(body);
  return { tenantId, timeZone, schoolYear, term, dueDate, payers: chosenPayers(body.payers), ...(scope ? { scope } : {}) };
}

/** `grade` (dict grade), `className`, `studentNos` (an array, or text separated by commas, spaces or lines). */
function generationScope(body: Record<string, unknown>): GenerationScope | undefined {
  const text = (value: unknown, max: number) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string" || value.trim().length > max) throw new ApiError(GenerationMessages.badScope);
    return value.trim() || undefined;
  };
  const grade = text(body.grade, 4);
  const className = text(body.className, 50);
  let studentNos: string[] | undefined;
  const raw = body.studentNos;
  if (raw !== undefined && raw !== null && raw !== "") {
    const list = typeof raw === "string" ? raw.split(/[\s,，、;；]+/) : Array.isArray(raw) ? raw : null;
    if (!list || list.some((value) => typeof value !== "string" || value.trim().length > 32)) throw new ApiError(GenerationMessages.badScope);
    studentNos = [...new Set((list as string[]).map((value) => value.trim()).filter(Boolean))];
    if (studentNos.length > 2000) throw new ApiError(GenerationMessages.tooManyStudents);
    if (studentNos.length === 0) studentNos = undefined;
  }
  if (!grade && !className && !studentNos) return undefined;
  return { ...(grade ? { grade } : {}), ...(className ? { className } : {}), ...(studentNos ? { studentNos } : {}) };
}

/** `payers` of the body: [{ studentId, payerType (1 家长 / 2 企业), payerId }], as JSON text or an array. */
function chosenPayers(raw: unknown): Array<{ studentId: string; payerType: string; payerId: string }> {
  if (raw === undefined || raw === null || raw === "") return [];
  let list: unknown = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      throw new ApiError(GenerationMessages.badPayers);
    }
  }
  if (!Array.isArray(list) || list.length > 10_000) throw new ApiError(GenerationMessages.badPayers);
  return list.map((entry) => {
    const row = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
    const [studentId, payerType, payerId] = [row.studentId, row.payerType, row.payerId].map((value) => (typeof value === "string" ? value.trim() : ""));
    if (!studentId || !payerId || (payerType !== "1" && payerType !== "2") || studentId.length > 32 || payerId.length > 32) throw new ApiError(GenerationMessages.badPayers);
    return { studentId: studentId!, payerType: payerType!, payerId: payerId! };
  });
}

/** Everything the plan needs, read in one executor (the transaction, for the generation). */
async function readPlan(executor: Executor, request: GenerationRequest): Promise<BillPlan> {
  const { tenantId, schoolYear, term } = request;
  const scope = request.scope ?? {};
  const [students, projects, prices, allowances, billed] = await readTogether(executor, [
    // The sibling rank is counted over every active student of the paying parent, whoever the
    // generation bills: a younger child billed alone is still the second child.
    () => executor.rows<PlanStudent>(sql`
      select * from (
        select s.id, s.student_no as "studentNo", s.name_cn as "name", s.corp_id as "corpId", c.name as "corpName",
               payer.parent_id as "payerParentId", payer.name as "payerParentName", s.grade, s.class_id,
               case when s.corp_id is null and payer.parent_id is not null
                    then row_number() over (partition by case when s.corp_id is null then payer.parent_id end
                                            order by s.birthday nulls last, s.student_no, s.id)::int
                    else 0 end as "siblingRank"
        from school_student s
        left join school_corporation c on c.id = s.corp_id and c.tenant_id = s.tenant_id
        left join lateral (
          select sp.parent_id, p.name from school_student_parent sp join school_parent p on p.id = sp.parent_id
          where sp.student_id = s.id and sp.is_payer order by sp.sort_no, sp.id limit 1
        ) payer on true
        where s.tenant_id = ${tenantId} and s.status = '1'
      ) s
      where ${scope.grade ? sql`s.grade = ${scope.grade}` : sql`true`}
        and ${scope.className ? sql`s.class_id in (select c.id from school_class c where c.tenant_id = ${tenantId} and c.name = ${scope.className})` : sql`true`}
        and ${scope.studentNos ? sql`s."studentNo" in (select jsonb_array_elements_text(${JSON.stringify(scope.studentNos)}::jsonb))` : sql`true`}
      order by s."studentNo", s.id`),
    () => executor.rows<PlanProject>(sql`
      select id, name, unit_price::text as "unitPrice", period, sibling_percent::text as "siblingPercent", sibling_amount::text as "siblingAmount",
             instalment_count as "instalmentCount", instalment_dates as "instalmentDates"
      from bill_project
      where tenant_id = ${tenantId} and active = 1 order by sort_no, code`),
    () => executor.rows<{ project_id: string; grade: string; unit_price: string }>(sql`
      select pp.project_id, pp.grade, pp.unit_price::text as unit_price
      from bill_project_price pp join bill_project p on p.id = pp.project_id
      where p.tenant_id = ${tenantId} and p.active = 1`),
    () => executor.rows<PlanAllowance>(sql`
      select id, corp_id as "corpId", student_id as "studentId", project_id as "projectId",
             amount::text as amount, percent::text as percent
      from bill_allowance
      where tenant_id = ${tenantId} and school_year = ${schoolYear} and term = ${term} and status = '1'`),
    // The term's bills only: an activity's own bill (docs/decisions/138) is apart. A live term's bill
    // holding only items without a project (a sign-up's fee confirmed before activity bills,
    // docs/decisions/060) is not the term's bill yet: the generation adds its items to it.
    () => executor.rows<{ student_id: string; bill_no: string; generated: boolean }>(sql`
      select b.student_id, b.bill_no, exists (select 1 from bill_bill_item i where i.bill_id = b.id and i.project_id is not null) as generated
      from bill_bill b
      where b.tenant_id = ${tenantId} and b.school_year = ${schoolYear} and b.term = ${term} and b.status <> '4' and b.kind = '1'`),
  ] as const);
  const byProject = new Map<string, Record<string, string>>();
  for (const price of prices) byProject.set(price.project_id, { ...byProject.get(price.project_id), [price.grade]: price.unit_price });
  const { year, month, day } = schoolDay(request.issuedAt ?? new Date(), request.timeZone);
  return planBills({
    chosenPayers: await chosenPayerNames(executor, tenantId, request.payers ?? []),
    dueDate: request.dueDate ?? null,
    today: `${year}-${month}-${day}`,
    schoolYear,
    term,
    students,
    projects: projects.map((project) => ({ ...project, prices: byProject.get(project.id) ?? {} })),
    allowances,
    billed: new Map(billed.filter((row) => row.generated).map((row) => [row.student_id, row.bill_no])),
    extendable: new Map(billed.filter((row) => !row.generated).map((row) => [row.student_id, row.bill_no])),
  });
}

/** The chosen payers that exist in the tenant, with their names (an unknown one chooses nothing). */
async function chosenPayerNames(executor: Executor, tenantId: number, payers: NonNullable<GenerationRequest["payers"]>): Promise<Map<string, ChosenPayer>> {
  const chosen = new Map<string, ChosenPayer>();
  if (payers.length === 0) return chosen;
  const ids = (type: string) => `{${[...new Set(payers.filter((payer) => payer.payerType === type).map((payer) => payer.payerId))].join(",")}}`;
  const names = await executor.rows<{ type: string; id: string; name: string | null }>(sql`
    select '1' as type, id, name from school_parent where tenant_id = ${tenantId} and id = any(${ids("1")}::varchar[])
    union all
    select '2' as type, id, name from school_corporation where tenant_id = ${tenantId} and id = any(${ids("2")}::varchar[])`);
  const known = new Map(names.map((row) => [`${row.type}\u0000${row.id}`, row.name]));
  for (const payer of payers) {
    const key = `${payer.payerType}\u0000${payer.payerId}`;
    if (known.has(key)) chosen.set(payer.studentId, { payerType: payer.payerType, payerId: payer.payerId, payerName: known.get(key) ?? null });
  }
  return chosen;
}

export async function previewGeneration(db: Database, request: GenerationRequest): Promise<BillPlan> {
  const executor: Executor = { orm: db.orm, rows: (query) => db.rows(query) };
  const plan = await readPlan(executor, request);
  if (plan.noPayer.length === 0) return plan;
  // The dialog offers each student's own parents as the payer to choose (none is marked 付款人).
  const parents = await executor.rows<{ student_id: string; id: string; name: string | null }>(sql`
    select sp.student_id, p.id, p.name from school_student_parent sp join school_parent p on p.id = sp.parent_id and p.tenant_id = ${request.tenantId}
    where sp.student_id = any(${`{${plan.noPayer.map((student) => student.studentId).join(",")}}`}::varchar[])
    order by sp.student_id, sp.sort_no, sp.id`);
  const byStudent = new Map<string, Array<{ id: string; name: string }>>();
  for (const row of parents) byStudent.set(row.student_id, [...(byStudent.get(row.student_id) ?? []), { id: row.id, name: row.name ?? "" }]);
  return { ...plan, noPayer: plan.noPayer.map((student) => ({ ...student, parents: byStudent.get(student.studentId) ?? [] })) };
}

/**
 * Creates the term's bills in one transaction: bills, then items, then the receivables' totals;
 * a failure at any step (a total too large for its column…) leaves nothing behind.
 */
export async function generateBills(db: Database, request: GenerationRequest, createdBy: string): Promise<GenerationOutcome> {
  return inTransaction(db, (tx) => writeGeneration(tx, request, createdBy));
}

/** The generation inside the caller's transaction (the demo seed runs it in its own). */
export async function writeGeneration(tx: Executor, request: GenerationRequest, createdBy: string): Promise<GenerationOutcome> {
  // One generation per tenant and term at a time (released at commit or rollback).
  await tx.rows(sql`select pg_advisory_xact_lock(hashtext(${`bill-generation:${request.tenantId}:${request.schoolYear}:${request.term}`}))`);
  const plan = await readPlan(tx, request);
  if (plan.bills.length === 0) return { plan, created: 0, extended: 0, billNos: [] };
  const history: HistoryChange = { tenantId: request.tenantId, username: createdBy, action: "generate" };
  const extended = await addToExistingBills(tx, request.tenantId, plan.bills.filter((bill) => bill.intoBillNo !== undefined), history);
  const fresh = plan.bills.filter((bill) => bill.intoBillNo === undefined);
  if (fresh.length === 0) return { plan, created: 0, extended: extended.length, billNos: extended };
  const period = receivablePeriod(request.schoolYear, request.term);
  const payers = fresh.flatMap((bill) =>
    bill.payerId ? [{ payerType: bill.payerType, payerId: bill.payerId, payerName: bill.payerName }] : [],
  );
  const receivables = await receivablesFor(tx, { ...request, createdBy }, period, payers, history);
  const issuedAt = request.issuedAt ?? new Date();
  const numbers = await nextNumbers(tx, request.tenantId, NumberRule.bill, fresh.length, request.timeZone, issuedAt);
  const now = issuedAt.toISOString();
  const who = createdBy.slice(0, 32);
  const bills: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const instalments: Array<{ billId: string; instalments: Array<{ dueDate: string; amount: bigint }> }> = [];
  fresh.forEach((bill, index) => {
    const id = newId();
    if (bill.instalments) instalments.push({ billId: id, instalments: bill.instalments.map((instalment) => ({ dueDate: instalment.dueDate, amount: toFen(instalment.amount) })) });
    bills.push({
      id,
      tenant_id: request.tenantId,
      bill_no: numbers[index],
      student_id: bill.studentId,
      school_year: request.schoolYear,
      term: request.term,
      total: bill.total,
      allowance_total: bill.allowanceTotal,
      payable: bill.payable,
      paid_amount: "0",
      // A bill in instalments is due in full on its last one's date (docs/decisions/159).
      due_date: bill.instalments?.at(-1)?.dueDate ?? request.dueDate ?? null,
      payer_type: bill.payerType,
      payer_id: bill.payerId,
      receivable_id: bill.payerId ? (receivables.get(`${bill.payerType}\u0000${bill.payerId}`) ?? null) : null,
      status: "1",
      create_by: who,
      create_time: now,
    });
    bill.items.forEach((item, position) => {
      items.push({
        id: newId(),
        bill_id: id,
        project_id: item.projectId,
        name: item.name,
        quantity: item.quantity,
        unit_price: item.unitPrice,
        amount: item.amount,
        allowance: item.allowance,
        sort_no: position,
        kind: item.kind ?? null,
      });
    });
  });
  await insertJsonRows(tx, "bill_bill", bills);
  await insertJsonRows(tx, "bill_bill_item", items);
  await insertInstalments(tx, instalments);
  await historyAdded(tx, history, BillHistory, bills.map((bill) => String(bill.id)), history);
  await recomputeReceivables(tx, [...receivables.values()], history);
  return { plan, created: bills.length, extended: extended.length, billNos: [...extended, ...numbers] };
}

/**
 * The planned items of students whose bill of the term holds only sign-up fees go on that bill
 * (locked: a cashier may be allocating to it), after its own items; its totals, status and
 * receivable are computed again. Answers the bills' numbers.
 */
async function addToExistingBills(tx: Executor, tenantId: number, planned: readonly PlannedBill[], history: HistoryChange): Promise<string[]> {
  if (planned.length === 0) return [];
  const numbers = planned.map((bill) => bill.intoBillNo!);
  const bills = await tx.rows<{ id: string; bill_no: string; next: number }>(sql`
    select b.id, b.bill_no, (select coalesce(max(sort_no) + 1, 0) from bill_bill_item i where i.bill_id = b.id)::int as next
    from bill_bill b where b.tenant_id = ${tenantId} and b.bill_no = any(${`{${numbers.join(",")}}`}::varchar[])
    order by b.id for update`);
  const byNo = new Map(bills.map((bill) => [bill.bill_no, bill]));
  const items = planned.flatMap((bill) => {
    const target = byNo.get(bill.intoBillNo!)!;
    return bill.items.map((item, position) => ({
      id: newId(),
      bill_id: target.id,
      project_id: item.projectId,
      name: item.name,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      amount: item.amount,
      allowance: item.allowance,
      sort_no: target.next + position,
      kind: item.kind ?? null,
    }));
  });
  await withHistory(tx, history, BillHistory, bills.map((bill) => bill.id), history, async () => {
    await insertJsonRows(tx, "bill_bill_item", items);
    await refreshBills(tx, bills.map((bill) => bill.id), history);
  });
  return numbers;
}
