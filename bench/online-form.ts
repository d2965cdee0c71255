// Section `online`, online forms (issue #18 part 1): the generated list page's loader against the
// same page built in code, at 100,000 rows each, on a throw-away PostgreSQL database of the local
// server (postgres://postgres@127.0.0.1:5432, or BENCH_POSTGRES_URL):
// - the page built in code: 职务管理 (/isystem/position, contract/modules/position.ts), 100k positions;
// - the generated page: a form defined through 表单开发's endpoints with the same fields (编码, 名称,
//   职级 on the dictionary position_rank), synchronised and added to the menu, 100k rows;
// - each loader's `.data` request (signed in as admin, page 1 sorted by creation time), timed in
//   alternating rounds so that load on the machine falls on both. Goal: p50 ratio ≤ 1.2.
import os from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { findFreePort, round, signIn, startServer, type RunningServer } from "./lib";
import { adminQuery, BENCH_ADMIN_PASSWORD as ADMIN_PASSWORD, serverVersion } from "./database";
import { timeDataRequest } from "./lists";

const ROWS = 100_000;
const ROUNDS = 3;
const CODE = "bench_post";

export const ONLINE_FORM_GOALS = { generatedToCodeLoaderP50Ratio: 1.2 } as const;

async function backendCall(base: string, token: string | null, method: string, route: string, body?: unknown) {
  const response = await fetch(`${base}/jeecg-boot${route}`, {
    method,
    headers: { ...(token ? { "X-Access-Token": token } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { success: boolean; message: string; result: any };
  if (!answer.success) throw new Error(`${method} ${route}: ${answer.message}`);
  return answer;
}

export async function benchOnlineForm(): Promise<Record<string, unknown>> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = `bench_online_${process.pid}_${Date.now()}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-online-"));
  let web: RunningServer | null = null;
  const client = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
  try {
    web = await startServer({ env: { DATABASE_URL: databaseUrl, ADMIN_PASSWORD, DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, "upload") }, port: await findFreePort(), readyTimeoutMs: 120_000 });
    await client.connect();
    connected = true;
    const token = (await backendCall(web.baseUrl, null, "POST", "/sys/login", { username: "admin", password: ADMIN_PASSWORD })).result.token as string;
    const fields = [
      { name: "code", label: "职务编码", dbType: "string", length: 100, required: true, showSearch: true },
      { name: "name", label: "职务名称", dbType: "string", length: 100, required: true, showSearch: true },
      { name: "post_rank", label: "职级", dbType: "string", length: 2, dict: "position_rank" },
    ];
    await backendCall(web.baseUrl, token, "POST", "/online/cgform/head/add", { tableName: CODE, tableTxt: "职务（在线表单）", tableType: "1", fieldJson: JSON.stringify(fields) });
    const { id } = (await client.query<{ id: string }>(`SELECT id FROM onl_cgform_head WHERE table_name = $1`, [CODE])).rows[0]!;
    await backendCall(web.baseUrl, token, "POST", `/online/cgform/head/doDbSynch?id=${id}`);
    await backendCall(web.baseUrl, token, "POST", `/online/cgform/head/addMenu?id=${id}`);

    const started = performance.now();
    const rows = `SELECT md5('p' || g), 'P' || g, '职务' || g, ((g % 5) + 1)::text, 1, now() - (g || ' seconds')::interval FROM generate_series(1, ${ROWS}) g`;
    await client.query(`INSERT INTO sys_position (id, code, name, post_rank, tenant_id, create_time) ${rows}`);
    await client.query(`INSERT INTO onlform_${CODE} (id, code, name, post_rank, tenant_id, create_time) ${rows}`);
    await client.query(`ANALYZE sys_position; ANALYZE onlform_${CODE}`);
    const seedMs = round(performance.now() - started, 0);

    const cookie = await signIn(web.baseUrl, "admin", ADMIN_PASSWORD);
    const total = String(Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM sys_position WHERE tenant_id = 1`)).rows[0]!.n));
    const codeUrl = `${web.baseUrl}/isystem/position.data?_routes=${encodeURIComponent("routes/system/positions")}`;
    const generatedUrl = `${web.baseUrl}/online/cgformList/${CODE}.data?_routes=${encodeURIComponent("routes/online/form-list")}`;
    const p50s = { code: [] as number[], generated: [] as number[] };
    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
      p50s.code.push((await timeDataRequest(codeUrl, cookie, [total, "P1"], web.pid)).p50);
      p50s.generated.push((await timeDataRequest(generatedUrl, cookie, [String(ROWS), "P1"], web.pid)).p50);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const codeP50 = round(median(p50s.code), 2);
    const generatedP50 = round(median(p50s.generated), 2);
    const ratio = round(generatedP50 / codeP50, 3);
    return {
      rows: ROWS,
      loaderP50Ms: { builtInCode: codeP50, generated: generatedP50 },
      roundsP50Ms: p50s,
      generatedToCodeLoaderP50Ratio: ratio,
      goals: ONLINE_FORM_GOALS,
      errors: ratio <= ONLINE_FORM_GOALS.generatedToCodeLoaderP50Ratio ? [] : [`generated/code loader p50 ratio ${ratio} > ${ONLINE_FORM_GOALS.generatedToCodeLoaderP50Ratio}`],
      seedMs,
      meta: { node: process.version, cpus: os.cpus().length, date: new Date().toISOString(), postgres: await serverVersion(client) },
    };
  } finally {
    if (connected) await client.end().catch(() => undefined);
    await web?.stop();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: unknown) => console.error(`[bench] could not drop ${database}:`, error));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function summarizeOnlineForm(result: Record<string, unknown>): string[] {
  const p50 = result.loaderP50Ms as { builtInCode: number; generated: number } | undefined;
  if (!p50) return [];
  return [
    `online form list loader at ${String(result.rows)} rows: generated p50 ${p50.generated} ms, built in code p50 ${p50.builtInCode} ms, ratio ${String(result.generatedToCodeLoaderP50Ratio)} (goal ≤ ${ONLINE_FORM_GOALS.generatedToCodeLoaderP50Ratio})`,
  ];
}
