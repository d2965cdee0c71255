// Third-party, CAS and work-chat sign-in on the web server (issue #17 parts 2-4,
// docs/decisions/051, 052). The backend keeps the state, nonce and PKCE verifier and verifies the
// provider's answer; this side binds the redirect to the browser (a short signed cookie holding
// the state, where to go afterwards and a pending bind ticket) and turns the answers into the
// session cookie, as the password sign-in does.
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { resultEnvelopeSchema } from "#contract/envelope";
import { thirdBindingSchema, thirdCallbackSchema, thirdProviderSchema, type ThirdProvider } from "#contract/third-login";
import { BackendClient, BackendError } from "./api.server";
import { clientOf, safeRedirect, type SignedIn } from "./auth.server";
import { sessionSecret } from "./env.server";
import { LOGIN_PATH } from "~/config";

/** Where a work-chat in-app browser signs in (docs/spec/app-shell.md §2, §6). */
export const OAUTH2_APP_LOGIN_PATH = "/oauth2-app/login";

/** CAS_URL of the web server: the login page sends browsers to CAS (README "CAS single sign-on"). */
export function casUrl(): string | null {
  return process.env.CAS_URL?.replace(/\/$/, "") || null;
}

export function casLoginUrl(request: Request, redirectTo: string): string {
  return `${casUrl()}/login?${new URLSearchParams({ service: casServiceUrl(request, redirectTo) })}`;
}

/** The service URL CAS sends the browser back to, with its ticket. */
export function casServiceUrl(request: Request, redirectTo: string): string {
  const origin = new URL(request.url).origin;
  return `${origin}/user/cas?${new URLSearchParams({ redirect: safeRedirect(redirectTo) })}`;
}

export function casLogoutUrl(request: Request): string {
  return `${casUrl()}/logout?${new URLSearchParams({ service: `${new URL(request.url).origin}${LOGIN_PATH}` })}`;
}

/** The configured providers (none when the backend has none, or is a JeecgBoot without the list). */
export async function thirdProviders(request: Request): Promise<ThirdProvider[]> {
  try {
    const response = await new BackendClient({ client: clientOf(request) }).send("GET", "/sys/thirdLogin/providers");
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
 * Flows one browser may have under way at once: two tabs signing in, or an open page whose
 * refused requests start a sign-in while another is at the provider. Each callback takes its own
 * flow by its state, so a later start no longer makes an earlier one 登录状态无效或已过期.
 */
const MAX_FLOWS = 4;
const keptFlowSchema = flowSchema.extend({ startedAt: z.number() });
/** A flow as the cookie keeps it: with the time it started (a new one gets it when written). */
export type KeptFlow = z.infer<typeof keptFlowSchema>;
type AnyFlow = ThirdLoginFlow & { startedAt?: number };
const flowCookie = () =>
  createCookie("school_third_login", { httpOnly: true, sameSite: "lax", path: "/", maxAge: FLOW_MAX_AGE_SECONDS, secrets: [sessionSecret()] });

const secure = (request: Request) => new URL(request.url).protocol === "https:";

/** The browser's flows under way, newest first, those older than the cookie's lifetime left out. */
export async function readFlows(request: Request, now = Date.now()): Promise<KeptFlow[]> {
  const parsed = z.array(keptFlowSchema).safeParse(await flowCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data.filter((flow) => now - flow.startedAt < FLOW_MAX_AGE_SECONDS * 1000) : [];
}

/** The Set-Cookie keeping `flows` (newest first, at most MAX_FLOWS), or clearing the cookie. */
export function writeFlows(request: Request, flows: readonly AnyFlow[], now = Date.now()): Promise<string> {
  if (flows.length === 0) return flowCookie().serialize("", { maxAge: 0, secure: secure(request) });
  const kept: KeptFlow[] = flows.slice(0, MAX_FLOWS).map((flow) => ({ ...flow, startedAt: flow.startedAt ?? now }));
  return flowCookie().serialize(kept, { secure: secure(request) });
}

/** The flow `pick` chooses, and the others (to be written back). */
export function takeFlow(flows: readonly KeptFlow[], pick: (flow: KeptFlow) => boolean): { flow: KeptFlow | null; rest: KeptFlow[] } {
  const flow = flows.find(pick) ?? null;
  return { flow, rest: flows.filter((other) => other !== flow) };
}

export function callbackUrl(request: Request, type: string): string {
  return `${new URL(request.url).origin}/user/third-login/${encodeURIComponent(type)}/callback`;
}

/** The redirect to the provider, with the flow's cookie. */
export async function startThirdLogin(
  request: Request,
  type: string,
  options: { redirect: string; signedIn?: SignedIn | null; app?: boolean },
): Promise<Response> {
  const api = options.signedIn?.api ?? new BackendClient({ client: clientOf(request) });
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
  return redirect(url.toString(), { headers: { "Set-Cookie": await writeFlows(request, [flow, ...(await readFlows(request))]) } });
}

export type CallbackAnswer = z.infer<typeof thirdCallbackSchema>;

export async function thirdCallback(request: Request, type: string, code: string, state: string, signedIn: SignedIn | null): Promise<CallbackAnswer> {
  const api = signedIn?.api ?? new BackendClient({ client: clientOf(request) });
  return (await api.post("/sys/thirdLogin/callback", thirdCallbackSchema, { thirdType: type, code, state })).result;
}

export async function loginAnswerOf(request: Request, ticket: string, type: string): Promise<unknown> {
  const client = new BackendClient({ client: clientOf(request) });
  const response = await client.send("GET", `/sys/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}/${encodeURIComponent(type)}`);
  return response.json();
}

export async function bindAnswerOf(request: Request, body: Record<string, string>): Promise<unknown> {
  const client = new BackendClient({ client: clientOf(request) });
  return (await client.send("POST", "/sys/thirdLogin/bindAccount", { body })).json();
}

export async function casAnswerOf(request: Request, ticket: string, service: string): Promise<unknown> {
  const client = new BackendClient({ client: clientOf(request) });
  return (await client.send("POST", "/sys/cas/client/validateLogin", { body: { ticket, service } })).json();
}

export async function bindingsOf(signedIn: SignedIn) {
  return (await signedIn.api.get("/sys/thirdLogin/bindings", z.array(thirdBindingSchema))).result;
}

export async function unbind(signedIn: SignedIn, type: string): Promise<string> {
  return (await signedIn.api.delete("/sys/thirdLogin/deleteThirdAccount", z.unknown(), { thirdType: type })).message;
}

export { BackendError };
