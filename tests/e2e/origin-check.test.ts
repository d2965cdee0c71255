// The one origin check (server/origin-check.ts, issue #10): every route of app/routes.ts whose
// module exports an `action` (page actions and /api/* resource routes alike) refuses a mutation
// from another origin and lets a same-origin one through, on the production build.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { baseUrl } from "./support/browser";

interface MutatingRoute {
  file: string;
  url: string;
}

/** Every route whose module exports an action, with a concrete URL (parameters filled in). */
function mutatingRoutes(entries: readonly RouteConfigEntry[], parent = ""): MutatingRoute[] {
  const found: MutatingRoute[] = [];
  for (const entry of entries) {
    const joined = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const source = readFileSync(path.join("app", entry.file), "utf8");
    if (/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)) {
      const concrete = (joined || "/").replace(/:\w+\??/g, "x").replace(/\*$/, "some/page");
      found.push({ file: entry.file, url: entry.index ? `${concrete}?index` : concrete });
    }
    if (entry.children) found.push(...mutatingRoutes(entry.children, joined));
  }
  return found;
}

const targets = mutatingRoutes(routes);
const FOREIGN = "http://evil.example";

async function post(url: string, headers: Record<string, string>, method = "POST") {
  const response = await fetch(`${baseUrl()}${url}`, {
    method,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    // No user name: the login action refuses it before the backend, so no sign-in failure is counted.
    body: "intent=origin-probe",
  });
  return { status: response.status, text: await response.text() };
}

const refused = (answer: { status: number; text: string }) => answer.status === 403 && answer.text === "拒绝访问";

describe("one origin check for every mutation", () => {
  it("finds the mutating routes of app/routes.ts, page actions and /api/* resource routes", () => {
    const files = targets.map((target) => target.file);
    expect(files).toContain("routes/user/login.tsx");
    expect(files).toContain("routes/system/users.tsx");
    expect(files.filter((file) => file.startsWith("routes/api/")).length).toBeGreaterThanOrEqual(10);
  });

  it.each(targets.map((target) => [target.url, target.file] as const))("%s (%s) refuses another origin", async (url) => {
    for (const method of ["POST", "PUT", "DELETE"]) expect(refused(await post(url, { Origin: FOREIGN }, method)), method).toBe(true);
    // React Router's client-side submissions go to the .data URL of the same route.
    if (!url.startsWith("/api/")) expect(refused(await post(url.replace(/(\?|$)/, ".data$1"), { Origin: FOREIGN }))).toBe(true);
    expect(refused(await post(url, { Origin: "null" }))).toBe(true);
    expect(refused(await post(url, { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(refused(await post(url, { Referer: `${FOREIGN}/page` }))).toBe(true);
  });

  it.each(targets.map((target) => [target.url, target.file] as const))("%s (%s) lets its own origin through", async (url) => {
    const answer = await post(url, { Origin: baseUrl(), "Sec-Fetch-Site": "same-origin" });
    expect(refused(answer)).toBe(false);
  });

  it("takes the origin a trusted proxy forwarded (scheme and host)", async () => {
    const behindProxy = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "school.example" };
    expect(refused(await post("/user/login", { ...behindProxy, Origin: "https://school.example" }))).toBe(false);
    expect(refused(await post("/user/login", { ...behindProxy, Origin: baseUrl() }))).toBe(true);
  });

  it("leaves reads alone", async () => {
    const response = await fetch(`${baseUrl()}/user/login`, { headers: { Origin: FOREIGN } });
    expect(response.status).toBe(200);
  });
});
