// Third-party (OpenID Connect) and CAS sign-in over real HTTP on PGlite (issue #17 parts 2-3):
// a real OpenID provider (oidc-provider) and a small real CAS server run by the test. An identity is
// never bound to two accounts, even when many bind it at once; states, nonces, tickets are used once.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ThirdLoginMessages } from "#contract/third-login";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "../support/constants";
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from "../support/oidc";
import { startCasServer, type TestCasServer } from "../support/cas";

const CALLBACK = "http://127.0.0.1:9/user/third-login/oidc/callback";
const SERVICE = "http://127.0.0.1:9/user/cas?redirect=%2Fdashboard%2Fanalysis";
const DEMO_USERS = ["principal_zhang", "dean_liu", "teacher_li", "teacher_chen", "finance_wang", "cashier_zhao", "clerk_sun"];

let provider: TestOidcProvider;
let cas: TestCasServer;
let server: TestBackend;
let base: string;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [CALLBACK] });
  cas = await startCasServer({});
  server = await startTestBackend("pglite", {
    thirdLoginProviders: [
      {
        type: "oidc",
        name: "统一身份认证",
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: "openid profile",
        tokenAuthMethod: "client_secret_basic",
        subjectClaim: "sub",
      },
    ],
    casUrl: cas.url,
  });
  base = server.url;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
  await cas?.close();
});

async function authorize(token?: string): Promise<string> {
  const path = token ? "/sys/thirdLogin/bindAuthorize" : "/sys/thirdLogin/authorize";
  const answer = await call(base, "POST", path, { token, body: { thirdType: "oidc", redirectUri: CALLBACK } });
  expect(answer.json?.success, answer.text).toBe(true);
  return answer.json.result.url as string;
}

/** A whole trip to the provider as `login`: the callback's code and state. */
async function codeFor(login: string, token?: string) {
  const back = await signInAtProvider(await authorize(token), login);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

function callback(code: string, state: string) {
  return call(base, "POST", "/sys/thirdLogin/callback", { body: { thirdType: "oidc", code, state } });
}

describe("OpenID Connect sign-in", () => {
  it("binds a new identity with the account's password the first time, then signs straight in", async () => {
    const first = await codeFor("alice");
    const answer = await callback(first.code, first.state);
    expect(answer.json.success, answer.text).toBe(true);
    expect(answer.json.result.token).toBeUndefined();
    expect(answer.json.result.realname).toBe("外部用户 alice");
    const bindToken = answer.json.result.bindToken as string;

    const wrong = await call(base, "POST", "/sys/thirdLogin/bindAccount", { body: { thirdType: "oidc", bindToken, username: "admin", password: "nope" } });
    expect(wrong.json.message).toBe("用户名或密码错误");
    const bound = await call(base, "POST", "/sys/thirdLogin/bindAccount", { body: { thirdType: "oidc", bindToken, username: "admin", password: TEST_ADMIN_PASSWORD } });
    expect(bound.json.code, bound.text).toBe(200);
    expect(bound.json.result.userInfo.username).toBe("admin");
    expect(bound.json.result.token).toBeTruthy();
    // The bind ticket is spent.
    const again = await call(base, "POST", "/sys/thirdLogin/bindAccount", { body: { thirdType: "oidc", bindToken, username: "admin", password: TEST_ADMIN_PASSWORD } });
    expect(again.json.message).toBe(ThirdLoginMessages.ticketInvalid);

    const second = await codeFor("alice");
    const straight = await callback(second.code, second.state);
    expect(straight.json.result.bindToken).toBeUndefined();
    const ticket = straight.json.result.token as string;
    const user = await call(base, "GET", `/sys/thirdLogin/getLoginUser/${ticket}/oidc`);
    expect(user.json.code, user.text).toBe(200);
    expect(user.json.result.userInfo.username).toBe("admin");
    const session = await call(base, "GET", "/sys/permission/getUserPermissionByToken", { token: user.json.result.token });
    expect(session.json.success).toBe(true);
    // A sign-in ticket works once, and only for its own type.
    expect((await call(base, "GET", `/sys/thirdLogin/getLoginUser/${ticket}/oidc`)).json.message).toBe(ThirdLoginMessages.ticketInvalid);
  });

  it("refuses an unknown, reused or foreign state, and an ID token whose nonce is not the redirect's", async () => {
    const trip = await codeFor("bob");
    expect((await callback(trip.code, "forged-state")).json.message).toBe(ThirdLoginMessages.stateInvalid);
    expect((await callback(trip.code, trip.state)).json.success).toBe(true);
    expect((await callback(trip.code, trip.state)).json.message).toBe(ThirdLoginMessages.stateInvalid);

    // An attacker's code injected into our redirect: even with the right PKCE verifier, the ID
    // token names the attacker's nonce, not the one stored with our state.
    const ours = new URL(await authorize());
    const state = ours.searchParams.get("state")!;
    const [request] = await server.backend.db.rows<{ code_verifier: string }>(
      sql`SELECT code_verifier FROM sys_third_login_request WHERE state_hash = ${createHash("sha256").update(state).digest("hex")}`,
    );
    const forged = new URL(ours);
    forged.searchParams.set("nonce", "attacker-nonce");
    forged.searchParams.set("state", "attacker-state");
    forged.searchParams.set("code_challenge", createHash("sha256").update(request!.code_verifier).digest("base64url"));
    const injected = await signInAtProvider(forged.toString(), "mallory");
    const answer = await callback(injected.searchParams.get("code")!, state);
    expect(answer.json.success).toBe(false);
    expect(answer.json.message).toBe(ThirdLoginMessages.stateInvalid);
    const accounts = await server.backend.db.rows(sql`SELECT 1 FROM sys_third_account WHERE third_user_uuid = 'mallory'`);
    expect(accounts).toHaveLength(0);
  });

  it("never binds one identity to two accounts, however many bind it at once", async () => {
    const tickets: string[] = [];
    for (const _ of DEMO_USERS) {
      const trip = await codeFor("carol");
      tickets.push((await callback(trip.code, trip.state)).json.result.bindToken);
    }
    const answers = await Promise.all(
      DEMO_USERS.map((username, index) =>
        call(base, "POST", "/sys/thirdLogin/bindAccount", { body: { thirdType: "oidc", bindToken: tickets[index], username, password: TEST_DEMO_PASSWORD } }),
      ),
    );
    const won = answers.filter((answer) => answer.json.code === 200);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.json.code !== 200)) expect(answer.json.message).toBe(ThirdLoginMessages.identityTaken);
    const rows = await server.backend.db.rows(sql`SELECT sys_user_id FROM sys_third_account WHERE third_type = 'oidc' AND third_user_uuid = 'carol'`);
    expect(rows).toHaveLength(1);
  });

  it("lists, binds from the 绑定 tab, refuses a second identity of a type, and unbinds", async () => {
    const token = await loginToken(base, "admin", TEST_ADMIN_PASSWORD);
    const list = await call(base, "GET", "/sys/thirdLogin/bindings", { token });
    expect(list.json.result).toEqual([expect.objectContaining({ type: "oidc", name: "统一身份认证", bound: true, realname: "外部用户 alice" })]);
    // admin already has alice: dave cannot be bound beside it.
    const dave = await codeFor("dave", token);
    expect((await callback(dave.code, dave.state)).json.message).toBe(ThirdLoginMessages.typeAlreadyBound);
    expect((await call(base, "DELETE", "/sys/thirdLogin/deleteThirdAccount?thirdType=oidc", { token })).json.message).toBe(ThirdLoginMessages.unbound);
    expect((await call(base, "DELETE", "/sys/thirdLogin/deleteThirdAccount?thirdType=oidc", { token })).json.message).toBe(ThirdLoginMessages.notBound);
    const rebind = await codeFor("dave", token);
    const bound = await callback(rebind.code, rebind.state);
    expect(bound.json.result.bound).toBe(true);
    expect((await call(base, "GET", "/sys/thirdLogin/bindings", { token })).json.result[0]).toMatchObject({ bound: true, realname: "外部用户 dave" });
    // alice is free again: her next sign-in asks for an account.
    const alice = await codeFor("alice");
    expect((await callback(alice.code, alice.state)).json.result.bindToken).toBeTruthy();
    // Signed-out callers get nothing.
    expect((await call(base, "GET", "/sys/thirdLogin/bindings")).status).toBe(401);
  });
});

describe("CAS sign-in", () => {
  function validate(ticket: string, service = SERVICE) {
    return call(base, "POST", "/sys/cas/client/validateLogin", { body: { ticket, service } });
  }

  it("signs in the CAS user once per ticket, and refuses a replayed ticket even when the CAS server would accept it", async () => {
    const ticket = cas.issueTicket("teacher_li", SERVICE);
    const answer = await validate(ticket);
    expect(answer.json.code, answer.text).toBe(200);
    expect(answer.json.result.userInfo.username).toBe("teacher_li");
    expect(answer.json.result.token).toBeTruthy();

    cas.lenient = true;
    try {
      const before = cas.validations;
      expect((await validate(ticket)).json.message).toBe(ThirdLoginMessages.casTicketUsed);
      expect(cas.validations).toBe(before);
    } finally {
      cas.lenient = false;
    }
  });

  it("refuses a ticket of another service, an unknown ticket and an unknown user", async () => {
    const other = cas.issueTicket("teacher_li", "http://elsewhere.example/");
    expect((await validate(other)).json.message).toBe(ThirdLoginMessages.casTicketInvalid);
    expect((await validate("ST-unknown")).json.message).toBe(ThirdLoginMessages.casTicketInvalid);
    expect((await validate(cas.issueTicket("nobody_here", SERVICE))).json.message).toBe(ThirdLoginMessages.casUserMissing);
    const concurrent = cas.issueTicket("dean_liu", SERVICE);
    const answers = await Promise.all(Array.from({ length: 8 }, () => validate(concurrent)));
    expect(answers.filter((answer) => answer.json.code === 200)).toHaveLength(1);
  });
});
