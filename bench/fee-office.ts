// The fee office's figures (issue #33, section `billing`), on PGlite (the embedded default), timed
// in-process through the backend's own services:
// - generation: a term's bills for 2,000 active students × 8 projects with grade prices (every
//   project priced for four grades), sibling discounts (parents paying two or three children) and
//   instalments (three projects in 3 a month apart, one in 2 on its own dates: every bill in 5),
//   preview + generation in one transaction. Goal ≤ 3 s.
// - ageing: 账龄分析 (the first page of payers and the totals) over 100,000 open bills of 20,000
//   payers with due dates spread over a year, a quarter of them in 3 instalments (aged by the
//   instalments' due dates, docs/decisions/159). Goal ≤ 500 ms (median of 5 runs).
// - generation of 2,000 students × 6 projects (issue #32; bench/billing.ts, the median of three fresh
//   databases). Goal ≤ 3 s.
// - what the record history adds to a plain save and to a payment's allocation (issue #32; with its
//   writers on and off: bench/history-cost.ts). Goal ≤ 15 %.
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { seedDatabase } from "../backend/seed";
import { databaseExecutor } from "../backend/crud/context";
import { generateBills, previewGeneration } from "../backend/modules/billing/bill/bill-generation";
import { ageingReport } from "../backend/modules/billing/receivable/ageing";
import { round } from "./lib";
import { billGenerationOnPglite, summarizeBillGeneration } from "./billing";
import { benchHistoryCost } from "./history-cost";
import { summarizeStatement, timeStatement } from "./statement";

const STUDENTS = 2_000;
const PROJECTS = 8;
const AGEING_BILLS = 100_000;
export const FEE_OFFICE_GOALS = { generation2000x8Ms: 3000, ageing100kMs: 500, generation2000x6Ms: 3000, historyAddedPercent: 15 } as const;

async function prepareGeneration(db: Database): Promise<void> {
  // Only the bench's students and projects (the demo school's issued records are never deleted).
  await db.rows(sql`update school_student set status = '4'`);
  await db.rows(sql`delete from bill_allowance`);
  await db.rows(sql`update bill_project set active = 0`);
  await db.rows(sql`
    insert into bill_project (id, tenant_id, code, name, type, unit_price, period, active, sort_no, sibling_percent, sibling_amount, instalment_count, instalment_dates)
    select 'fp' || g, 1, 'FP' || g, '项目' || g, '1', 1000 + g * 100.5, case when g % 2 = 0 then '2' else '3' end, 1, g,
           case when g % 2 = 0 then 10 end, case when g % 2 = 1 then 50 end,
           case when g <= 3 then 3 when g = 4 then 2 end, case when g = 4 then '2027-09-15,2028-01-15' end
    from generate_series(1, ${PROJECTS}) g`);
  await db.rows(sql`
    insert into bill_project_price (id, project_id, grade, unit_price, sort_no)
    select 'fpp' || p || '-' || gr, 'fp' || p, gr::text, 1200 + p * 100 + gr * 10.25, gr
    from generate_series(1, ${PROJECTS}) p, generate_series(1, 4) gr`);
  await db.rows(sql`
    insert into school_student (id, tenant_id, student_no, name_cn, status, grade, birthday, create_by)
    select 'fs' || g, 1, 'F' || lpad(g::text, 6, '0'), '学生' || g, '1', (g % 9 + 1)::text, date '2012-01-01' + (g % 2000), 'bench'
    from generate_series(1, ${STUDENTS}) g`);
  // 800 parents: every parent pays two or three children.
  await db.rows(sql`insert into school_parent (id, tenant_id, name) select 'fpar' || g, 1, '家长' || g from generate_series(1, 800) g on conflict do nothing`);
  await db.rows(sql`
    insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer)
    select 'fsp' || g, 1, 'fs' || g, 'fpar' || (g % 800 + 1), '1', true from generate_series(1, ${STUDENTS}) g`);
}

export async function timeGeneration(db: Database): Promise<Record<string, number>> {
  await prepareGeneration(db);
  const request = { tenantId: 1, timeZone: "Asia/Shanghai", schoolYear: "2027-2028", term: "1", dueDate: "2027-09-01" };
  const started = performance.now();
  const plan = await previewGeneration(db, request);
  const previewMs = performance.now() - started;
  const outcome = await generateBills(db, request, "bench");
  const totalMs = performance.now() - started;
  if (outcome.created !== STUDENTS) throw new Error(`expected ${STUDENTS} bills, created ${outcome.created}`);
  const [counts] = await db.rows<{ items: number | string; siblings: number | string; instalments: number | string }>(
    sql`select count(*) as items, count(*) filter (where kind = 'sibling') as siblings, (select count(*) from bill_instalment) as instalments from bill_bill_item`,
  );
  return {
    students: STUDENTS,
    projects: PROJECTS,
    plannedBills: plan.bills.length,
    items: Number(counts!.items),
    siblingLines: Number(counts!.siblings),
    instalments: Number(counts!.instalments),
    previewMs: round(previewMs, 0),
    generateMs: round(totalMs - previewMs, 0),
    totalMs: round(totalMs, 0),
  };
}

async function timeAgeing(db: Database): Promise<Record<string, unknown>> {
  // The 100,000 bills are another tenant's (2): the report reads one tenant's bills.
  await db.rows(sql`
    insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, due_date, payer_type, payer_id, status)
    select 'ab' || g, 2, 'AB' || g, 'as' || g, (2000 + g / 4000) || '-' || (2001 + g / 4000), (g % 2 + 1)::text,
           1000 + g % 997, 1000 + g % 997, case when g % 5 = 0 then 300 else 0 end,
           date '2030-06-30' - (g % 365) + 30, case when g % 10 = 0 then '2' else '1' end, 'payer' || (g % 20000), case when g % 5 = 0 then '2' else '1' end
    from generate_series(1, ${AGEING_BILLS}) g`);
  // A quarter of them in three instalments a month apart (the last on the bill's due date).
  await db.rows(sql`
    insert into bill_instalment (id, bill_id, seq, due_date, amount, cumulative)
    select 'ai' || g || '-' || n, 'ab' || g, n, date '2030-06-30' - (g % 365) + 30 - (3 - n) * 30,
           case when n < 3 then 300 else 1000 + g % 997 - 600 end, case when n < 3 then 300 * n else 1000 + g % 997 end
    from generate_series(4, ${AGEING_BILLS}, 4) g, generate_series(1, 3) n`);
  await db.rows(sql`analyze bill_bill`);
  await db.rows(sql`analyze bill_instalment`);
  const executor = databaseExecutor(db);
  const times: number[] = [];
  let payers = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const answer = await ageingReport(executor, 2, "2030-06-30", { pageNo: 1, pageSize: 20 });
    times.push(performance.now() - started);
    payers = answer.payers;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { bills: AGEING_BILLS, payers, medianMs: round(sorted[2]!, 0), runsMs: times.map((time) => round(time, 0)) };
}

/** `work` on the demo school in a fresh in-memory PGlite, closed afterwards. */
async function onDemoSchool<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({});
  try {
    await migrate(db);
    await seedDatabase(db, { adminPassword: "Bench-Admin-2026" });
    return await work(db);
  } finally {
    await db.close();
  }
}

export async function benchFeeOffice(): Promise<Record<string, unknown>> {
  const { generation, ageing, statement } = await onDemoSchool(async (db) => ({
    generation: await timeGeneration(db),
    ageing: await timeAgeing(db),
    statement: await timeStatement(db),
  }));
  const generation2000x6 = await billGenerationOnPglite();
  const history = await benchHistoryCost();
  return { pglite: { generation, ageing, statement, generation2000x6, history }, goals: FEE_OFFICE_GOALS };
}

/** 账龄分析 over 100,000 bills alone (section `ageing`): the billing section's other parts take minutes. */
export async function benchAgeingAlone(): Promise<Record<string, unknown>> {
  return { pglite: await onDemoSchool(timeAgeing), goalMs: FEE_OFFICE_GOALS.ageing100kMs };
}

/** Generation (2,000 students × 8 projects) and a family's statement alone (section `fee-generation`). */
export async function benchGenerationAlone(): Promise<Record<string, unknown>> {
  return { pglite: await onDemoSchool(async (db) => ({ generation: await timeGeneration(db), statement: await timeStatement(db) })), goals: FEE_OFFICE_GOALS };
}

export function summarizeGenerationAlone(result: Record<string, unknown> | undefined): string[] {
  const figures = (result?.pglite ?? {}) as { generation?: Record<string, number>; statement?: Record<string, unknown> };
  return [generationLine(figures.generation), summarizeStatement(figures.statement)];
}

function generationLine(generation: Record<string, number> | undefined): string {
  return `generation on PGlite (${generation?.students} students × ${generation?.projects} projects, grade prices, ${generation?.siblingLines} sibling lines, ${generation?.instalments} instalments): preview ${generation?.previewMs} ms + generation ${generation?.generateMs} ms = ${generation?.totalMs} ms (goal ≤ 3000)`;
}

export function summarizeAgeing(result: Record<string, unknown> | undefined): string[] {
  const ageing = result?.pglite as { bills?: number; payers?: number; medianMs?: number; runsMs?: number[] } | undefined;
  return [`ageing on PGlite (${ageing?.bills} bills, ${ageing?.payers} payers): median ${ageing?.medianMs} ms of ${String(ageing?.runsMs ?? "")} (goal ≤ ${FEE_OFFICE_GOALS.ageing100kMs})`];
}

export function summarizeFeeOffice(result: Record<string, unknown> | undefined): string[] {
  const figures = (result?.pglite ?? {}) as { generation?: Record<string, number>; ageing?: Record<string, unknown> };
  const generation = figures.generation;
  const ageing = figures.ageing;
  return [
    generationLine(generation),
    `ageing on PGlite (${ageing?.bills} bills, ${ageing?.payers} payers): median ${ageing?.medianMs} ms of ${String(ageing?.runsMs ?? "")} (goal ≤ 500)`,
    summarizeStatement((figures as { statement?: Record<string, unknown> }).statement),
    ...summarizeBillGeneration({ pglite: (result?.pglite as Record<string, unknown> | undefined)?.generation2000x6 }).slice(0, 1),
    ...(["plainSave", "allocation"] as const).map((kind) => {
      const cost = ((result?.pglite as Record<string, Record<string, Record<string, number>>> | undefined)?.history ?? {})[kind];
      return `history on ${kind === "plainSave" ? "a plain save (收费项目 编辑)" : "a payment's allocation (付款 新增, one bill)"}: ${cost?.withHistoryMeanMs} ms with, ${cost?.withoutHistoryMeanMs} ms without = +${cost?.addedPercent} % (goal ≤ 15)`;
    }),
  ];
}
