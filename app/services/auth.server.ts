// The route guard of spec/app-shell.md §2 and the session's life: sign-in, the permission answer
// (cached per token on this server, dropped at logout), and logout.
import { redirect } from "react-router";
import { z } from "zod";
import { loginResultSchema, type LoginResult } from "#contract/auth";
import { permissionAnswerSchema, type PermissionAnswer } from "#contract/permission";
import { Messages } from "#contract/messages";
import { HOME_PATH, LOGIN_PATH } from "~/config";
import { filterMenuByPermission } from "~/lib/menu-filter";
import { BackendClient, BackendError } from "./api.server";
import { commitSession, destroySession, getSession, type AppSession } from "./session.server";

export interface SignedIn {
  session: AppSession;
  api: BackendClient;
  user: { id: string; username: string; realname: string; tenantId: number };
}

/** Where to go after sign-in: only a local path, never another site. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = HOME_PATH): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return fallback;
  return target;
}

/**
 * A loader's or action's request with the URL React Router normalised for it (without the `.data`
 * suffix and `_routes` parameters of data requests: future.v8_passThroughRequests).
 */
export interface RouteRequest {
  request: Request;
  url: URL;
}

/** The login URL that brings the user back to the page's full path afterwards. */
export function loginUrlFor(url: URL): string {
  const back = url.pathname + url.search;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`;
}

export async function getSignedIn(request: Request): Promise<SignedIn | null> {
  const session = await getSession(request);
  const token = session.get("token");
  if (!token) return null;
  return {
    session,
    api: new BackendClient({ token, tenantId: session.get("tenantId") ?? 0 }),
    user: {
      id: session.get("userId") ?? "",
      username: session.get("username") ?? "",
      realname: session.get("realname") ?? "",
      tenantId: session.get("tenantId") ?? 0,
    },
  };
}

/** Guard of every private route: without a session, off to the login page with `redirect`. */
export async function requireSignedIn({ request, url }: RouteRequest): Promise<SignedIn> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) throw redirect(loginUrlFor(url));
  return signedIn;
}

export async function signIn(
  request: Request,
  credentials: { username: string; password: string },
  redirectTo: string,
): Promise<Response> {
  const answer = await new BackendClient().post("/sys/login", loginResultSchema, credentials);
  // spec/app-shell.md §4: login succeeds only when the code is 200.
  if (answer.code !== 200) throw new BackendError({ kind: "business", message: answer.message, status: 200, code: answer.code });
  const result: LoginResult = answer.result;
  const session = await getSession(request);
  session.set("token", result.token);
  session.set("userId", result.userInfo.id);
  session.set("username", result.userInfo.username);
  session.set("realname", result.userInfo.realname ?? result.userInfo.username);
  session.set("tenantId", result.tenantList?.[0]?.id ?? 0);
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": await commitSession(request, session) } });
}

// ---- the permission answer, once per session per web server ---------------------------------

// Short enough that a grant or revoke made on another web server shows within two minutes; this
// server forgets every answer at once when it makes such a change (forgetAllPermissions).
const PERMISSION_TTL_MS = 2 * 60 * 1000;
const PERMISSION_CACHE_LIMIT = 5_000;
const permissionCache = new Map<string, { answer: PermissionAnswer; loadedAt: number }>();

export function forgetPermissions(token: string | undefined): void {
  if (token) permissionCache.delete(token);
}

/** After a change of menus, role grants or role members: every session loads its answer again. */
export function forgetAllPermissions(): void {
  permissionCache.clear();
}

/**
 * Loads the menu, `auth` and `allAuth` of the signed-in user. A failed load, or an empty menu
 * ("permissions must be a non-null array"), logs out and returns to the login page (§2).
 */
export async function requirePermissions({ request, url }: RouteRequest, signedIn: SignedIn): Promise<PermissionAnswer> {
  const token = signedIn.session.get("token")!;
  const cached = permissionCache.get(token);
  if (cached && Date.now() - cached.loadedAt < PERMISSION_TTL_MS) return cached.answer;
  let answer: PermissionAnswer;
  try {
    answer = (await signedIn.api.get("/sys/permission/getUserPermissionByToken", permissionAnswerSchema)).result;
    if (answer.menu.length === 0) throw new Error(Messages.emptyMenu);
    answer = { ...answer, menu: filterMenuByPermission(answer.menu, answer.auth, answer.allAuth) };
  } catch (error) {
    if (!(error instanceof BackendError) && !(error instanceof Error)) throw error;
    throw await endSession(request, signedIn.session, loginUrlFor(url));
  }
  if (permissionCache.size >= PERMISSION_CACHE_LIMIT) permissionCache.delete(permissionCache.keys().next().value!);
  permissionCache.set(token, { answer, loadedAt: Date.now() });
  return answer;
}

/** Logout: the backend call may fail and is ignored (§4); the cookie and the cache go either way. */
export async function endSession(request: Request, session: AppSession, to = LOGIN_PATH): Promise<Response> {
  const token = session.get("token");
  if (token) {
    forgetPermissions(token);
    await new BackendClient({ token, tenantId: session.get("tenantId") }).send("POST", "/sys/logout").catch(() => undefined);
  }
  return redirect(to, { headers: { "Set-Cookie": await destroySession(request, session) } });
}

export const loginFormDataSchema = z.object({
  username: z.string().default(""),
  password: z.string().default(""),
  redirect: z.string().optional(),
});
