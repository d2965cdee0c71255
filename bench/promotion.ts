// Promotion (升级, issue #29 item 2; part of the `school` section): 2,000 enrolled students in the
// 39 classes of the demo year moved one grade up into the next year in one transaction (the last
// grade graduates), then undone. Timed in-process through the backend's own service, on PGlite
// (the embedded default; goal ≤ 2 s) and on a throw-away database of the local PostgreSQL server.
// Each backend runs three times on fresh databases; the median run is reported.
import { sql } from "drizzle-orm";
import type { CrudContext } from "../backend/crud/context";
import type { Database } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { seedDatabase } from "../backend/seed";
import { DictionaryService } from "../backend/modules/system/dict/dictionary-service";
import { previewPromotion, promote, undoPromotion } from "../backend/modules/people/classes/promotion";
import { freshPglite, freshPostgres, medianOfFreshRuns, type FreshDatabase } from "./fresh-runs";
import { round } from "./lib";

const STUDENTS = 2_000;
export const PROMOTION_GOALS = { promotion2000PgliteMs: 2000 } as const;

async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await seedDatabase(db, { adminPassword: "Bench-Admin-2026" });
  // Only the bench's students, spread over the current year's classes.
  for (const table of ["bill_payment_allocation", "bill_receipt", "bill_payment", "bill_bill_item", "bill_bill", "bill_receivable", "school_student_parent", "school_student"]) await db.rows(sql.raw(`delete from ${table}`));
  await db.rows(sql`
    insert into school_student (id, tenant_id, student_no, name_cn, grade, class_id, status, create_by)
    select 'pro' || g, 1, 'P' || lpad(g::text, 6, '0'), '学生' || g, c.grade, c.id, '1', 'bench'
      from generate_series(1, ${STUDENTS}) g
      join lateral (select c.id, c.grade from school_class c join school_year y on y.id = c.year_id and y.is_current = 'Y' order by c.id offset (g % 39) limit 1) c on true`);
}

/** What promote() needs of a request: the database, the dictionaries, the tenant and the user. */
function benchContext(db: Database): CrudContext {
  return { services: { db, dictionaries: new DictionaryService(db) }, tenantId: 1, username: "bench" } as unknown as CrudContext;
}

async function timePromotion(db: Database): Promise<Record<string, number>> {
  const context = benchContext(db);
  let started = performance.now();
  const plan = await previewPromotion(context);
  const previewMs = performance.now() - started;
  started = performance.now();
  const outcome = await promote(context);
  const promoteMs = performance.now() - started;
  if (outcome.students + outcome.graduates !== STUDENTS) throw new Error(`expected ${STUDENTS} students promoted or graduated, got ${outcome.students} + ${outcome.graduates}`);
  started = performance.now();
  const undone = await undoPromotion(context);
  const undoMs = performance.now() - started;
  if (undone.students !== STUDENTS) throw new Error(`expected ${STUDENTS} students back, got ${undone.students}`);
  return {
    students: STUDENTS,
    classes: plan.classes.length,
    graduates: outcome.graduates,
    previewMs: round(previewMs, 0),
    promoteMs: round(promoteMs, 0),
    undoMs: round(undoMs, 0),
  };
}

const RUNS = 3;

const medianRun = (open: () => Promise<FreshDatabase>) => medianOfFreshRuns(open, prepare, timePromotion, "promoteMs", RUNS);

export async function benchPromotion(): Promise<Record<string, unknown>> {
  const onPglite = await medianRun(freshPglite);
  const onPostgres = await medianRun(freshPostgres("bench_promotion"));
  return { pglite: onPglite, postgres: onPostgres, runs: RUNS, goals: PROMOTION_GOALS };
}

export function summarizePromotion(result: Record<string, unknown> | undefined): string[] {
  const line = (name: string, figures?: Record<string, number | number[]>) =>
    `promotion on ${name} (${figures?.students} students, ${figures?.classes} classes): preview ${figures?.previewMs} ms, promotion ${figures?.promoteMs} ms (median of ${String(figures?.runsPromoteMs ?? "")}; goal ≤ 2000 on PGlite), undo ${figures?.undoMs} ms`;
  return [line("PGlite", result?.pglite as Record<string, number | number[]>), line("PostgreSQL", result?.postgres as Record<string, number | number[]>)];
}
