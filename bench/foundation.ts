// The foundation benchmark: cold start, idle memory, sign-in round trip and the JavaScript weight
// of the login page, all against the production build (build/server.js) on 127.0.0.1.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  expectStatus,
  findFreePort,
  getPage,
  measurePageJs,
  percentile,
  postSignInForm,
  fetchWithTimeout,
  round,
  rssMb,
  signInDetailed,
  startServer,
  type RunningServer,
} from "./lib";
import { measureThirdPartySignIns } from "./third-login";

const ADMIN_USERNAME = "admin";
// Only used for the throw-away data folders of the benchmark.
const ADMIN_PASSWORD = "Bench-Admin-2026";
const LOGIN_PATH = "/user/login";
const HOME_PATH = "/dashboard/analysis";

const RESTARTS = 5;
const SIGN_IN_ROUNDS = 30;
const THIRD_PARTY_ROUNDS = 20;
const IDLE_WAIT_MS = 3_000;
const MAX_LOGIN_ASSETS = 200;

export const FOUNDATION_GOALS = {
  coldStartMs: 1500,
  idleRssMb: 400,
  loginPageJsGzipKb: 150,
} as const;

/** Runs the foundation measurements. Figures that could not be taken are null and listed in `errors`. */
export async function benchFoundation(): Promise<Record<string, unknown>> {
  const errors: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "school-bench-"));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD };
  let server: RunningServer | null = null;

  let coldStartFirstStartMs: number | null = null;
  const coldStart = { medianMs: null as number | null, maxMs: null as number | null, runsMs: [] as number[] };
  let idleRssMb: number | null = null;
  let signInRoundTripMs: Record<string, number> | null = null;
  let phoneSignInRoundTripMs: Record<string, number> | null = null;
  let loginPageJs: { totalGzipKb: number; totalRawKb: number; files: { file: string; rawBytes: number; gzipBytes: number }[] } | null =
    null;

  try {
    // 1. First start on an empty data folder: creates and seeds the database.
    const port = await findFreePort();
    server = await startServer({ env, port, readyPath: LOGIN_PATH });
    coldStartFirstStartMs = server.readyMs;
    await server.stop();
    server = null;

    // 2. Restarts on the same data folder; the last one stays up for the other measurements.
    for (let run = 0; run < RESTARTS; run++) {
      server = await startServer({ env, port: await findFreePort(), readyPath: LOGIN_PATH });
      coldStart.runsMs.push(server.readyMs);
      if (run < RESTARTS - 1) {
        await server.stop();
        server = null;
      }
    }
    coldStart.medianMs = percentile(coldStart.runsMs, 50);
    coldStart.maxMs = Math.max(...coldStart.runsMs);
    const running = server!;

    // 3. Idle memory after a sign-in and a few page loads.
    try {
      idleRssMb = await measureIdleRss(running);
    } catch (error) {
      errors.push(`idleRssMb: ${message(error)}`);
    }

    // 4. Sign-in round trips.
    try {
      signInRoundTripMs = await measureSignInRoundTrips(running.baseUrl);
    } catch (error) {
      errors.push(`signInRoundTripMs: ${message(error)}`);
    }

    // 4b. Phone sign-in round trips (issue #17): one code per phone a minute, so one round per seeded phone.
    try {
      phoneSignInRoundTripMs = await measurePhoneSignInRoundTrips(running.baseUrl);
    } catch (error) {
      errors.push(`phoneSignInRoundTripMs: ${message(error)}`);
    }

    // 5. JavaScript of the login page.
    try {
      loginPageJs = await measurePageJs(running.baseUrl, LOGIN_PATH, undefined, MAX_LOGIN_ASSETS);
    } catch (error) {
      errors.push(`loginPageJsGzipKb: ${message(error)}`);
    }
  } catch (error) {
    errors.push(`server start: ${message(error)}`);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }

  // 6. Third-party sign-in round trips (OpenID Connect, CAS) on a server configured for them.
  let thirdPartySignInMs: Awaited<ReturnType<typeof measureThirdPartySignIns>> | null = null;
  try {
    thirdPartySignInMs = await measureThirdPartySignIns(THIRD_PARTY_ROUNDS);
  } catch (error) {
    errors.push(`thirdPartySignInMs: ${message(error)}`);
  }

  return {
    coldStartFirstStartMs: coldStartFirstStartMs === null ? null : Math.round(coldStartFirstStartMs),
    coldStartMs: {
      medianMs: coldStart.medianMs === null ? null : Math.round(coldStart.medianMs),
      maxMs: coldStart.maxMs === null ? null : Math.round(coldStart.maxMs),
      runsMs: coldStart.runsMs.map((value) => Math.round(value)),
    },
    idleRssMb: idleRssMb === null ? null : round(idleRssMb),
    signInRoundTripMs,
    phoneSignInRoundTripMs,
    oidcSignInRoundTripMs: thirdPartySignInMs?.oidc ?? null,
    casSignInRoundTripMs: thirdPartySignInMs?.cas ?? null,
    loginPageJsGzipKb: loginPageJs?.totalGzipKb ?? null,
    loginPageJsRawKb: loginPageJs?.totalRawKb ?? null,
    loginPageJsFiles: loginPageJs?.files ?? null,
    goals: FOUNDATION_GOALS,
    meta: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      totalMemMb: Math.round(os.totalmem() / 1024 / 1024),
      platform: `${process.platform}-${process.arch}`,
      date: new Date().toISOString(),
      restarts: RESTARTS,
      signInRounds: SIGN_IN_ROUNDS,
    },
    errors,
  };
}

async function measureIdleRss(server: RunningServer): Promise<number> {
  const { baseUrl } = server;
  for (let i = 0; i < 2; i++) await expectStatus(getPage(baseUrl + LOGIN_PATH), 200, LOGIN_PATH);
  const { cookie } = await signInDetailed(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
  for (let i = 0; i < 2; i++) await expectStatus(getPage(baseUrl + HOME_PATH, cookie), 200, HOME_PATH);
  await expectStatus(getPage(baseUrl + LOGIN_PATH), 200, LOGIN_PATH);
  await sleep(IDLE_WAIT_MS);
  return rssMb(server.pid);
}

/** POST the form → 302 + cookie, then GET the redirect target with the cookie → 200 (body read). */
async function measureSignInRoundTrips(baseUrl: string): Promise<Record<string, number>> {
  const durations: number[] = [];
  for (let i = 0; i < SIGN_IN_ROUNDS; i++) {
    const started = performance.now();
    const answer = await signInDetailed(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    if (new URL(answer.location).pathname !== HOME_PATH)
      throw new Error(`sign-in redirected to ${answer.location}, expected ${HOME_PATH}`);
    await expectStatus(getPage(answer.location, answer.cookie), 200, HOME_PATH);
    durations.push(performance.now() - started);
  }
  return {
    p50: round(percentile(durations, 50)),
    p95: round(percentile(durations, 95)),
    min: round(Math.min(...durations)),
    max: round(Math.max(...durations)),
  };
}

/** The seeded staff of one school with a phone (docs/decisions/049 bench): one phone sign-in each. */
const PHONES = ["13801010002", "15801010003", "15801010004", "18801010005", "18801010006", "13701010007"];

/**
 * Per phone, untimed: POST /sys/sms and read the recorded code as the administrator (消息). Timed:
 * POST the 手机号登录 form (`tab=phone`, `mobile`, `captcha`) to /user/login → 302 + cookie, then
 * GET the target with the cookie → 200, body read.
 */
async function measurePhoneSignInRoundTrips(baseUrl: string): Promise<Record<string, number>> {
  const backend = async (path: string, init: { body?: unknown; token?: string } = {}) => {
    const response = await fetchWithTimeout(`${baseUrl}/jeecg-boot${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", ...(init.token ? { "X-Access-Token": init.token } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return (await response.json()) as { success: boolean; message: string; result: { token: string; records?: Array<{ esContent?: string }> } };
  };
  const admin = await backend("/sys/login", { body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
  if (!admin.success) throw new Error(`admin sign-in: ${admin.message}`);
  const durations: number[] = [];
  for (const mobile of PHONES) {
    const sent = await backend("/sys/sms", { body: { mobile, smsmode: "0" } });
    if (!sent.success) throw new Error(`/sys/sms ${mobile}: ${sent.message}`);
    const list = await backend(`/sys/message/sysMessage/list?esReceiver=${mobile}`, { token: admin.result.token });
    const code = /(\d{6})/.exec(list.result?.records?.[0]?.esContent ?? "")?.[1];
    if (!code) throw new Error(`no recorded code for ${mobile}`);
    const started = performance.now();
    const answer = await postSignInForm(baseUrl, `${LOGIN_PATH}?tab=phone`, { tab: "phone", intent: "phone", mobile, captcha: code }, mobile);
    if (new URL(answer.location).pathname !== HOME_PATH) throw new Error(`phone sign-in redirected to ${answer.location}, expected ${HOME_PATH}`);
    await expectStatus(getPage(answer.location, answer.cookie), 200, HOME_PATH);
    durations.push(performance.now() - started);
  }
  return {
    p50: round(percentile(durations, 50)),
    p95: round(percentile(durations, 95)),
    min: round(Math.min(...durations)),
    max: round(Math.max(...durations)),
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Short human-readable lines for the summary. */
export function summarizeFoundation(result: Record<string, unknown>): string[] {
  const r = result as {
    coldStartFirstStartMs: number | null;
    coldStartMs: { medianMs: number | null; maxMs: number | null; runsMs: number[] };
    idleRssMb: number | null;
    signInRoundTripMs: { p50: number; p95: number } | null;
    phoneSignInRoundTripMs?: { p50: number; p95: number } | null;
    oidcSignInRoundTripMs?: { p50: number; p95: number } | null;
    casSignInRoundTripMs?: { p50: number; p95: number } | null;
    loginPageJsGzipKb: number | null;
    loginPageJsFiles: { file: string; gzipBytes: number }[] | null;
    errors: string[];
  };
  const show = (value: number | null | undefined, unit: string) => (value === null || value === undefined ? "n/a" : `${value} ${unit}`);
  const lines = [
    `cold start, first (creates DB): ${show(r.coldStartFirstStartMs, "ms")}`,
    `cold start, restart ×${r.coldStartMs.runsMs.length}:     median ${show(r.coldStartMs.medianMs, "ms")}, max ${show(r.coldStartMs.maxMs, "ms")}  (goal ≤ ${FOUNDATION_GOALS.coldStartMs} ms)`,
    `idle RSS:                       ${show(r.idleRssMb, "MB")}  (goal ≤ ${FOUNDATION_GOALS.idleRssMb} MB)`,
    `sign-in round trip ×${SIGN_IN_ROUNDS}:         p50 ${show(r.signInRoundTripMs?.p50, "ms")}, p95 ${show(r.signInRoundTripMs?.p95, "ms")}`,
    `phone sign-in round trip ×${PHONES.length}:    p50 ${show(r.phoneSignInRoundTripMs?.p50, "ms")}, p95 ${show(r.phoneSignInRoundTripMs?.p95, "ms")}`,
    `OpenID sign-in ×${THIRD_PARTY_ROUNDS}:          p50 ${show(r.oidcSignInRoundTripMs?.p50, "ms")}, p95 ${show(r.oidcSignInRoundTripMs?.p95, "ms")}`,
    `CAS sign-in ×${THIRD_PARTY_ROUNDS}:             p50 ${show(r.casSignInRoundTripMs?.p50, "ms")}, p95 ${show(r.casSignInRoundTripMs?.p95, "ms")}`,
    `login page JS (gzip -9):        ${show(r.loginPageJsGzipKb, "KB")} in ${r.loginPageJsFiles?.length ?? 0} files  (goal ≤ ${FOUNDATION_GOALS.loginPageJsGzipKb} KB)`,
  ];
  for (const file of r.loginPageJsFiles ?? []) lines.push(`    ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file.file}`);
  for (const error of r.errors) lines.push(`ERROR ${error}`);
  return lines;
}
