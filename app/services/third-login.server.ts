// Third-party, CAS and work-chat sign-in on the web server (issue #17 parts 2-4,
// docs/decisions/051, 052). The backend keeps the state, nonce and PKCE verifier and verifies the
// provider's answer; this side binds the redirect to the browser (a short signed cookie per flow
// holding the state, where to go afterwards and a pending bind ticket) and turns the answers into the
// session cookie, as the password sign-in does.
import { randomBytes } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { resultEnvelopeSchema } from "#contract/envelope";
import { thirdBindingSchema, thirdCallbackSchema, thirdProviderSchema, type ThirdProvider } from "#contract/third-login";
import { backendClient, BackendError } from "./api.server";
import { appOf, type RouteArgs, type RouteContext } from "./app-context.server";
import { clientOf, safeRedirect, type SignedIn } from "./auth.server";
import { LOGIN_PATH } from "~/config";

/** Where a work-chat in-app browser signs in (docs/spec/app-shell.md §2, §6). */
export const OAUTH2_APP_LOGIN_PATH = "/oauth2-app/login";

/** CAS_URL of the web server: the login page sends browsers to CAS (README "CAS single sign-on"). */
export function casUrl(context: RouteContext): string | null {
  return appOf(context).config.casUrl;
}

export function casLoginUrl({ request, context }: RouteArgs, redirectTo: string): string {
  return `${casUrl(context)}/login?${new URLSearchParams({ service: casServiceUrl(request, redirectTo) })}`;
}

/** The service URL CAS sends the browser back to, with its ticket. */
export function casServiceUrl(request: Request, redirectTo: string): string {
  const origin = new URL(request.url).origin;
  return `${origin}/user/cas?${new URLSearchParams({ redirect: safeRedirect(redirectTo) })}`;
}

export function casLogoutUrl({ request, context }: RouteArgs): string {
  return `${casUrl(context)}/logout?${new URLSearchParams({ service: `${new URL(request.url).origin}${LOGIN_PATH}` })}`;
}

/** The configured providers (none when the backend has none, or is a JeecgBoot without the list). */
export async function thirdProviders({ request, context }: RouteArgs): Promise<ThirdProvider[]> {
  try {
    const response = await backendClient(context, { client: clientOf(request) }).send("GET", "/sys/thirdLogin/providers");
    const envelope = resultEnvelopeSchema.parse(await response.json());
    return envelope.success ? z.array(thirdProviderSchema).parse(envelope.result) : [];
  } catch {
    return [];
  }
}

const flowSchema = z.object({
  state: z.string(),
  type: z.string(),
  redirect: z.string(),
  /** Started from 绑定 by a signed-in user. */
  bind: z.boolean().default(false),
  /** Started in a work-chat app (/oauth2-app/login). */
  app: z.boolean().default(false),
  /** The callback found no account for the identity: the bind page's ticket. */
  bindToken: z.string().optional(),
  realname: z.string().nullish(),
});
export type ThirdLoginFlow = z.infer<typeof flowSchema>;

const FLOW_MAX_AGE_SECONDS = 10 * 60;
/**
 * Flows one browser may keep under way at once: two tabs signing in, or an open page whose
 * refused requests start a sign-in while another is at the provider. Each flow is a cookie of its
 * own (`school_third_login_<id>`), written once when it starts and read by its callback, so flows
 * started at the same moment never overwrite each other (a shared cookie lost all but the last
 * writer's, and that callback said 登录状态无效或已过期). A start past this many expires the oldest.
 */
const MAX_FLOWS = 4;
const FLOW_COOKIE_PREFIX = "school_third_login_";
const keptFlowSchema = flowSchema.extend({ startedAt: z.number() });
/** A flow as its cookie keeps it, with the time it started and the cookie's id. */
export type KeptFlow = z.infer<typeof keptFlowSchema> & { id: string };
const flowCookie = (id: string, context: RouteContext) =>
  createCookie(`${FLOW_COOKIE_PREFIX}${id}`, { httpOnly: true, sameSite: "lax", path: "/", maxAge: FLOW_MAX_AGE_SECONDS, secrets: [appOf(context).config.sessionSecret] });

const secure = (request: Request) => new URL(request.url).protocol === "https:";

/** The ids of the flow cookies a request carries (their values are read and checked by `readFlows`). */
function flowIds(request: Request): string[] {
  const ids = new Set<string>();
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const name = pair.slice(0, pair.indexOf("=")).trim();
    if (name.startsWith(FLOW_COOKIE_PREFIX) && /^[A-Za-z0-9_-]{1,32}$/.test(name.slice(FLOW_COOKIE_PREFIX.length))) ids.add(name.slice(FLOW_COOKIE_PREFIX.length));
  }
  return [...ids];
}

/** The browser's flows under way, newest first; unsigned, unreadable and expired ones left out. */
export async function readFlows({ request, context }: RouteArgs, now = Date.now()): Promise<KeptFlow[]> {
  const header = request.headers.get("Cookie");
  const flows: KeptFlow[] = [];
  for (const id of flowIds(request)) {
    const parsed = keptFlowSchema.safeParse(await flowCookie(id, context).parse(header));
    if (parsed.success && now - parsed.data.startedAt < FLOW_MAX_AGE_SECONDS * 1000) flows.push({ ...parsed.data, id });
  }
  return flows.sort((a, b) => b.startedAt - a.startedAt);
}

/** The Set-Cookie keeping `flow` (a new flow gets an id and its start time). */
export function keepFlow({ request, context }: RouteArgs, flow: ThirdLoginFlow & { id?: string; startedAt?: number }, now = Date.now()): Promise<string> {
  const { id = randomBytes(9).toString("base64url"), ...kept } = flow;
  return flowCookie(id, context).serialize({ ...kept, startedAt: kept.startedAt ?? now }, { secure: secure(request) });
}

/** The Set-Cookie ending a flow (its callback or its bind is done). */
export function dropFlow({ request, context }: RouteArgs, flow: Pick<KeptFlow, "id">): Promise<string> {
  return flowCookie(flow.id, context).serialize("", { maxAge: 0, secure: secure(request) });
}

/** The Set-Cookie headers starting `flow`, expiring the oldest flows beyond MAX_FLOWS. */
export async function startFlow(route: RouteArgs, flow: ThirdLoginFlow, now = Date.now()): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await keepFlow(route, flow, now));
  for (const old of (await readFlows(route, now)).slice(MAX_FLOWS - 1)) headers.append("Set-Cookie", await dropFlow(route, old));
  return headers;
}

export function callbackUrl(request: Request, type: string): string {
  return `${new URL(request.url).origin}/user/third-login/${encodeURIComponent(type)}/callback`;
}

/** The redirect to the provider, with the flow's cookie. */
export async function startThirdLogin(
  route: RouteArgs,
  type: string,
  options: { redirect: string; signedIn?: SignedIn | null; app?: boolean },
): Promise<Response> {
  const { request, context } = route;
  const api = options.signedIn?.api ?? backendClient(context, { client: clientOf(request) });
  const path = options.signedIn ? "/sys/thirdLogin/bindAuthorize" : "/sys/thirdLogin/authorize";
  const answer = await api.post(path, z.object({ url: z.string().url() }), { thirdType: type, redirectUri: callbackUrl(request, type) });
  const url = new URL(answer.result.url);
  const flow: ThirdLoginFlow = {
    state: url.searchParams.get("state") ?? "",
    type,
    redirect: safeRedirect(options.redirect),
    bind: Boolean(options.signedIn),
    app: options.app ?? false,
  };
  return redirect(url.toString(), { headers: await startFlow(route, flow) });
}

export type CallbackAnswer = z.infer<typeof thirdCallbackSchema>;

export async function thirdCallback({ request, context }: RouteArgs, type: string, code: string, state: string, signedIn: SignedIn | null): Promise<CallbackAnswer> {
  const api = signedIn?.api ?? backendClient(context, { client: clientOf(request) });
  return (await api.post("/sys/thirdLogin/callback", thirdCallbackSchema, { thirdType: type, code, state })).result;
}

export async function loginAnswerOf({ request, context }: RouteArgs, ticket: string, type: string): Promise<unknown> {
  const client = backendClient(context, { client: clientOf(request) });
  const response = await client.send("GET", `/sys/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}/${encodeURIComponent(type)}`);
  return response.json();
}

export async function bindAnswerOf({ request, context }: RouteArgs, body: Record<string, string>): Promise<unknown> {
  const client = backendClient(context, { client: clientOf(request) });
  return (await client.send("POST", "/sys/thirdLogin/bindAccount", { body })).json();
}

export async function casAnswerOf({ request, context }: RouteArgs, ticket: string, service: string): Promise<unknown> {
  const client = backendClient(context, { client: clientOf(request) });
  return (await client.send("POST", "/sys/cas/client/validateLogin", { body: { ticket, service } })).json();
}

export async function bindingsOf(signedIn: SignedIn) {
  return (await signedIn.api.get("/sys/thirdLogin/bindings", z.array(thirdBindingSchema))).result;
}

export async function unbind(signedIn: SignedIn, type: string): Promise<string> {
  return (await signedIn.api.delete("/sys/thirdLogin/deleteThirdAccount", z.unknown(), { thirdType: type })).message;
}

export { BackendError };
