// The list engine and Excel benchmark (issue 4, "Figures"), on a throw-away PostgreSQL database of
// the local server (postgres://postgres@127.0.0.1:5432, or BENCH_POSTGRES_URL), created with a
// unique name and dropped at the end:
// - listLoader: page 1 of /isystem/user sorted and filtered with 100k users, through the real web
//   server (React Router's `.data` request of the route, signed in as admin; the loader also
//   loads the page's options), against the raw SQL of the same list (the engine's page statement,
//   which carries its count, rendered from the engine's own query builder, run through pg
//   directly). Goals: the loader's p50 ≤ 1.25 × the raw SQL's p50 (issue #35 item 5), and the web
//   server's CPU per warm request ≤ 9.45 ms.
// - plans: EXPLAIN of the list page and of an export keyset page (they must use migration 0004's
//   index, not sort the table).
// - export: 1,000,000 users streamed from /sys/user/exportXls of the backend running on its own
//   (build/backend.js, freshly started); its VmRSS sampled from /proc every 20 ms during the
//   download; peak growth over the idle RSS before. Goal ≤ 200 MB. Also the time and file size.
// - import: then 50,000 new users in an .xlsx written with exceljs, POSTed to
//   /sys/user/importExcel of that backend; time until the answer. Goal ≤ 5 s.
// - personalData (bench/personal-data.ts, issue #34): the student list loader and the export of
//   100,000 students with passport numbers, in clear before, encrypted and masked after.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import ExcelJS from "exceljs";
import pg from "pg";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { buildListQuery, type ListQueryParams } from "../backend/crud/query-generator";
import { runListQuery } from "../backend/crud/page";
import { userEntity, userTenantScope } from "../backend/modules/system/user/user-entity";
import { userCrud } from "../backend/modules/system/user/user-crud";
import { columnInfo } from "../backend/crud/body-schema";
import { createPager, EXPORT_BATCH_SIZE } from "../backend/crud/excel/export";
import { resolveExcelColumns } from "../backend/crud/excel/columns";
import { findFreePort, getPage, percentile, PROJECT_ROOT, round, signIn, waitFor200 } from "./lib";
import { BENCH_ADMIN_PASSWORD, withBenchDatabase } from "./database";
import { benchPersonalData, summarizePersonalData } from "./personal-data";

const LIST_USERS = 100_000;
const EXPORT_USERS = 1_000_000;
const IMPORT_USERS = 50_000;
const LIST_WARMUP = 5;
const LIST_SAMPLES = 30;
/** The loader is measured warm: a just-started server compiles its code during the first requests. */
const LOADER_WARMUP = 40;
const LOADER_SAMPLES = 60;
const RSS_SAMPLE_MS = 20;
/** The list under test: page 1, filtered by sex and status, sorted by creation time (newest first). */
const LIST_QUERY = { sex: "2", status: "1", column: "createTime", order: "desc", pageNo: "1", pageSize: "10" } as const;
const USERS_ROUTE = "routes/system/users";
const BACKEND_ENTRY = path.join(PROJECT_ROOT, "build", "backend.js");

/** Issue #35 item 5: the loader ≤ 1.25 × its SQL; issue #16 part 4: the web CPU per request half of 18.9 ms. */
export const LISTS_GOALS = { listLoaderToSqlRatio: 1.25, webCpuMsPerRequest: 9.45, exportPeakRssGrowthMb: 200, import50kMs: 5000 } as const;

export async function benchLists(): Promise<Record<string, unknown>> {
  const errors: string[] = [];
  let backend: BackendProcess | null = null;
  return withBenchDatabase("lists", async ({ client, web, env, meta }) => {
    try {
      let started = performance.now();
      await seedUsers(client, 1, LIST_USERS);
      const seed100kMs = round(performance.now() - started, 0);

      // ---- the list loader against its raw SQL --------------------------------------------------
      const statements = await engineStatements(client);
      const rawMs = await timeRawSql(client, statements);
      const firstPage = await client.query<{ username: string; $total: string }>(statements[0]!.text, statements[0]!.params);
      const total = Number(firstPage.rows[0]!.$total);
      const cookie = await signIn(web.baseUrl, "admin", BENCH_ADMIN_PASSWORD);
      const { cpuMsPerRequest: webCpuMsPerRequest, ...loaderMs } = await timeLoader(web.baseUrl, cookie, firstPage.rows[0]!.username, total, web.pid);
      const plans: Record<string, { usesIndex: boolean; plan: string[] }> = {
        listPage: await explain(client, statements[0]!),
      };
      // ---- personal data: 100k students' passports, before and after (bench/personal-data.ts) --
      const personalData = await benchPersonalData(client, web, env.DATA_DIR!);
      await web.stop();

      // ---- export and import through the backend on its own ------------------------------------
      started = performance.now();
      await seedUsers(client, LIST_USERS + 1, EXPORT_USERS);
      const seedTo1MMs = round(performance.now() - started, 0);
      const exportRows = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM sys_user WHERE del_flag = 0`)).rows[0]!.n);
      const keyset = await exportKeysetStatement(client);
      plans.exportKeysetPage = await explain(client, keyset);
      // A fresh process: the export's growth is measured from a backend that has only started.
      backend = await startBackend(env);
      const running = backend;
      const withOutput = async <T>(work: () => Promise<T>): Promise<T> => {
        try {
          return await work();
        } catch (error) {
          throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- backend output ---\n${running.outputTail()}`, { cause: error });
        }
      };
      const token = await backendToken(backend.baseUrl);
      const exportResult = await withOutput(() => timeExport(running, token, exportRows));
      const importResult = await withOutput(() => timeImport(client, running, token));

      for (const [name, plan] of Object.entries(plans)) {
        if (!plan.usesIndex) errors.push(`${name} does not use idx_sys_user_create_time_id`);
      }
      const ratio = round(loaderMs.p50 / rawMs.p50, 2);
      return {
        listLoader: {
          users: LIST_USERS,
          matching: total,
          query: LIST_QUERY,
          loaderMs,
          rawSqlMs: rawMs,
          ratio,
          webCpuMsPerRequest,
          statements: statements.map((statement) => statement.text),
          exportKeysetStatement: keyset.text,
        },
        plans,
        personalData,
        import: importResult,
        export: exportResult,
        seedMs: { users100k: seed100kMs, usersTo1M: seedTo1MMs },
        goals: LISTS_GOALS,
        errors,
        meta: await meta(),
      };
    } finally {
      await (backend as BackendProcess | null)?.stop();
    }
  });
}

export function summarizeLists(result: Record<string, unknown>): string[] {
  const list = result.listLoader as
    | { loaderMs: { p50: number; min: number }; rawSqlMs: { p50: number; min: number }; ratio: number; matching: number; webCpuMsPerRequest: number }
    | undefined;
  const imported = result.import as { ms: number; rows: number; backendCpuMs: number } | undefined;
  const exported = result.export as { ms: number; rows: number; fileMb: number; peakRssGrowthMb: number } | undefined;
  const plans = result.plans as Record<string, { usesIndex: boolean }> | undefined;
  return [
    `list page 1 (100k users, ${list?.matching} matching): loader p50 ${list?.loaderMs.p50} ms (min ${list?.loaderMs.min}), raw SQL p50 ${list?.rawSqlMs.p50} ms (min ${list?.rawSqlMs.min}), ratio ${list?.ratio} (goal ≤ ${LISTS_GOALS.listLoaderToSqlRatio}); web CPU ${list?.webCpuMsPerRequest} ms per request (goal ≤ ${LISTS_GOALS.webCpuMsPerRequest})`,
    `plans use idx_sys_user_create_time_id: ${Object.entries(plans ?? {})
      .map(([name, plan]) => `${name} ${plan.usesIndex ? "yes" : "no"}`)
      .join(", ")}`,
    `import ${imported?.rows} users: ${imported?.ms} ms, backend CPU ${imported?.backendCpuMs} ms (goal ≤ 5000)`,
    `export ${exported?.rows} users: ${exported?.ms} ms, ${exported?.fileMb} MB, peak RSS growth ${exported?.peakRssGrowthMb} MB (goal ≤ 200)`,
    ...summarizePersonalData(result.personalData as Record<string, unknown> | undefined),
  ];
}

// ---- database -----------------------------------------------------------------------------------

/**
 * Users `from`..`to` in one INSERT … SELECT: unique names, numbers, e-mails and phones; half of
 * them women, one in ten frozen; three rows per creation second (ties for the tie-breaker).
 */
export async function seedUsers(client: pg.Client, from: number, to: number): Promise<void> {
  await client.query(
    `INSERT INTO sys_user (id, username, realname, sex, email, phone, status, del_flag, work_no, post, rel_tenant_ids, birthday, create_by, create_time)
     SELECT 'bench' || lpad(g::text, 27, '0'), 'bench_user_' || g, '测试用户' || g, (g % 2) + 1,
            'bench' || g || '@school.example', '19' || lpad(g::text, 9, '0'), CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, 0,
            'BW' || lpad(g::text, 8, '0'), CASE g % 3 WHEN 0 THEN 'teacher' WHEN 1 THEN 'dean' END, '1',
            date '1970-01-01' + (g % 15000), 'bench', timestamptz '2024-01-01 00:00:00+08' + ((g / 3) || ' seconds')::interval
     FROM generate_series($1::int, $2::int) g`,
    [from, to],
  );
  await client.query("ANALYZE sys_user");
}

export interface Statement {
  text: string;
  params: unknown[];
}

/** The page statement (with its count) the engine issues for LIST_QUERY as admin in tenant 1 (no data rules). */
export async function engineStatements(client: pg.Client): Promise<Statement[]> {
  const statements: Statement[] = [];
  const built = buildListQuery(userEntity, LIST_QUERY as ListQueryParams, { conditions: [userTenantScope.condition(1)] });
  await runListQuery(recordingDb(client, statements), userEntity, built);
  if (statements.length !== 1) throw new Error(`the engine issued ${statements.length} statements, expected the page with its count`);
  return statements;
}

/** Renders drizzle SQL and runs it through pg, recording each statement. */
export function recordingDb(client: pg.Client, statements: Statement[]) {
  const dialect = new PgDialect();
  return {
    rows: async <T>(query: SQL) => {
      const rendered = dialect.sqlToQuery(query);
      statements.push({ text: rendered.sql, params: rendered.params });
      return (await client.query(rendered.sql, rendered.params)).rows as T[];
    },
  };
}

/** The second page of the user export (a keyset page) as export.ts issues it for the default order. */
async function exportKeysetStatement(client: pg.Client): Promise<Statement> {
  const excel = userCrud.config.excel!;
  const columns = await resolveExcelColumns(userEntity, excel.columns, async () => []);
  const built = buildListQuery(userEntity, {}, { conditions: [userTenantScope.condition(1)] });
  const notNull = new Set(Object.entries(columnInfo(userCrud.config.table)).filter(([, info]) => info.notNull).map(([property]) => property));
  const pager = createPager(userEntity, columns, { where: built.where, notNull }, EXPORT_BATCH_SIZE);
  const statements: Statement[] = [];
  const db = recordingDb(client, statements);
  await pager.next(db);
  await pager.next(db);
  return statements[1]!;
}

async function explain(client: pg.Client, statement: Statement): Promise<{ usesIndex: boolean; plan: string[] }> {
  const rows = (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${statement.text}`, statement.params)).rows;
  const plan = rows.map((row) => row["QUERY PLAN"]);
  return { usesIndex: plan.some((line) => line.includes("idx_sys_user_create_time_id")), plan };
}

export function stats(durations: number[]) {
  return { p50: round(percentile(durations, 50), 2), p95: round(percentile(durations, 95), 2), min: round(Math.min(...durations), 2), samples: durations.length };
}

export async function timeRawSql(client: pg.Client, statements: Statement[]) {
  const durations: number[] = [];
  for (let index = 0; index < LIST_WARMUP + LIST_SAMPLES; index++) {
    const started = performance.now();
    for (const statement of statements) await client.query(statement.text, statement.params);
    if (index >= LIST_WARMUP) durations.push(performance.now() - started);
  }
  return stats(durations);
}

export async function timeLoader(base: string, cookie: string, firstUsername: string, total: number, webPid: number) {
  const query = new URLSearchParams({ ...LIST_QUERY, _routes: USERS_ROUTE });
  query.delete("pageNo");
  query.delete("pageSize");
  return timeDataRequest(`${base}/isystem/user.data?${query.toString()}`, cookie, [firstUsername, String(total)], webPid);
}

/**
 * A route's `.data` request, sequentially, after warm-ups; every answer must carry `mustCarry`.
 * `cpuMsPerRequest`: the web server's CPU (its own work and the embedded backend's) per measured
 * request, warm-ups left out; a figure that other load on the machine inflates less than the
 * wall-clock ones.
 */
export async function timeDataRequest(url: string, cookie: string, mustCarry: readonly string[], webPid: number) {
  const durations: number[] = [];
  let cpuBefore = 0;
  for (let index = 0; index < LOADER_WARMUP + LOADER_SAMPLES; index++) {
    if (index === LOADER_WARMUP) cpuBefore = cpuMs(webPid);
    const started = performance.now();
    const answer = await getPage(url, cookie);
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    const body = answer.body.toString("utf8");
    if (!mustCarry.every((text) => body.includes(text))) throw new Error(`GET ${url} did not carry ${mustCarry.join(", ")}`);
    if (index >= LOADER_WARMUP) durations.push(elapsed);
  }
  return { ...stats(durations), cpuMsPerRequest: round((cpuMs(webPid) - cpuBefore) / LOADER_SAMPLES, 1) };
}

// ---- the backend on its own ---------------------------------------------------------------------

interface BackendProcess {
  pid: number;
  baseUrl: string;
  /** The last lines the backend printed (for error messages). */
  outputTail(): string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
// Like lib.ts's servers: no backend outlives the benchmark (run.ts exits on signals and errors).
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function startBackend(env: Record<string, string>): Promise<BackendProcess> {
  if (!existsSync(BACKEND_ENTRY)) throw new Error(`${BACKEND_ENTRY} is missing: run npm run build first`);
  const port = await findFreePort();
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles this backend too (lib.ts).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, BACKEND_ENTRY], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      TMPDIR: process.env.TMPDIR ?? "/tmp",
      LANG: process.env.LANG ?? "C.UTF-8",
      ...env,
      NODE_ENV: "production",
      BACKEND_PORT: String(port),
      MIGRATIONS_DIR: path.join(PROJECT_ROOT, "build", "migrations"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    tail.push(...chunk.toString("utf8").split("\n").filter((line) => line.trim()));
    if (tail.length > 40) tail.splice(0, tail.length - 40);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => children.delete(child));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (gone()) return;
    child.kill("SIGTERM");
    if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) {
      child.kill("SIGKILL");
      await Promise.race([exited, sleep(5_000)]);
    }
  };
  try {
    await waitFor200(`http://127.0.0.1:${port}/healthz`, {
      // It listens once its start-up pass has encrypted the personal data still in clear: here the
      // million seeded users' phones (raw SQL writes them in clear), about a minute of CPU.
      timeoutMs: 300_000,
      intervalMs: 50,
      abortIf: () => (gone() ? `backend exited (code ${child.exitCode})` : null),
    });
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- backend output ---\n${tail.join("\n")}`);
  }
  return { pid: child.pid!, baseUrl: `http://127.0.0.1:${port}/jeecg-boot`, outputTail: () => tail.join("\n"), stop };
}

async function backendToken(base: string): Promise<string> {
  const response = await fetch(`${base}/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: BENCH_ADMIN_PASSWORD }),
  });
  const answer = (await response.json()) as { success: boolean; result?: { token?: string }; message?: string };
  if (!answer.success || !answer.result?.token) throw new Error(`backend sign-in failed: ${answer.message}`);
  return answer.result.token;
}

function status(pid: number, name: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no ${name} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** CPU time (user + system, all threads) the process has used, in ms (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples VmRSS while `work` runs; answers its result and the peak. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  let peak = status(pid, "VmRSS");
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, status(pid, "VmRSS"));
    } catch {
      // The process ended; the error shows elsewhere.
    }
  }, RSS_SAMPLE_MS);
  try {
    const value = await work();
    peak = Math.max(peak, status(pid, "VmRSS"));
    return { value, peakRssMb: peak };
  } finally {
    clearInterval(timer);
  }
}

// ---- import -------------------------------------------------------------------------------------

async function importWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("用户列表");
  sheet.addRow(["用户列表报表"]);
  sheet.addRow(["导出人:管理员"]);
  sheet.addRow(["登录账号", "真实姓名", "工号", "性别", "生日", "电子邮件", "手机号码", "座机", "职务", "状态"]);
  for (let index = 1; index <= rows; index++) {
    sheet.addRow([
      `imp_bench_${index}`,
      `导入用户${index}`,
      `IW${String(index).padStart(8, "0")}`,
      index % 2 === 0 ? "女" : "男",
      `199${index % 10}-0${(index % 9) + 1}-1${index % 10}`,
      `imp${index}@school.example`,
      `17${String(index).padStart(9, "0")}`,
      index % 5 === 0 ? `021-${String(index).padStart(8, "0")}` : null,
      index % 2 === 0 ? "教师" : "教务主任",
      "正常",
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function timeImport(client: pg.Client, backend: BackendProcess, token: string) {
  const bytes = await importWorkbook(IMPORT_USERS);
  const before = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM sys_user")).rows[0]!.n);
  const baseline = status(backend.pid, "VmRSS");
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "users.xlsx");
  const cpuBefore = cpuMs(backend.pid);
  const started = performance.now();
  const { value: answer, peakRssMb } = await sampled(backend.pid, async () => {
    const response = await fetch(`${backend.baseUrl}/sys/user/importExcel`, { method: "POST", headers: { "X-Access-Token": token }, body: form });
    return (await response.json()) as { success: boolean; code: number; message: string };
  });
  const ms = round(performance.now() - started, 0);
  const after = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM sys_user")).rows[0]!.n);
  if (!answer.success || answer.code !== 200 || after - before !== IMPORT_USERS)
    throw new Error(`import answered ${JSON.stringify(answer)} after ${ms} ms; ${after - before} rows added`);
  return {
    rows: IMPORT_USERS,
    ms,
    backendCpuMs: cpuMs(backend.pid) - cpuBefore,
    fileMb: round(bytes.length / 1024 / 1024, 2),
    peakRssGrowthMb: round(peakRssMb - baseline),
    message: answer.message,
  };
}

// ---- export -------------------------------------------------------------------------------------

async function timeExport(backend: BackendProcess, token: string, rows: number) {
  // Idle RSS: after a pause, so the import's garbage is collected as it would be.
  await sleep(2_000);
  const baseline = status(backend.pid, "VmRSS");
  const hwmBefore = status(backend.pid, "VmHWM");
  const cpuBefore = cpuMs(backend.pid);
  const started = performance.now();
  let firstByteMs = 0;
  const { value: download, peakRssMb } = await sampled(backend.pid, async () => {
    const response = await fetch(`${backend.baseUrl}/sys/user/exportXls`, { headers: { "X-Access-Token": token } });
    if (response.status !== 200 || !response.headers.get("content-type")?.includes("spreadsheetml")) {
      throw new Error(`export answered ${response.status} ${await response.text()}`);
    }
    let bytes = 0;
    let tailBytes = Buffer.alloc(0);
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.length;
      tailBytes = Buffer.concat([tailBytes, Buffer.from(value)]).subarray(-64);
    }
    return { bytes, tailBytes };
  });
  const ms = round(performance.now() - started, 0);
  // A complete zip ends with its end-of-central-directory record.
  if (download.tailBytes.indexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) < 0) throw new Error("the export did not end as a complete .xlsx");
  return {
    rows,
    ms,
    backendCpuMs: cpuMs(backend.pid) - cpuBefore,
    firstByteMs: round(firstByteMs, 0),
    fileMb: round(download.bytes / 1024 / 1024, 1),
    rowsPerSecond: Math.round(rows / (ms / 1000)),
    idleRssMb: round(baseline),
    peakRssMb: round(peakRssMb),
    peakRssGrowthMb: round(peakRssMb - baseline),
    vmHwmBeforeMb: round(hwmBefore),
    vmHwmAfterMb: round(status(backend.pid, "VmHWM")),
  };
}
