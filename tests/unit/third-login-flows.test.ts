// The third-party sign-in's flow cookie (app/services/third-login.server.ts): several flows under
// way in one browser, each callback taking its own by its state.
import { beforeAll, describe, expect, it } from "vitest";
import { readFlows, takeFlow, writeFlows, type KeptFlow } from "~/services/third-login.server";

beforeAll(() => {
  process.env.SESSION_SECRET = "third-login-flows-test-secret";
});

const flow = (state: string, extra: Partial<KeptFlow> = {}) => ({ state, type: "oidc", redirect: "/dashboard/analysis", bind: false, app: false, ...extra });

/** A request carrying what a Set-Cookie header set. */
function carrying(setCookie: string): Request {
  return new Request("http://school.test/user/third-login/oidc/callback", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("third-party sign-in flows", () => {
  it("keeps an earlier flow when a later one starts, and each callback takes its own", async () => {
    const none = new Request("http://school.test/");
    const first = carrying(await writeFlows(none, [flow("state-1")]));
    const both = carrying(await writeFlows(first, [flow("state-2"), ...(await readFlows(first))]));
    expect((await readFlows(both)).map((kept) => kept.state)).toEqual(["state-2", "state-1"]);

    const { flow: taken, rest } = takeFlow(await readFlows(both), (kept) => kept.state === "state-1");
    expect(taken?.state).toBe("state-1");
    const after = carrying(await writeFlows(both, rest));
    expect((await readFlows(after)).map((kept) => kept.state)).toEqual(["state-2"]);
    expect(takeFlow(await readFlows(after), (kept) => kept.state === "state-1").flow).toBeNull();
  });

  it("keeps the newest four, forgets flows older than ten minutes, and clears the cookie when none is left", async () => {
    const none = new Request("http://school.test/");
    const started = Date.now();
    const many = carrying(await writeFlows(none, ["a", "b", "c", "d", "e"].map((state) => flow(state)), started));
    expect((await readFlows(many, started)).map((kept) => kept.state)).toEqual(["a", "b", "c", "d"]);
    expect(await readFlows(many, started + 10 * 60_000)).toEqual([]);
    const cleared = await writeFlows(many, []);
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it("reads nothing from a cookie it did not sign", async () => {
    const forged = new Request("http://school.test/", { headers: { Cookie: `school_third_login=${Buffer.from(JSON.stringify([flow("x", { startedAt: Date.now() })])).toString("base64")}` } });
    expect(await readFlows(forged)).toEqual([]);
  });
});
