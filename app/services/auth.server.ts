// The route guard of docs/spec/app-shell.md §2 and the session's life: sign-in, the permission answer
// (cached per token on this server, dropped at logout), and logout.
import { redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { loginResultSchema, type LoginResult } from "#contract/auth";
import { resultEnvelopeSchema } from "#contract/envelope";
import { permissionAnswerSchema, type PermissionAnswer } from "#contract/permission";
import { Messages } from "#contract/messages";
import { workChatTypeOf } from "#contract/third-login";
import { HOME_PATH, LOGIN_PATH, PASSWORD_CHANGE_PATH, SIGN_IN_CHOICE_PATH } from "~/config";
import { filterMenuByPermission } from "~/lib/menu-filter";
import { backendClient, BackendError, type BackendClient, type ClientDetails } from "./api.server";
import { appOf, type RouteArgs } from "./app-context.server";
import { CLIENT_ADDRESS_HEADER } from "../../server/client-address";
import { commitSession, destroySession, getSession, type AppSession } from "./session.server";

export interface SignedIn {
  session: AppSession;
  api: BackendClient;
  user: { id: string; username: string; realname: string; tenantId: number; avatar: string };
}

/**
 * Where to go after sign-in: only a local path, never another site, and no control characters (a
 * line break would end up in the Location header: issue #10).
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = HOME_PATH): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(target)) return fallback;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return fallback;
  if (target === PASSWORD_CHANGE_PATH || target.startsWith(`${PASSWORD_CHANGE_PATH}?`)) return fallback;
  if (target === SIGN_IN_CHOICE_PATH || target.startsWith(`${SIGN_IN_CHOICE_PATH}?`)) return fallback;
  return target;
}

/**
 * A loader's or action's request with the URL React Router normalised for it (without the `.data`
 * suffix and `_routes` parameters of data requests: future.v8_passThroughRequests).
 */
export interface RouteRequest extends RouteArgs {
  url: URL;
}

/** The login URL that brings the user back to the page's full path afterwards. */
export function loginUrlFor(url: URL): string {
  const back = url.pathname + url.search;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`;
}

/**
 * The browser behind a request: its address as the web server's Express saw it (`trust proxy`,
 * passed on by server/react-router-handler.ts) and its User-Agent.
 */
export function clientOf(request: Request): ClientDetails {
  return { address: request.headers.get(CLIENT_ADDRESS_HEADER), userAgent: request.headers.get("user-agent") };
}

/** The tenant / department choice after sign-in, going to `target` afterwards. */
export function signInChoiceUrlFor(target: string): string {
  return `${SIGN_IN_CHOICE_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** The work-chat apps' sign-in (/oauth2-app/login), coming back to the page's full path. */
export function appLoginUrlFor(url: URL): string {
  return `/oauth2-app/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The forced password change, coming back to the page afterwards. */
export function passwordChangeUrlFor(url: URL): string {
  return `${PASSWORD_CHANGE_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

export async function getSignedIn(route: RouteArgs): Promise<SignedIn | null> {
  const session = await getSession(route);
  const token = session.get("token");
  if (!token) return null;
  return {
    session,
    api: backendClient(route.context, { token, tenantId: session.get("tenantId") ?? 0, client: clientOf(route.request) }),
    user: {
      id: session.get("userId") ?? "",
      username: session.get("username") ?? "",
      realname: session.get("realname") ?? "",
      tenantId: session.get("tenantId") ?? 0,
      avatar: session.get("avatar") ?? "",
    },
  };
}

/** Guard of every private route: without a session, off to the login page with `redirect`. */
export async function requireSignedIn(route: RouteRequest): Promise<SignedIn> {
  const { request, url } = route;
  const signedIn = await getSignedIn(route);
  // A work-chat in-app browser signs in again through its app (docs/spec/app-shell.md §6).
  if (!signedIn) throw redirect(workChatTypeOf(request.headers.get("user-agent")) ? appLoginUrlFor(url) : loginUrlFor(url));
  // A password someone else chose is changed before anything else (docs/decisions/011).
  if (signedIn.session.get("passwordChangeRequired")) throw redirect(passwordChangeUrlFor(url));
  // Then the tenant / department of the sign-in is chosen (docs/decisions/049).
  if (signedIn.session.get("choiceRequired")) throw redirect(signInChoiceUrlFor(url.pathname + url.search));
  return signedIn;
}

export interface SignInForm {
  username: string;
  password: string;
  captcha?: string | undefined;
  checkKey?: string | undefined;
}

/** Why the backend refused a sign-in, and whether the next try needs a captcha. */
export class SignInRefused extends Error {
  constructor(
    message: string,
    readonly captchaRequired: boolean,
  ) {
    super(message);
    this.name = "SignInRefused";
  }
}

const refusalSchema = z.object({ captchaRequired: z.boolean() }).nullish().catch(null);

/**
 * Signs in and answers the redirect that sets the session; a refusal throws SignInRefused. The
 * browser's address goes to the backend, whose failure counts are per name and per address.
 */
export function signIn(route: RouteArgs, credentials: SignInForm, redirectTo: string): Promise<Response> {
  return signInThrough(route, "/sys/login", credentials, redirectTo);
}

/** Phone sign-in with the SMS code (issue #17 part 1): the same session as a password sign-in. */
export function phoneSignIn(route: RouteArgs, credentials: { mobile: string; captcha: string }, redirectTo: string): Promise<Response> {
  return signInThrough(route, "/sys/phoneLogin", credentials, redirectTo);
}

async function signInThrough(route: RouteArgs, path: string, body: object, redirectTo: string): Promise<Response> {
  const client = backendClient(route.context, { client: clientOf(route.request) });
  const response = await client.send("POST", path, { body });
  return signedInResponse(route, await response.json(), redirectTo);
}

/**
 * The session of a login answer (`/sys/login`, `/sys/phoneLogin`, and the same answer of the
 * third-party and CAS sign-ins): sets the cookie and redirects; a refusal throws SignInRefused.
 */
export async function signedInResponse(route: RouteArgs, answer: unknown, redirectTo: string): Promise<Response> {
  const envelope = resultEnvelopeSchema.parse(answer);
  // docs/spec/app-shell.md §4: login succeeds only when the code is 200.
  if (!envelope.success || envelope.code !== 200)
    throw new SignInRefused(envelope.message, refusalSchema.parse(envelope.result)?.captchaRequired ?? false);
  const result: LoginResult = loginResultSchema.parse(envelope.result);
  const session = await getSession(route);
  session.unset("alteration");
  session.set("token", result.token);
  session.set("userId", result.userInfo.id);
  session.set("username", result.userInfo.username);
  session.set("realname", result.userInfo.realname ?? result.userInfo.username);
  session.set("avatar", result.userInfo.avatar ?? "");
  // The tenant the backend opened the session in (the last one chosen, else the first).
  const loginTenant = Number(result.userInfo.loginTenantId);
  const tenants = result.tenantList ?? [];
  session.set("tenantId", tenants.find((tenant) => tenant.id === loginTenant)?.id ?? tenants[0]?.id ?? 0);
  const target = safeRedirect(redirectTo);
  if (result.passwordChangeRequired) session.set("passwordChangeRequired", true);
  if (result.chooseTenant || result.chooseDepart) {
    session.set("choiceRequired", true);
    session.set("tenantChoices", tenants.map((tenant) => ({ id: tenant.id, name: tenant.name })));
  }
  const location = result.passwordChangeRequired
    ? passwordChangeUrlFor(new URL(target, "http://local"))
    : result.chooseTenant || result.chooseDepart
      ? signInChoiceUrlFor(target)
      : target;
  return openAppDocument(location, { "Set-Cookie": await commitSession(route, session) });
}

/**
 * The redirect into the app once signed in: a document load, not a client-side navigation, so that
 * the page after sign-in (首页) shows its figures from the server's HTML while its code loads, instead
 * of waiting for the layout's and the page's modules before React can render them (issue #35 item 3,
 * docs/decisions/173). Without JavaScript it is the same 302.
 */
export function openAppDocument(location: string, headers: HeadersInit): Response {
  return redirectDocument(location, { headers });
}

// ---- the permission answer, once per session per web server ---------------------------------

// Every web server forgets every answer at once when menus, grants or members change (the
// backends' `permissions` web event, docs/decisions/062); without Redis, changes made through
// another web server show within two minutes.
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
export async function requirePermissions(route: RouteRequest, signedIn: SignedIn): Promise<PermissionAnswer> {
  const { request, url, context } = route;
  // Such a change made through another web server (or any backend) arrives as a web event; the
  // handler is registered by name, so this (and a reload of this module) replaces it.
  appOf(context).webEvents.on("permissions", "permission-cache", forgetAllPermissions);
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
    const appBrowser = workChatTypeOf(request.headers.get("user-agent"));
    throw await endSession(route, signedIn.session, appBrowser ? appLoginUrlFor(url) : loginUrlFor(url));
  }
  if (permissionCache.size >= PERMISSION_CACHE_LIMIT) permissionCache.delete(permissionCache.keys().next().value!);
  permissionCache.set(token, { answer, loadedAt: Date.now() });
  return answer;
}

/** Logout: the backend call may fail and is ignored (§4); the cookie and the cache go either way. */
export async function endSession(route: RouteArgs, session: AppSession, to = LOGIN_PATH): Promise<Response> {
  const token = session.get("token");
  if (token) {
    forgetPermissions(token);
    await backendClient(route.context, { token, tenantId: session.get("tenantId"), client: clientOf(route.request) }).send("POST", "/sys/logout").catch(() => undefined);
  }
  return redirect(to, { headers: { "Set-Cookie": await destroySession(route, session) } });
}

export const loginFormDataSchema = z.object({
  username: z.string().default(""),
  password: z.string().default(""),
  captcha: z.string().optional(),
  checkKey: z.string().optional(),
  redirect: z.string().optional(),
});
