// What personal data's protection costs (issue #34 "Figures"; docs/decisions/087 masking, 119
// encryption, 157 what the figures measured), in the `lists` section, on its database and web
// server: 100,000 students with a passport number each, the student list loader (page 1 of 三年级
// 在读, newest first: the route's `.data` request, as bench/school.ts measures it) and the Excel
// export of every student.
// - before: the passport numbers in clear, read by 教务 (who holds 查看敏感信息): nothing to open,
//   nothing to mask — what the code did before masking and encryption existed;
// - after: the same numbers encrypted (AES-256-GCM with their search hashes, as the backend writes
//   them), read by 教务 (opened) and by 教师 (opened and masked).
// The two are two tables of the same rows in the same physical order that swap names between
// phases, alternated within the run (A B, B A, …), so that the machine's load falls on both; the
// load average is written beside the figures, with the plans of the list's count and page and of
// an export page in both phases, and the tables' widths.
// Goals (issue #34): the list loader with masking and decryption ≤ 1.15 × before, the export with
// decryption ≤ 1.2 × before. CPU per request of the web server (which embeds the backend) is
// given beside each wall-clock figure, and for the exports the database's CPU too: other load on
// the machine inflates them less. `opening` times the decryption alone in this process: the sealed
// passports one by one (Node's GCM) and in export pages (docs/decisions/182).
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { decryptValue, decryptValues, encryptValue, parseKeyring, searchHash, type PersonalDataKeyring } from "../backend/security/personal-data";
import { maskValue } from "#contract/modules/sensitive";
import { EXPORT_BATCH_SIZE } from "../backend/crud/excel/export";
import { fetchWithTimeout, getPage, round, signIn } from "./lib";
import { BENCH_ADMIN_PASSWORD, withBenchDatabase } from "./database";
import { cpuMs, stats } from "./lists";

const STUDENTS = 100_000;
const STUDENT_QUERY = { grade: "3", status: "1", column: "createTime", order: "desc" } as const;
const STUDENTS_ROUTE = "routes/people/students";
/** Rounds of before and after, alternated (A B, B A, A B…); each round times every kind once. */
const ROUNDS = 4;
/** Loader requests per kind and round: warm-ups, then timed ones. */
const LOADER_WARMUP = 10;
const LOADER_SAMPLES = 20;
const ENCRYPT_CHUNK = 10_000;
/** The copy of school_student with encrypted passports that swaps places with it. */
const SEALED_TABLE = "school_student_sealed";

export const PERSONAL_DATA_GOALS = { listLoaderRatio: 1.15, exportRatio: 1.2 } as const;

interface WebServer {
  baseUrl: string;
  pid: number;
}

/**
 * The same figures on a database of their own, without the rest of `lists` (a million users):
 * `tsx bench/run.ts personal-data`.
 */
export function benchPersonalDataAlone(): Promise<Record<string, unknown>> {
  return withBenchDatabase("personal_data", async ({ client, web, env, meta }) => ({ ...(await benchPersonalData(client, web, env.DATA_DIR!)), errors: [], meta: await meta() }));
}

export async function benchPersonalData(client: pg.Client, web: WebServer, dataDir: string): Promise<Record<string, unknown>> {
  let started = performance.now();
  await seedStudents(client);
  const seedMs = round(performance.now() - started, 0);
  await addReaders(client);
  const office = await signIn(web.baseUrl, "bench_office", BENCH_ADMIN_PASSWORD);
  const teacher = await signIn(web.baseUrl, "bench_teacher", BENCH_ADMIN_PASSWORD);
  const officeToken = await backendToken(web.baseUrl, "bench_office");
  const teacherToken = await backendToken(web.baseUrl, "bench_teacher");

  const [first] = (
    await client.query<{ student_no: string; passport: string }>(
      `SELECT student_no, passport_no AS passport FROM school_student WHERE tenant_id = 1 AND grade = '3' AND status = '1' ORDER BY create_time DESC, id ASC LIMIT 1`,
    )
  ).rows;
  const total = String((await client.query<{ n: string }>(`SELECT count(*) AS n FROM school_student WHERE tenant_id = 1 AND grade = '3' AND status = '1'`)).rows[0]!.n);
  const query = new URLSearchParams({ ...STUDENT_QUERY, _routes: STUDENTS_ROUTE });
  const listUrl = `${web.baseUrl}/school/student.data?${query.toString()}`;
  /** What the backend answers the reader for the first student's passport (checked once per phase). */
  const passportSeen = async (token: string) => {
    const response = await fetchWithTimeout(`${web.baseUrl}/jeecg-boot/school/student/list?${new URLSearchParams({ ...STUDENT_QUERY, pageSize: "1" })}`, { headers: { "X-Access-Token": token } });
    const answer = (await response.json()) as { result?: { records?: Array<{ passportNo?: string }> } };
    return answer.result?.records?.[0]?.passportNo;
  };
  const expectSeen = async (token: string, wanted: string) => {
    const seen = await passportSeen(token);
    if (seen !== wanted) throw new Error(`the list answered the passport ${seen}, expected ${wanted}`);
  };
  const exportRows = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM school_student WHERE tenant_id = 1`)).rows[0]!.n);

  // The same students with their passports encrypted, in a table of their own written in the same
  // physical order; the two tables swap names between phases, so before and after alternate
  // within one run (A B B A …) and the load of the machine falls on both alike.
  started = performance.now();
  const ring = readKeyring(dataDir);
  await buildSealedCopy(client, ring);
  const encryptMs = round(performance.now() - started, 0);
  await client.query(`VACUUM ANALYZE school_student`);
  await client.query(`VACUUM ANALYZE ${SEALED_TABLE}`);
  let current: "clear" | "sealed" = "clear";
  const use = async (phase: "clear" | "sealed") => {
    if (phase === current) return;
    await swapTables(client);
    current = phase;
    const [stored] = (await client.query<{ passport_no: string }>(`SELECT passport_no FROM school_student WHERE student_no = $1`, [first!.student_no])).rows;
    if (stored!.passport_no.startsWith("pd1:") !== (phase === "sealed")) throw new Error(`the ${phase} table is not in place`);
  };

  // The statements the engine runs for the list (its count and page) and for an export's keyset
  // page halfway through the school (as the web server issues them), explained in both phases.
  const plans: Record<string, unknown> = {};
  for (const phase of ["clear", "sealed"] as const) {
    await use(phase);
    plans[phase] = await explainStatements(client);
  }

  const loaders = { before: new LoaderFigures(), maskedOnly: new LoaderFigures(), decrypted: new LoaderFigures(), decryptedMasked: new LoaderFigures() };
  const exportBefore: ExportFigure[] = [];
  const exportDecrypted: ExportFigure[] = [];
  const exportDecryptedMasked: ExportFigure[] = [];
  const loads: number[][] = [];
  for (let turn = 0; turn < ROUNDS; turn++) {
    const phases = turn % 2 === 0 ? (["clear", "sealed"] as const) : (["sealed", "clear"] as const);
    for (const phase of phases) {
      await use(phase);
      await expectSeen(officeToken, first!.passport);
      await expectSeen(teacherToken, maskValue("idNumber", first!.passport));
      if (phase === "clear") {
        // Before: the passport numbers in clear, 教务 sees them whole (nothing to open or mask).
        await loaders.before.sample(listUrl, office, [first!.student_no, total], web.pid);
        await loaders.maskedOnly.sample(listUrl, teacher, [first!.student_no, total], web.pid);
        exportBefore.push(await timeExport(web, client, officeToken, exportRows));
      } else {
        await loaders.decrypted.sample(listUrl, office, [first!.student_no, total], web.pid);
        await loaders.decryptedMasked.sample(listUrl, teacher, [first!.student_no, total], web.pid);
        exportDecrypted.push(await timeExport(web, client, officeToken, exportRows));
        exportDecryptedMasked.push(await timeExport(web, client, teacherToken, exportRows));
      }
    }
    loads.push(os.loadavg().map((value) => round(value, 2)));
  }
  await use("clear");

  const exportMedian = (figures: ExportFigure[]) => ({
    ms: median(figures.map((figure) => figure.ms)),
    cpuMs: median(figures.map((figure) => figure.cpuMs)),
    databaseCpuMs: median(figures.map((figure) => figure.databaseCpuMs)),
    totalCpuMs: median(figures.map((figure) => figure.cpuMs + figure.databaseCpuMs)),
    fileMb: figures[0]!.fileMb,
    runs: figures.map((figure) => figure.ms),
    cpuRuns: figures.map((figure) => figure.cpuMs),
  });
  const exports = {
    rows: exportRows,
    before: exportMedian(exportBefore),
    decrypted: exportMedian(exportDecrypted),
    decryptedMasked: exportMedian(exportDecryptedMasked),
  };
  const list = {
    before: loaders.before.stats(),
    maskedOnly: loaders.maskedOnly.stats(),
    decrypted: loaders.decrypted.stats(),
    decryptedMasked: loaders.decryptedMasked.stats(),
  };
  const result = {
    students: STUDENTS,
    matching: Number(total),
    query: STUDENT_QUERY,
    rounds: ROUNDS,
    seedMs,
    encryptMs,
    tables: await tableSizes(client),
    plans,
    listLoader: {
      ...list,
      ratio: round(list.decryptedMasked.p50 / list.before.p50, 2),
      cpuRatio: round(list.decryptedMasked.cpuMsPerRequest / list.before.cpuMsPerRequest, 2),
    },
    export: {
      ...exports,
      ratio: round(exports.decrypted.ms / exports.before.ms, 2),
      maskedRatio: round(exports.decryptedMasked.ms / exports.before.ms, 2),
      cpuRatio: round(exports.decrypted.cpuMs / exports.before.cpuMs, 2),
      totalCpuRatio: round(exports.decrypted.totalCpuMs / exports.before.totalCpuMs, 2),
    },
    opening: measureOpening(await sealedPassports(client), ring),
    /** The load average (1, 5, 15 min) after each round. */
    loadAverage: loads,
    goals: PERSONAL_DATA_GOALS,
  };
  // Printed at once: the rest of the section (a million users) may still run past its time limit.
  for (const line of summarizePersonalData(result)) console.log(`[bench] lists: ${line}`);
  return result;
}

/** Loader samples of one kind gathered over the rounds: warm-ups before each round's samples. */
class LoaderFigures {
  private durations: number[] = [];
  private cpu = 0;

  async sample(url: string, cookie: string, mustCarry: readonly string[], webPid: number): Promise<void> {
    for (let index = 0; index < LOADER_WARMUP; index++) await loadOnce(url, cookie, mustCarry);
    const cpuBefore = cpuMs(webPid);
    for (let index = 0; index < LOADER_SAMPLES; index++) this.durations.push(await loadOnce(url, cookie, mustCarry));
    this.cpu += cpuMs(webPid) - cpuBefore;
  }

  stats() {
    return { ...stats(this.durations), cpuMsPerRequest: round(this.cpu / this.durations.length, 1) };
  }
}

/** The route's `.data` request once (as bench/lists.ts times it): its wall-clock milliseconds. */
async function loadOnce(url: string, cookie: string, mustCarry: readonly string[]): Promise<number> {
  const started = performance.now();
  const answer = await getPage(url, cookie);
  const elapsed = performance.now() - started;
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
  const body = answer.body.toString("utf8");
  if (!mustCarry.every((text) => body.includes(text))) throw new Error(`GET ${url} did not carry ${mustCarry.join(", ")}`);
  return elapsed;
}

export function summarizePersonalData(result: Record<string, unknown> | undefined): string[] {
  if (!result) return [];
  const list = result.listLoader as { before: { p50: number; cpuMsPerRequest: number }; decryptedMasked: { p50: number; cpuMsPerRequest: number }; ratio: number; cpuRatio: number };
  const exported = result.export as {
    rows: number;
    before: { ms: number; cpuMs: number; totalCpuMs: number };
    decrypted: { ms: number; cpuMs: number; totalCpuMs: number };
    decryptedMasked: { ms: number };
    ratio: number;
    maskedRatio: number;
    cpuRatio: number;
    totalCpuRatio: number;
  };
  const opening = result.opening as { oneByOneMicros: number; pageMicros: number } | undefined;
  const loads = (result.loadAverage as number[][] | undefined)?.map((load) => load[0]).join(", ");
  return [
    `before/after alternated over ${String(result.rounds)} rounds, load average (1 min) after each: ${loads}`,
    `student list (100k students, passports): loader p50 ${list.before.p50} ms before, ${list.decryptedMasked.p50} ms decrypted and masked = ${list.ratio}× (goal ≤ ${PERSONAL_DATA_GOALS.listLoaderRatio}); web CPU ${list.before.cpuMsPerRequest} → ${list.decryptedMasked.cpuMsPerRequest} ms per request (${list.cpuRatio}×)`,
    `export ${exported.rows} students: ${exported.before.ms} ms before, ${exported.decrypted.ms} ms decrypted = ${exported.ratio}× (goal ≤ ${PERSONAL_DATA_GOALS.exportRatio}), ${exported.decryptedMasked.ms} ms decrypted and masked (${exported.maskedRatio}×); web CPU ${exported.before.cpuMs} → ${exported.decrypted.cpuMs} ms (${exported.cpuRatio}×), web and database CPU ${exported.before.totalCpuMs} → ${exported.decrypted.totalCpuMs} ms (${exported.totalCpuRatio}×)`,
    ...(opening ? [`opening a passport: ${opening.oneByOneMicros} µs one by one (decryptValue), ${opening.pageMicros} µs in pages of 1000 (decryptValues)`] : []),
  ];
}

// ---- data ---------------------------------------------------------------------------------------

/** 100,000 students as bench/school.ts seeds them, each with a passport number in clear. */
async function seedStudents(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO school_student (id, tenant_id, student_no, name_cn, name_en, sex, grade, status, nationality, passport_no, corp_id, create_by, create_time)
     SELECT 'bench' || g, 1, 'B' || lpad(g::text, 8, '0'), '学生' || g, 'Student ' || g, (1 + g % 2)::text, (g % 13)::text,
            CASE WHEN g % 10 = 0 THEN '2' ELSE '1' END, 'US', 'P' || lpad(g::text, 8, '0'), (SELECT id FROM school_corporation ORDER BY id LIMIT 1), 'admin',
            now() - ((g / 2) || ' seconds')::interval
     FROM generate_series(1, $1::int) g`,
    [STUDENTS],
  );
  await client.query("ANALYZE school_student");
}

/**
 * Two readers with the administrator's password: 教务 (student:viewSensitive) and 教师 (masked).
 * Written in SQL: the accounts an administrator adds must change their password first.
 */
async function addReaders(client: pg.Client): Promise<void> {
  for (const [username, role] of [
    ["bench_office", "office"],
    ["bench_teacher", "teacher"],
  ] as const) {
    await client.query(
      `INSERT INTO sys_user (id, username, realname, password, salt, status, del_flag, rel_tenant_ids, password_change_required, password_time, create_by, create_time)
       SELECT md5($1::text), $1::text, $1::text, password, salt, 1, 0, '1', false, now(), 'bench', now() FROM sys_user WHERE username = 'admin'`,
      [username],
    );
    await client.query(`INSERT INTO sys_user_role (id, user_id, role_id) SELECT md5($1::text || '-role'), md5($1::text), id FROM sys_role WHERE role_code = $2::text AND tenant_id = 1`, [username, role]);
  }
}

/** The keys the web server generated into its DATA_DIR (PERSONAL_DATA_KEYS unset). */
function readKeyring(dataDir: string): PersonalDataKeyring {
  const read = (name: string) => readFileSync(path.join(dataDir, name), "utf8").trim();
  return parseKeyring({ keys: read("personal-data-keys"), hashKey: read("personal-data-hash-key") });
}

/**
 * SEALED_TABLE: a copy of school_student (same columns, indexes, physical order) whose passport
 * numbers are stored as the backend stores them: ciphertext and search hash.
 */
async function buildSealedCopy(client: pg.Client, ring: PersonalDataKeyring): Promise<void> {
  await client.query(`CREATE TABLE ${SEALED_TABLE} (LIKE school_student INCLUDING ALL)`);
  const { rows } = await client.query<{ id: string; passport_no: string | null }>(`SELECT id, passport_no FROM school_student ORDER BY ctid`);
  for (let start = 0; start < rows.length; start += ENCRYPT_CHUNK) {
    const sealed = rows.slice(start, start + ENCRYPT_CHUNK).map((row, index) => {
      const clear = row.passport_no === null || row.passport_no.startsWith("pd1:") ? null : row.passport_no;
      return { id: row.id, at: start + index, value: clear === null ? null : encryptValue(clear, ring), hash: clear === null ? null : searchHash("idNumber", clear, ring) };
    });
    await client.query(
      `INSERT INTO ${SEALED_TABLE}
       SELECT (jsonb_populate_record(s, CASE WHEN r.value IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('passport_no', r.value, 'passport_no_hash', r.hash) END)).*
       FROM school_student s JOIN json_to_recordset($1::json) AS r (id text, at int, value text, hash text) ON s.id = r.id ORDER BY r.at`,
      [JSON.stringify(sealed)],
    );
  }
}

/** school_student and SEALED_TABLE exchange names (the web server's next statement reads the other). */
async function swapTables(client: pg.Client): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query(`ALTER TABLE school_student RENAME TO school_student_swapping`);
    await client.query(`ALTER TABLE ${SEALED_TABLE} RENAME TO school_student`);
    await client.query(`ALTER TABLE school_student_swapping RENAME TO ${SEALED_TABLE}`);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

const STUDENT_COLUMNS = `"id", "tenant_id", "student_no", "name_cn", "name_en", "sex", to_char("birthday", 'YYYY-MM-DD'), "nationality", "passport_no", "grade", "class_id", to_char("enroll_date", 'YYYY-MM-DD'), "status", "corp_id", "photo", "remark", "create_by", "create_time", "update_by", "update_time"`;

/** EXPLAIN ANALYZE of the list's count and page and of an export's keyset page: plan, buffers, time. */
async function explainStatements(client: pg.Client): Promise<Record<string, unknown>> {
  const [middle] = (await client.query<{ at: string; id: string }>(`SELECT create_time::text AS at, id FROM school_student WHERE tenant_id = 1 ORDER BY create_time DESC NULLS LAST, id ASC OFFSET 50000 LIMIT 1`)).rows;
  const statements: Record<string, [string, unknown[]]> = {
    count: [`SELECT count(*) AS "total" FROM "school_student" WHERE "grade" = $1 AND "status" = $2 AND ("tenant_id" = $3)`, ["3", "1", 1]],
    page: [`SELECT ${STUDENT_COLUMNS} FROM "school_student" WHERE "grade" = $1 AND "status" = $2 AND ("tenant_id" = $3) ORDER BY "create_time" DESC NULLS LAST, "id" ASC LIMIT $4`, ["3", "1", 1, 10]],
    exportPage: [
      `SELECT ${STUDENT_COLUMNS} FROM "school_student" WHERE (("tenant_id" = $1)) AND "create_time" <= $2 AND (("create_time" < $2) OR ("create_time" = $2 AND "id" > $3)) ORDER BY "create_time" DESC NULLS LAST, "id" ASC LIMIT 1000`,
      [1, middle!.at, middle!.id],
    ],
  };
  const plans: Record<string, unknown> = {};
  for (const [name, [text, params]] of Object.entries(statements)) {
    await client.query(text, params);
    const [row] = (await client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode; "Execution Time": number }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params)).rows;
    const { Plan: plan, "Execution Time": ms } = row!["QUERY PLAN"][0]!;
    const nodes: string[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node["Index Name"] ? `${node["Node Type"]} ${node["Index Name"]}` : node["Node Type"]);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan);
    plans[name] = { plan: nodes.join(" < "), buffers: plan["Shared Hit Blocks"] + plan["Shared Read Blocks"], ms: round(ms, 2) };
  }
  return plans;
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
}

/** Heap pages and average row and passport widths of both tables (bytes). */
async function tableSizes(client: pg.Client): Promise<Record<string, unknown>> {
  const sizes: Record<string, unknown> = {};
  for (const table of ["school_student", SEALED_TABLE]) {
    const [row] = (
      await client.query<{ pages: string; row_bytes: string; passport_bytes: string; hash_bytes: string | null; sealed: boolean }>(
        `SELECT pg_relation_size('${table}') / current_setting('block_size')::int AS pages, avg(pg_column_size(s.*))::int AS row_bytes,
                avg(pg_column_size(passport_no))::int AS passport_bytes, avg(pg_column_size(passport_no_hash))::int AS hash_bytes,
                bool_and(passport_no LIKE 'pd1:%') AS sealed
         FROM ${table} s WHERE id LIKE 'bench%'`,
      )
    ).rows;
    sizes[row!.sealed ? "sealed" : "clear"] = { pages: Number(row!.pages), rowBytes: Number(row!.row_bytes), passportBytes: Number(row!.passport_bytes), hashBytes: row!.hash_bytes === null ? null : Number(row!.hash_bytes) };
  }
  return sizes;
}

// ---- requests -----------------------------------------------------------------------------------

async function backendToken(base: string, username: string): Promise<string> {
  const response = await fetchWithTimeout(`${base}/jeecg-boot/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: BENCH_ADMIN_PASSWORD }),
  });
  const answer = (await response.json()) as { success: boolean; result?: { token?: string }; message?: string };
  if (!answer.success || !answer.result?.token) throw new Error(`backend sign-in of ${username} failed: ${answer.message}`);
  return answer.result.token;
}

interface ExportFigure {
  ms: number;
  /** CPU of the web server (which embeds the backend). */
  cpuMs: number;
  /** CPU of the database's server processes that served the bench database meanwhile. */
  databaseCpuMs: number;
  fileMb: number;
}

/** Every student of the school as 学生's 导出 gives them, read to the last byte. */
async function timeExport(web: WebServer, client: pg.Client, token: string, rows: number): Promise<ExportFigure> {
  const databaseBefore = await databaseCpu(client);
  const cpuBefore = cpuMs(web.pid);
  const started = performance.now();
  const response = await fetchWithTimeout(`${web.baseUrl}/jeecg-boot/school/student/exportXls`, { headers: { "X-Access-Token": token } }, 300_000);
  if (response.status !== 200 || !response.headers.get("content-type")?.includes("spreadsheetml")) throw new Error(`export answered ${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = round(performance.now() - started, 0);
  const cpu = cpuMs(web.pid) - cpuBefore;
  const databaseAfter = await databaseCpu(client);
  let databaseCpuMs = 0;
  for (const [pid, after] of databaseAfter) databaseCpuMs += after - (databaseBefore.get(pid) ?? 0);
  if (bytes < rows * 10) throw new Error(`the export of ${rows} students is only ${bytes} bytes`);
  return { ms, cpuMs: cpu, databaseCpuMs, fileMb: round(bytes / 1024 / 1024, 1) };
}

/** CPU milliseconds of each server process of the bench database but the bench's own connection. */
async function databaseCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // Ended meanwhile (or another machine's server: then the figure stays 0).
    }
  }
  return cpu;
}

/** The stored passports of the encrypted table (in its physical order). */
async function sealedPassports(client: pg.Client): Promise<string[]> {
  const table = (await client.query<{ sealed: boolean }>(`SELECT bool_and(passport_no LIKE 'pd1:%') AS sealed FROM school_student WHERE id LIKE 'bench%'`)).rows[0]!.sealed
    ? "school_student"
    : SEALED_TABLE;
  return (await client.query<{ passport_no: string }>(`SELECT passport_no FROM ${table} WHERE id LIKE 'bench%' ORDER BY ctid`)).rows.map((row) => row.passport_no);
}

/**
 * CPU microseconds per value of opening the sealed passports one by one (decryptValue: Node's
 * AES-GCM, a cipher context per value) and a page of 1000 at a time (decryptValues, as openRecords
 * does; docs/decisions/182), alternated three times, the best of each; both must give the same texts.
 */
function measureOpening(stored: readonly string[], ring: PersonalDataKeyring): { values: number; oneByOneMicros: number; pageMicros: number } {
  const timed = (open: () => string[]) => {
    const before = process.cpuUsage();
    const texts = open();
    const used = process.cpuUsage(before);
    return { texts, micros: (used.user + used.system) / stored.length };
  };
  let oneByOne = Infinity;
  let page = Infinity;
  for (let turn = 0; turn < 3; turn++) {
    const single = timed(() => stored.map((value) => decryptValue(value, ring)));
    const paged = timed(() => {
      const texts: string[] = [];
      for (let start = 0; start < stored.length; start += EXPORT_BATCH_SIZE) texts.push(...decryptValues(stored.slice(start, start + EXPORT_BATCH_SIZE), ring));
      return texts;
    });
    if (paged.texts.some((text, index) => text !== single.texts[index])) throw new Error("decryptValues and decryptValue disagree");
    oneByOne = Math.min(oneByOne, single.micros);
    page = Math.min(page, paged.micros);
  }
  return { values: stored.length, oneByOneMicros: round(oneByOne, 2), pageMicros: round(page, 2) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
