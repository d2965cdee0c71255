// Sign-in round trips of the third-party ways in (issue #17), for the foundation section: a server
// of its own (production build) configured with a real OpenID provider (oidc-provider) and a small
// CAS server run here, as the tests use. Each trip goes from the first request to the home page's
// 200, the provider's or CAS's own sign-in page included.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort, percentile, round, startServer, type RunningServer } from "./lib";
import { signInAtProvider, startOidcProvider } from "../tests/support/oidc";
import { startCasServer } from "../tests/support/cas";

const ADMIN_PASSWORD = "Bench-Admin-2026";
const HOME_PATH = "/dashboard/analysis";

type Stats = { p50: number; p95: number; min: number; max: number };

function stats(durations: number[]): Stats {
  return { p50: round(percentile(durations, 50)), p95: round(percentile(durations, 95)), min: round(Math.min(...durations)), max: round(Math.max(...durations)) };
}

/** A cookie jar of one origin, enough for redirects that set cookies. */
class Jar {
  private readonly pairs = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (value) this.pairs.set(name, value);
      else this.pairs.delete(name);
    }
  }
  header(): string {
    return [...this.pairs].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function step(url: string, jar: Jar, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: jar.header() } });
  jar.take(response);
  await response.arrayBuffer();
  return response;
}

function locationOf(response: Response, base: string): string {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${response.status} from ${response.url}`);
  return new URL(location, base).toString();
}

async function oidcTrip(baseUrl: string, login: string): Promise<void> {
  const jar = new Jar();
  const start = await step(`${baseUrl}/user/third-login/oidc`, jar);
  const back = await signInAtProvider(locationOf(start, baseUrl), login);
  const callback = await step(back.toString(), jar);
  let next = locationOf(callback, baseUrl);
  if (new URL(next).pathname.endsWith("/bind")) {
    const bound = await step(next, jar, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }).toString(),
    });
    next = locationOf(bound, baseUrl);
  }
  const home = await step(next, jar);
  if (home.status !== 200 || new URL(next).pathname !== HOME_PATH) throw new Error(`OpenID sign-in ended at ${next} with ${home.status}`);
}

async function casTrip(baseUrl: string, casUrl: string): Promise<void> {
  const jar = new Jar();
  const login = await step(`${baseUrl}/user/login`, jar);
  const casLogin = new URL(locationOf(login, baseUrl));
  const casJar = new Jar();
  const form = await step(`${casUrl}/login`, casJar, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD, service: casLogin.searchParams.get("service") ?? "" }).toString(),
  });
  const validated = await step(locationOf(form, casUrl), jar);
  const next = locationOf(validated, baseUrl);
  const home = await step(next, jar);
  if (home.status !== 200 || new URL(next).pathname !== HOME_PATH) throw new Error(`CAS sign-in ended at ${next} with ${home.status}`);
}

/** OpenID Connect (bound identity) and CAS sign-in round trips, `rounds` each. */
export async function measureThirdPartySignIns(rounds: number): Promise<{ oidc: Stats; cas: Stats }> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const provider = await startOidcProvider({ redirectUris: [`${baseUrl}/user/third-login/oidc/callback`] });
  const cas = await startCasServer({ admin: ADMIN_PASSWORD });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "school-bench-third-"));
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      port,
      readyPath: "/healthz",
      env: {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        CAS_URL: cas.url,
        THIRD_LOGIN_PROVIDERS: JSON.stringify([{ type: "oidc", name: "统一身份认证", issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }]),
      },
    });
    // The first trip binds the identity (not timed): the others go straight in.
    await oidcTrip(baseUrl, "bench-user");
    const oidc: number[] = [];
    const casRuns: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let started = performance.now();
      await oidcTrip(baseUrl, "bench-user");
      oidc.push(performance.now() - started);
      started = performance.now();
      await casTrip(baseUrl, cas.url);
      casRuns.push(performance.now() - started);
    }
    return { oidc: stats(oidc), cas: stats(casRuns) };
  } finally {
    await server?.stop();
    await provider.close();
    await cas.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}
