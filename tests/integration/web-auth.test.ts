// Loaders and actions of the sign-in flow, called with real Requests, against the embedded backend.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestBackend, type TestBackend } from "../support/backend";
import { TEST_ADMIN_PASSWORD } from "../support/constants";
import { routeArgs, testApp } from "../support/app-context";
import type { AppContext } from "~/services/app-context.server";

let server: TestBackend;
let app: AppContext;
const origin = "http://school.test";

beforeAll(async () => {
  server = await startTestBackend();
  app = testApp(server.url);
});
afterAll(async () => server?.close());

const login = await import("~/routes/user/login");
const logout = await import("~/routes/user/logout");
const mainLayout = await import("~/routes/main/layout");
const dashboard = await import("~/routes/main/dashboard-analysis");
const menuPage = await import("~/routes/main/menu-page");

type Args = Parameters<typeof login.action>[0];
const args = (request: Request, on = app) => routeArgs(on, request) as unknown as Args;

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${origin}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

function cookieOf(response: Response): string {
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

async function signIn(redirect = ""): Promise<{ response: Response; cookie: string }> {
  const response = (await login.action(args(postForm("/user/login", { username: "admin", password: TEST_ADMIN_PASSWORD, redirect })))) as Response;
  return { response, cookie: cookieOf(response) };
}

describe("sign-in flow", () => {
  it("sends a visitor without a session to the login page with the full path to come back to", async () => {
    const request = new Request(`${origin}/isystem/user?pageNo=2&order=asc`);
    const response = await thrown(mainLayout.loader(args(request) as never));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/login?redirect=%2Fisystem%2Fuser%3FpageNo%3D2%26order%3Dasc");
  });

  it("answers the spec's messages for empty fields, and the backend's for a wrong password", async () => {
    const empty = (await login.action(args(postForm("/user/login", { username: " ", password: "" })))) as { data: any; init: any };
    expect(empty.init.status).toBe(400);
    expect(empty.data.fieldErrors).toEqual({ username: "请输入用户名", password: "请输入密码" });

    const wrong = (await login.action(args(postForm("/user/login", { username: "admin", password: "nope" })))) as { data: any; init: any };
    expect(wrong.init.status).toBe(401);
    expect(wrong.data.formError).toBe("用户名或密码错误");
  });

  it("signs in with an httpOnly, 7-day session cookie and goes where it was asked to", async () => {
    const { response } = await signIn("/isystem/user");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/isystem/user");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("marks the cookie Secure when the request came over https", async () => {
    const request = new Request("https://school.test/user/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: TEST_ADMIN_PASSWORD }),
    });
    const response = (await login.action(args(request))) as Response;
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);
  });

  it("refuses to redirect to another site after sign-in", async () => {
    const { response } = await signIn("//evil.example/steal");
    expect(response.headers.get("Location")).toBe("/dashboard/analysis");
  });

  it("gives the signed-in user the menu, the greeting and the real name; login page sends them home", async () => {
    const { cookie } = await signIn();
    const request = (path: string) => new Request(`${origin}${path}`, { headers: { Cookie: cookie } });
    const layout = await mainLayout.loader(args(request("/dashboard/analysis")) as never);
    expect(layout.user.realname).toBe("管理员");
    expect(layout.menu.length).toBeGreaterThan(3);
    const home = await dashboard.loader(args(request("/dashboard/analysis")) as never);
    expect(home.realname).toBe("管理员");
    expect(["早上好", "上午好", "中午好", "下午好", "晚上好"]).toContain(home.greeting);
    const loginVisit = await thrown(login.loader(args(request("/user/login")) as never));
    expect(loginVisit.headers.get("Location")).toBe("/dashboard/analysis");
    const page = await menuPage.loader(args(request("/isystem/user")) as never);
    expect(page.title).toBe("用户管理");
    const unknown = await thrown(menuPage.loader(args(request("/no/such/page")) as never).catch((error) => {
      throw new Response(null, { status: (error as { init?: { status: number } }).init?.status ?? 0 });
    }));
    expect(unknown.status).toBe(404);
  });

  it("logs out: the cookie is cleared and the backend token no longer works", async () => {
    const { cookie } = await signIn();
    const response = (await logout.action(args(postForm("/user/logout", {}, cookie)) as never)) as Response;
    expect(response.headers.get("Location")).toBe("/user/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const [latest] = await server.backend.db.rows<{ end_reason: string | null }>(
      sql`SELECT end_reason FROM sys_session WHERE username = 'admin' ORDER BY create_time DESC, id DESC LIMIT 1`,
    );
    expect(latest!.end_reason).toBe("logout");
    // the same cookie replayed after logout is refused by the backend: back to the login page
    const replay = await thrown(mainLayout.loader(args(new Request(`${origin}/dashboard/analysis`, { headers: { Cookie: cookie } })) as never));
    expect(replay.headers.get("Location")).toBe("/user/login?redirect=%2Fdashboard%2Fanalysis");
  });

  it("logs out even when the backend is unreachable", async () => {
    const { cookie } = await signIn();
    const unreachable = testApp("http://127.0.0.1:9/jeecg-boot");
    const response = (await logout.action(args(postForm("/user/logout", {}, cookie), unreachable) as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });
});

describe("menu pages", () => {
  it("resolves a client-side data request (.data URL) by its page path", async () => {
    const { cookie } = await signIn();
    const request = new Request(`${origin}/isystem/dict.data?_routes=routes%2Fmain%2Fmenu-page`, { headers: { Cookie: cookie } });
    const page = await menuPage.loader({ ...routeArgs(app, request), url: new URL(`${origin}/isystem/dict`) } as never);
    expect(page.title).toBe("数据字典");
  });

  it("answers 403 for a known page outside the user's menu, 404 for an unknown one", async () => {
    const teacher = (await login.action(args(postForm("/user/login", { username: "teacher_li", password: (await import("../support/constants")).TEST_DEMO_PASSWORD })))) as Response;
    const cookie = cookieOf(teacher);
    const status = async (path: string) => {
      try {
        await menuPage.loader(args(new Request(`${origin}${path}`, { headers: { Cookie: cookie } })) as never);
        return 200;
      } catch (error) {
        return (error as { init?: { status: number } }).init?.status ?? (error as Response).status;
      }
    };
    expect(await status("/school/student")).toBe(200);
    expect(await status("/isystem/user")).toBe(403);
    expect(await status("/isystem/nothing")).toBe(404);
  });
});
