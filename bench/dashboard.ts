// 首页's benchmark (issue #13 part 6), on a throw-away PostgreSQL database of the local server
// (postgres://postgres@127.0.0.1:5432, or BENCH_POSTGRES_URL), dropped at the end.
// - loaderMs: the dashboard route's `.data` request signed in as admin (the loader's one figures
//   call plus the dictionaries) with 100,000 students and 1,000,000 payments over two years.
//   Goal: p50 ≤ 50 ms.
// - jsBeyondLayoutGzipKb: the first-paint scripts of /dashboard/analysis that a plain menu page
//   (/isystem/gatewayRoute, served by the catch-all menu page) does not load, plus the lazy chart
//   chunk. Goal ≤ 300 KB gzip.
// - webCpuMsPerRequest: the web server's CPU per loader request (less sensitive to other load).
// - paymentsByMonthSqlMs: the months' statement on the kept totals against the full scan of
//   bill_payment it replaced (docs/decisions/059); their answers must be equal.
import pg from "pg";
import { getPage, gzipSize, measurePageJs, round, signIn } from "./lib";
import { timeDataRequest, timeRawSql, type Statement } from "./lists";
import { BENCH_ADMIN_PASSWORD, withBenchDatabase } from "./database";

const STUDENTS = 100_000;
const PAYMENTS = 1_000_000;
const DASHBOARD_ROUTE = "routes/main/dashboard-analysis";
/** A menu page without a route of its own (routes/main/menu-page): the layout's JS alone. */
const LAYOUT_ONLY_PAGE = "/isystem/gatewayRoute";
const ZONE = "Asia/Shanghai";

export const DASHBOARD_GOALS = { loaderP50Ms: 50, jsBeyondLayoutGzipKb: 300 } as const;

/**
 * Payments by month for the last 12 months, as the figures endpoint reads them from the kept
 * quarter-hour totals (migration 0200), and as it summed bill_payment before them: the SQL alone,
 * through pg, which load on the machine distorts less than the loader's wall clock.
 */
const MONTHS = `with months as (select to_char(m, 'YYYY-MM') as month from generate_series(date_trunc('month', now() at time zone $1) - interval '11 months', date_trunc('month', now() at time zone $1), interval '1 month') m)`;
const WINDOW = `>= ((date_trunc('month', now() at time zone $1) - interval '11 months') at time zone $1) and %s < ((date_trunc('month', now() at time zone $1) + interval '1 month') at time zone $1)`;
const PAYMENTS_BY_MONTH: Record<"keptTotals" | "fullScan", Statement> = {
  keptTotals: {
    text: `${MONTHS}, paid as (select to_char(bucket at time zone $1, 'YYYY-MM') as month, sum(payments)::int as count, sum(amount) as amount
             from bill_payment_tally where tenant_id = 1 and bucket ${WINDOW.replace("%s", "bucket")} group by 1)
           select months.month, coalesce(paid.count, 0)::int as count, coalesce(paid.amount, 0)::numeric(18, 2)::text as amount
           from months left join paid on paid.month = months.month order by months.month`,
    params: [ZONE],
  },
  fullScan: {
    text: `${MONTHS}, paid as (select to_char(paid_at at time zone $1, 'YYYY-MM') as month, count(*)::int as count, sum(amount) as amount
             from bill_payment where tenant_id = 1 and status <> '4' and paid_at ${WINDOW.replace("%s", "paid_at")} group by 1)
           select months.month, coalesce(paid.count, 0)::int as count, coalesce(paid.amount, 0)::numeric(18, 2)::text as amount
           from months left join paid on paid.month = months.month order by months.month`,
    params: [ZONE],
  },
};

export async function benchDashboard(): Promise<Record<string, unknown>> {
  return withBenchDatabase("dashboard", async ({ client, web, meta }) => {
    const started = performance.now();
    await seed(client);
    const seedMs = round(performance.now() - started, 0);

    const cookie = await signIn(web.baseUrl, "admin", BENCH_ADMIN_PASSWORD);
    const active = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM school_student WHERE tenant_id = 1 AND status = '1'`)).rows[0]!.n;
    const { cpuMsPerRequest: webCpuMsPerRequest, ...loaderMs } = await timeDataRequest(`${web.baseUrl}/dashboard/analysis.data?_routes=${encodeURIComponent(DASHBOARD_ROUTE)}`, cookie, [
      "paymentsByMonth",
      String(active),
    ], web.pid);
    const kept = (await client.query(PAYMENTS_BY_MONTH.keptTotals.text, PAYMENTS_BY_MONTH.keptTotals.params)).rows;
    const scanned = (await client.query(PAYMENTS_BY_MONTH.fullScan.text, PAYMENTS_BY_MONTH.fullScan.params)).rows;
    const errors = JSON.stringify(kept) === JSON.stringify(scanned) ? [] : ["the kept totals differ from the full scan of bill_payment"];
    const paymentsByMonthSqlMs = {
      keptTotals: await timeRawSql(client, [PAYMENTS_BY_MONTH.keptTotals]),
      fullScan: await timeRawSql(client, [PAYMENTS_BY_MONTH.fullScan]),
    };

    const layout = await measurePageJs(web.baseUrl, LAYOUT_ONLY_PAGE, cookie);
    const dashboard = await measurePageJs(web.baseUrl, "/dashboard/analysis", cookie);
    const layoutFiles = new Set(layout.files.map((file) => file.file));
    const pageOnly = dashboard.files.filter((file) => !layoutFiles.has(file.file));
    let chartsGzip = 0;
    let chartsFile = "";
    for (const file of dashboard.files) {
      const code = (await getPage(web.baseUrl + file.file)).body.toString("utf8");
      const found = /dashboard-charts-[\w-]+\.js/.exec(code);
      if (found) {
        chartsFile = `/assets/${found[0]}`;
        chartsGzip = gzipSize((await getPage(web.baseUrl + chartsFile)).body);
        break;
      }
    }
    if (!chartsFile) throw new Error("the dashboard's scripts do not import the chart chunk");
    const pageOnlyGzip = pageOnly.reduce((sum, file) => sum + file.gzipBytes, 0);

    return {
      students: STUDENTS,
      payments: PAYMENTS,
      seedMs,
      loaderMs,
      webCpuMsPerRequest,
      paymentsByMonthSqlMs,
      layoutJsGzipKb: layout.totalGzipKb,
      firstPaintBeyondLayoutGzipKb: round(pageOnlyGzip / 1024),
      chartsChunkGzipKb: round(chartsGzip / 1024),
      jsBeyondLayoutGzipKb: round((pageOnlyGzip + chartsGzip) / 1024),
      goals: DASHBOARD_GOALS,
      errors,
      meta: await meta(),
    };
  });
}

export function summarizeDashboard(result: Record<string, unknown>): string[] {
  const loader = result.loaderMs as { p50: number; p95: number; min: number } | undefined;
  const sqlMs = result.paymentsByMonthSqlMs as Record<"keptTotals" | "fullScan", { p50: number }> | undefined;
  return [
    `dashboard loader (100k students, 1M payments): p50 ${loader?.p50} ms, p95 ${loader?.p95} ms (goal p50 ≤ 50); web CPU ${result.webCpuMsPerRequest} ms per request`,
    `payments by month SQL: kept totals p50 ${sqlMs?.keptTotals.p50} ms, full scan of bill_payment p50 ${sqlMs?.fullScan.p50} ms`,
    `dashboard JS beyond the layout: ${result.jsBeyondLayoutGzipKb} KB gzip (first paint ${result.firstPaintBeyondLayoutGzipKb}, charts chunk ${result.chartsChunkGzipKb}; goal ≤ 300)`,
  ];
}

/** 100,000 students, 1,000,000 payments over the last two years (one in fifty 冲销), 20,000 receivables. */
async function seed(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO school_student (id, tenant_id, student_no, name_cn, grade, status, create_by, create_time)
     SELECT 'bench' || g, 1, 'B' || lpad(g::text, 8, '0'), '学生' || g, (g % 13)::text, CASE WHEN g % 10 = 0 THEN '2' ELSE '1' END, 'admin', now()
     FROM generate_series(1, $1::int) g`,
    [STUDENTS],
  );
  await client.query(
    `INSERT INTO bill_payment (id, tenant_id, payment_no, payer_type, payer_id, channel, amount, paid_at, status, create_time)
     SELECT 'bp' || g, 1, 'BP' || lpad(g::text, 9, '0'), (1 + g % 2)::text, 'payer' || (g % 5000), '1', (100 + g % 900)::numeric + 0.25,
            now() - ((g % 730) || ' days')::interval, CASE WHEN g % 50 = 0 THEN '4' ELSE '3' END, now()
     FROM generate_series(1, $1::int) g`,
    [PAYMENTS],
  );
  await client.query(
    `INSERT INTO bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, period, total_amount, received_amount, status)
     SELECT 'br' || g, 1, 'BR' || g, (1 + g % 2)::text, 'payer' || g, '2026-1', 1000, (g % 3) * 400, (1 + g % 3)::text
     FROM generate_series(1, 20000) g`,
  );
  await client.query("ANALYZE school_student; ANALYZE bill_payment; ANALYZE bill_receivable");
}
