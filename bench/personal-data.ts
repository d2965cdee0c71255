// What personal data's protection costs (issue #34 "Figures"; docs/decisions/087 masking, 119
// encryption), in the `lists` section, on its database and web server: 100,000 students with a
// passport number each, the student list loader (page 1 of 三年级 在读, newest first: the route's
// `.data` request, as bench/school.ts measures it) and the Excel export of every student.
// - before: the passport numbers in clear, read by 教务 (who holds 查看敏感信息): nothing to open,
//   nothing to mask — what the code did before masking and encryption existed;
// - after: the same numbers encrypted (AES-256-GCM with their search hashes, as the backend writes
//   them), read by 教务 (opened) and by 教师 (opened and masked).
// Goals (issue #34): the list loader with masking and decryption ≤ 1.15 × before, the export with
// decryption ≤ 1.2 × before. CPU per request of the web server (which embeds the backend) is
// given beside each wall-clock figure: other load on the machine inflates it less.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { encryptValue, parseKeyring, searchHash, type PersonalDataKeyring } from "../backend/security/personal-data";
import { maskValue } from "#contract/modules/sensitive";
import { fetchWithTimeout, round, signIn } from "./lib";
import { BENCH_ADMIN_PASSWORD, withBenchDatabase } from "./database";
import { cpuMs, timeDataRequest } from "./lists";

const STUDENTS = 100_000;
const STUDENT_QUERY = { grade: "3", status: "1", column: "createTime", order: "desc" } as const;
const STUDENTS_ROUTE = "routes/people/students";
/** Exports of each kind, alternated (before, after, before, after…): the medians are compared. */
const EXPORT_ROUNDS = 3;
const ENCRYPT_CHUNK = 10_000;

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
  const loader = (cookie: string) => timeDataRequest(listUrl, cookie, [first!.student_no, total], web.pid);
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

  // ---- before: clear values, a reader who sees them in full ------------------------------------
  await expectSeen(officeToken, first!.passport);
  await expectSeen(teacherToken, maskValue("idNumber", first!.passport));
  const listBefore = await loader(office);
  const listMaskOnly = await loader(teacher);
  const exportBefore: ExportFigure[] = [];
  for (let round = 0; round < EXPORT_ROUNDS; round++) exportBefore.push(await timeExport(web, officeToken, exportRows));

  // ---- after: encrypted values ---------------------------------------------------------------------
  started = performance.now();
  await encryptPassports(client, readKeyring(dataDir));
  const encryptMs = round(performance.now() - started, 0);
  // Every row was just rewritten: compared with an unvacuumed table the figures measured the dead
  // rows (autovacuum settles a real upgrade's table minutes later), not the decryption.
  await client.query("VACUUM ANALYZE school_student");
  const [stored] = (await client.query<{ passport_no: string }>(`SELECT passport_no FROM school_student WHERE student_no = $1`, [first!.student_no])).rows;
  if (!stored!.passport_no.startsWith("pd1:")) throw new Error("the passport numbers were not encrypted");
  await expectSeen(officeToken, first!.passport);
  await expectSeen(teacherToken, maskValue("idNumber", first!.passport));
  const listDecrypted = await loader(office);
  const listDecryptedMasked = await loader(teacher);
  const exportDecrypted: ExportFigure[] = [];
  const exportDecryptedMasked: ExportFigure[] = [];
  for (let round = 0; round < EXPORT_ROUNDS; round++) {
    exportDecrypted.push(await timeExport(web, officeToken, exportRows));
    exportDecryptedMasked.push(await timeExport(web, teacherToken, exportRows));
  }

  const exportMedian = (figures: ExportFigure[]) => ({
    ms: median(figures.map((figure) => figure.ms)),
    cpuMs: median(figures.map((figure) => figure.cpuMs)),
    fileMb: figures[0]!.fileMb,
    runs: figures.map((figure) => figure.ms),
  });
  const exports = {
    rows: exportRows,
    before: exportMedian(exportBefore),
    decrypted: exportMedian(exportDecrypted),
    decryptedMasked: exportMedian(exportDecryptedMasked),
  };
  const result = {
    students: STUDENTS,
    matching: Number(total),
    query: STUDENT_QUERY,
    seedMs,
    encryptMs,
    listLoader: {
      before: listBefore,
      maskedOnly: listMaskOnly,
      decrypted: listDecrypted,
      decryptedMasked: listDecryptedMasked,
      ratio: round(listDecryptedMasked.p50 / listBefore.p50, 2),
      cpuRatio: round(listDecryptedMasked.cpuMsPerRequest / listBefore.cpuMsPerRequest, 2),
    },
    export: {
      ...exports,
      ratio: round(exports.decrypted.ms / exports.before.ms, 2),
      maskedRatio: round(exports.decryptedMasked.ms / exports.before.ms, 2),
      cpuRatio: round(exports.decrypted.cpuMs / exports.before.cpuMs, 2),
    },
    goals: PERSONAL_DATA_GOALS,
  };
  // Printed at once: the rest of the section (a million users) may still run past its time limit.
  for (const line of summarizePersonalData(result)) console.log(`[bench] lists: ${line}`);
  return result;
}

export function summarizePersonalData(result: Record<string, unknown> | undefined): string[] {
  if (!result) return [];
  const list = result.listLoader as { before: { p50: number; cpuMsPerRequest: number }; decryptedMasked: { p50: number; cpuMsPerRequest: number }; ratio: number; cpuRatio: number };
  const exported = result.export as { rows: number; before: { ms: number; cpuMs: number }; decrypted: { ms: number; cpuMs: number }; decryptedMasked: { ms: number }; ratio: number; maskedRatio: number; cpuRatio: number };
  return [
    `student list (100k students, passports): loader p50 ${list.before.p50} ms before, ${list.decryptedMasked.p50} ms decrypted and masked = ${list.ratio}× (goal ≤ ${PERSONAL_DATA_GOALS.listLoaderRatio}); web CPU ${list.before.cpuMsPerRequest} → ${list.decryptedMasked.cpuMsPerRequest} ms per request (${list.cpuRatio}×)`,
    `export ${exported.rows} students: ${exported.before.ms} ms before, ${exported.decrypted.ms} ms decrypted = ${exported.ratio}× (goal ≤ ${PERSONAL_DATA_GOALS.exportRatio}), ${exported.decryptedMasked.ms} ms decrypted and masked (${exported.maskedRatio}×); CPU ${exported.before.cpuMs} → ${exported.decrypted.cpuMs} ms (${exported.cpuRatio}×)`,
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

/** Every passport number as the backend stores it: ciphertext and search hash, in chunks. */
async function encryptPassports(client: pg.Client, ring: PersonalDataKeyring): Promise<void> {
  let after = "";
  for (;;) {
    const { rows } = await client.query<{ id: string; passport_no: string }>(
      `SELECT id, passport_no FROM school_student WHERE id > $1 AND passport_no IS NOT NULL AND passport_no NOT LIKE 'pd1:%' ORDER BY id LIMIT $2`,
      [after, ENCRYPT_CHUNK],
    );
    if (rows.length === 0) break;
    const sealed = rows.map((row) => ({ id: row.id, value: encryptValue(row.passport_no, ring), hash: searchHash("idNumber", row.passport_no, ring) }));
    await client.query(
      `UPDATE school_student s SET passport_no = r.value, passport_no_hash = r.hash FROM json_to_recordset($1::json) AS r (id text, value text, hash text) WHERE s.id = r.id`,
      [JSON.stringify(sealed)],
    );
    after = rows[rows.length - 1]!.id;
  }
  await client.query("ANALYZE school_student");
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
  cpuMs: number;
  fileMb: number;
}

/** Every student of the school as 学生's 导出 gives them, read to the last byte. */
async function timeExport(web: WebServer, token: string, rows: number): Promise<ExportFigure> {
  const cpuBefore = cpuMs(web.pid);
  const started = performance.now();
  const response = await fetchWithTimeout(`${web.baseUrl}/jeecg-boot/school/student/exportXls`, { headers: { "X-Access-Token": token } }, 300_000);
  if (response.status !== 200 || !response.headers.get("content-type")?.includes("spreadsheetml")) throw new Error(`export answered ${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = round(performance.now() - started, 0);
  if (bytes < rows * 10) throw new Error(`the export of ${rows} students is only ${bytes} bytes`);
  return { ms, cpuMs: cpuMs(web.pid) - cpuBefore, fileMb: round(bytes / 1024 / 1024, 1) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
