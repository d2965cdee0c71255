// The school modules' benchmark (issue #12, "Figures"), on a throw-away PostgreSQL database of the
// local server (postgres://postgres@127.0.0.1:5432, or BENCH_POSTGRES_URL), dropped at the end.
// - studentList: page 1 of /school/student (grade 三年级, 在读, newest first) with 100,000 students,
//   through the real web server (the route's `.data` request signed in as admin: the loader also
//   loads the form's dictionaries, the corporations and the parents), against the raw SQL of the
//   same list (the engine's count and page statements, rendered from its own query builder, run
//   through pg). Goal: loader p50 ≤ 2 × raw SQL p50.
// - billGeneration (bench/billing.ts): a term's bills for 2,000 students × 6 projects, preview and
//   generation, on PGlite and PostgreSQL, run before the rest. Goal ≤ 3 s.
// - promotion (bench/promotion.ts): 升级 of 2,000 students, on PGlite and PostgreSQL. Goal ≤ 2 s on PGlite.
// - compose (bench/compose.ts): 群发 to a grade of 500 families on PGlite: preview ≤ 300 ms, queueing ≤ 1 s.
// - wechatReconcile (bench/reconcile.ts): WeChat reconciliation of 100,000 trades × 100,000
//   payments. Goal ≤ 5 s.
import pg from "pg";
import { buildListQuery, type ListQueryParams } from "../backend/crud/query-generator";
import { runListQuery } from "../backend/crud/page";
import { columnTenantScope } from "../backend/crud/tenant";
import { studentCrud } from "../backend/modules/people/student/student-endpoints";
import { round, signIn } from "./lib";
import { BENCH_ADMIN_PASSWORD, withBenchDatabase } from "./database";
import { benchBillGeneration, summarizeBillGeneration } from "./billing";
import { benchPromotion, summarizePromotion } from "./promotion";
import { benchCompose, summarizeCompose } from "./compose";
import { benchReconcile, summarizeReconcile } from "./reconcile";
import { benchShop, summarizeShop } from "./shop";
import { recordingDb, timeDataRequest, timeRawSql, type Statement } from "./lists";

const STUDENTS = 100_000;
const STUDENT_QUERY = { grade: "3", status: "1", column: "createTime", order: "desc", pageNo: "1", pageSize: "10" } as const;
const STUDENTS_ROUTE = "routes/people/students";

export const SCHOOL_GOALS = { studentListLoaderToSqlRatio: 2 } as const;

export async function benchSchool(): Promise<Record<string, unknown>> {
  // Billing first, on its own databases and before the 100k students: their seeding leaves the
  // server busy (autovacuum, the web server's start) and would weigh on PGlite's single thread.
  const billGeneration = await benchBillGeneration();
  const promotion = await benchPromotion();
  const compose = await benchCompose();
  return withBenchDatabase("school", async ({ client, web, meta }) => {
    const started = performance.now();
    await seedStudents(client);
    const seedStudentsMs = round(performance.now() - started, 0);

    const statements = await studentListStatements(client);
    const rawSqlMs = await timeRawSql(client, statements);
    const first = (await client.query<{ studentNo: string; $total: string }>(statements[0]!.text, statements[0]!.params)).rows[0]!;
    const total = Number(first.$total);
    const cookie = await signIn(web.baseUrl, "admin", BENCH_ADMIN_PASSWORD);
    const query = new URLSearchParams({ ...STUDENT_QUERY, _routes: STUDENTS_ROUTE });
    query.delete("pageNo");
    query.delete("pageSize");
    const { cpuMsPerRequest: webCpuMsPerRequest, ...loaderMs } = await timeDataRequest(`${web.baseUrl}/school/student.data?${query.toString()}`, cookie, [first.studentNo, String(total)], web.pid);
    const plan = (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${statements[0]!.text}`, statements[0]!.params)).rows.map((row) => row["QUERY PLAN"]);
    return {
      studentList: {
        students: STUDENTS,
        matching: total,
        query: STUDENT_QUERY,
        loaderMs,
        rawSqlMs,
        ratio: round(loaderMs.p50 / rawSqlMs.p50, 2),
        webCpuMsPerRequest,
        statements: statements.map((statement) => statement.text),
        plan,
      },
      seedMs: { students100k: seedStudentsMs },
      billGeneration,
      promotion,
      compose,
      wechatReconcile: await benchReconcile(),
      orderPlacement: await benchShop(), // bench/shop.ts (issue #14)
      goals: SCHOOL_GOALS,
      errors: [],
      meta: await meta(),
    };
  });
}

export function summarizeSchool(result: Record<string, unknown>): string[] {
  const list = result.studentList as
    | { loaderMs: { p50: number; min: number }; rawSqlMs: { p50: number; min: number }; ratio: number; matching: number; webCpuMsPerRequest: number }
    | undefined;
  return [
    ...summarizeBillGeneration(result.billGeneration as Record<string, unknown> | undefined),
    ...summarizePromotion(result.promotion as Record<string, unknown> | undefined),
    ...summarizeCompose(result.compose as Record<string, unknown> | undefined),
    ...summarizeReconcile(result.wechatReconcile as Record<string, unknown> | undefined),
    ...summarizeShop(result.orderPlacement as Record<string, unknown> | undefined),
    `student list page 1 (100k students, ${list?.matching} matching): loader p50 ${list?.loaderMs.p50} ms (min ${list?.loaderMs.min}), raw SQL p50 ${list?.rawSqlMs.p50} ms (min ${list?.rawSqlMs.min}), ratio ${list?.ratio} (goal ≤ 2); web CPU ${list?.webCpuMsPerRequest} ms per request`,
  ];
}

/** 100,000 students in one INSERT … SELECT: every grade, one in ten not 在读, two per creation second. */
async function seedStudents(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO school_student (id, tenant_id, student_no, name_cn, name_en, sex, grade, status, nationality, corp_id, create_by, create_time)
     SELECT 'bench' || g, 1, 'B' || lpad(g::text, 8, '0'), '学生' || g, 'Student ' || g, (1 + g % 2)::text, (g % 13)::text,
            CASE WHEN g % 10 = 0 THEN '2' ELSE '1' END, 'US', (SELECT id FROM school_corporation ORDER BY id LIMIT 1), 'admin',
            now() - ((g / 2) || ' seconds')::interval
     FROM generate_series(1, $1::int) g`,
    [STUDENTS],
  );
  await client.query("ANALYZE school_student");
}

/** The engine's own count and page statements for the list under test (tenant 1). */
async function studentListStatements(client: pg.Client): Promise<Statement[]> {
  const entity = studentCrud.entity;
  const statements: Statement[] = [];
  const built = buildListQuery(entity, STUDENT_QUERY as ListQueryParams, { conditions: [columnTenantScope(entity).condition(1)] });
  await runListQuery(recordingDb(client, statements), entity, built);
  if (statements.length !== 1) throw new Error(`the engine issued ${statements.length} statements, expected the page with its count`);
  return statements;
}
