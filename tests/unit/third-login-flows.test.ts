// The third-party sign-in's flow cookies (app/services/third-login.server.ts): several flows under
// way in one browser, each in a cookie of its own, each callback taking its own by its state.
import { describe, expect, it } from "vitest";
import { dropFlow, keepFlow, readFlows, startFlow } from "~/services/third-login.server";
import { routeArgs, testApp } from "../support/app-context";

const app = testApp("http://backend.test/jeecg-boot", { SESSION_SECRET: "third-login-flows-test-secret" });

const flow = (state: string) => ({ state, type: "oidc", redirect: "/dashboard/analysis", bind: false, app: false });
const none = routeArgs(app, new Request("http://school.test/"));

/** The browser's cookie jar: each Set-Cookie replaces or expires the cookie of its name. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(...setCookies: string[]): this {
    for (const setCookie of setCookies) {
      const pair = setCookie.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("="));
      if (/Max-Age=0/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    return this;
  }
  takeHeaders(headers: Headers): this {
    return this.take(...headers.getSetCookie());
  }
  request() {
    return routeArgs(app, new Request("http://school.test/user/third-login/oidc/callback", { headers: { Cookie: [...this.cookies.values()].join("; ") } }));
  }
}

describe("third-party sign-in flows", () => {
  it("keeps flows started at the same moment, each callback taking its own", async () => {
    // Two starts read the same cookies (none) and answer at once: neither overwrites the other.
    const jar = new Jar();
    const [first, second] = await Promise.all([startFlow(none, flow("state-1"), 1000), startFlow(none, flow("state-2"), 2000)]);
    jar.takeHeaders(first).takeHeaders(second);
    const flows = await readFlows(jar.request(), 3000);
    expect(flows.map((kept) => kept.state)).toEqual(["state-2", "state-1"]);

    const taken = flows.find((kept) => kept.state === "state-1")!;
    jar.take(await dropFlow(jar.request(), taken));
    expect((await readFlows(jar.request(), 3000)).map((kept) => kept.state)).toEqual(["state-2"]);
  });

  it("replaces a flow in its own cookie (the callback's pending bind)", async () => {
    const jar = new Jar().takeHeaders(await startFlow(none, flow("state-1"), 1000));
    const [started] = await readFlows(jar.request(), 1000);
    jar.take(await keepFlow(jar.request(), { ...started!, state: "", bindToken: "ticket", startedAt: 1500 }));
    const flows = await readFlows(jar.request(), 2000);
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ id: started!.id, bindToken: "ticket", state: "" });
  });

  it("keeps the newest four, forgets flows older than ten minutes", async () => {
    const jar = new Jar();
    for (const [index, state] of ["a", "b", "c", "d", "e"].entries()) jar.takeHeaders(await startFlow(jar.request(), flow(state), 1000 + index));
    expect((await readFlows(jar.request(), 2000)).map((kept) => kept.state)).toEqual(["e", "d", "c", "b"]);
    expect(await readFlows(jar.request(), 1004 + 10 * 60_000)).toEqual([]);
  });

  it("reads nothing from a cookie it did not sign", async () => {
    const value = Buffer.from(JSON.stringify({ ...flow("x"), startedAt: Date.now() })).toString("base64");
    const forged = new Request("http://school.test/", { headers: { Cookie: `school_third_login_forged=${value}` } });
    expect(await readFlows(routeArgs(app, forged))).toEqual([]);
  });
});
