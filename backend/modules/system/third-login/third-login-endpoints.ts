// /sys/thirdLogin (docs/spec/app-shell.md §7, api-contract.md §2 "Others"; docs/decisions/051):
// the configured providers, the redirect and callback of an OpenID Connect / OAuth2 sign-in,
// `getLoginUser/{token}/{thirdType}` (the signed-in answer of a bound identity), the first-time
// bind with account and password, and the 绑定 tab's list, bind and unbind for the signed-in user.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ThirdLoginMessages } from "#contract/third-login";
import { sysThirdAccount, sysUser } from "../../../db/schema";
import { failure, ok, okMessage } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { endpoint, requireAuth, servedAt, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { accountRefusal, checkCredentials, completeSignIn } from "../auth/sign-in";

const text = (value: unknown) => (typeof value === "string" ? value : "");
const redirectUriSchema = z.string().url().refine((value) => /^https?:\/\//.test(value));

async function authorize(request: EndpointRequest, bindUserId: string | null) {
  const { body, services } = request;
  const redirectUri = redirectUriSchema.safeParse(body.redirectUri);
  if (!redirectUri.success) return failure("redirectUri无效");
  const url = await services.thirdLogin.authorizationUrl(text(body.thirdType), redirectUri.data, bindUserId);
  return ok({ url }, "");
}

const getLoginUser = endpoint("GET", "/sys/thirdLogin/getLoginUser/:token/:thirdType", "public", async ({ req, params, services }) => {
  const service = services.thirdLogin;
  const ticket = await service.peekTicket(params.token ?? "", "login", params.thirdType ?? "");
  if (!ticket || !(await service.spendTicket(params.token!))) return failure(ThirdLoginMessages.ticketInvalid);
  // Still bound (an unbind between the callback and now ends it).
  const [row] = await services.db.orm
    .select({ user: sysUser })
    .from(sysThirdAccount)
    .innerJoin(sysUser, eq(sysUser.id, sysThirdAccount.sysUserId))
    .where(and(eq(sysThirdAccount.thirdType, ticket.thirdType), eq(sysThirdAccount.thirdUserUuid, ticket.thirdUserUuid), eq(sysUser.id, ticket.userId ?? "")));
  if (!row) return failure(ThirdLoginMessages.ticketInvalid);
  return completeSignIn(services, req, row.user);
}, { doc: { summary: "第三方登录后按令牌取得登录用户" } });

export const thirdLoginEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/thirdLogin/providers", "public", async ({ services }) =>
    ok(services.thirdLogin.directory.providers.map(({ type, name }) => ({ type, name })), ""), { doc: { summary: "可用的第三方登录方式" } },
  ),

  endpoint("POST", "/sys/thirdLogin/authorize", "public", (request) => authorize(request, null), {
    doc: { summary: "第三方登录：生成授权地址（含防重放和防篡改的校验参数）" },
  }),

  endpoint("POST", "/sys/thirdLogin/bindAuthorize", "user", (request) => authorize(request, requireAuth(request).user.id), {
    doc: { summary: "绑定第三方账号：生成授权地址" },
  }),

  endpoint("POST", "/sys/thirdLogin/callback", "public", async ({ body, services }) => {
    const thirdType = text(body.thirdType);
    const outcome = await services.thirdLogin.callback(thirdType, text(body.code), text(body.state));
    const { realname } = outcome.identity;
    if (outcome.kind === "bound") return ok({ thirdType, bound: true, realname }, ThirdLoginMessages.bound);
    return ok(outcome.kind === "login" ? { thirdType, token: outcome.ticket, realname } : { thirdType, bindToken: outcome.ticket, realname }, "");
  }, { doc: { summary: "第三方登录的回调" } }),

  getLoginUser,
  // The Vue 3 client appends the tenant it last worked in (ThirdLoginController's {tenantId}); the
  // ticket already names the account, which signs in as any other sign-in does (docs/decisions/135).
  servedAt(getLoginUser, "/sys/thirdLogin/getLoginUser/:token/:thirdType/:tenantId"),

  // The Vue 3 sign-in page's 手机号绑定 after a third-party sign-in: here an identity is bound with
  // the account's password (bindAccount), never by a text message, so nothing is sent.
  endpoint("POST", "/sys/thirdSms", "public", async () => failure(ThirdLoginMessages.phoneBindRefused), { doc: { summary: "绑定第三方账号时发送短信验证码" } }),

  endpoint("POST", "/sys/thirdLogin/bindAccount", "public", async ({ req, body, services }) => {
    const service = services.thirdLogin;
    const bindToken = text(body.bindToken);
    const ticket = await service.peekTicket(bindToken, "bind", text(body.thirdType));
    if (!ticket) return failure(ThirdLoginMessages.ticketInvalid);
    const checked = await checkCredentials(services, req, {
      username: text(body.username).trim(),
      password: text(body.password),
      captcha: text(body.captcha),
      checkKey: text(body.checkKey),
    });
    if ("refusal" in checked) return checked.refusal;
    const refusal = accountRefusal(checked.user);
    if (refusal) return failure(refusal);
    if (!(await service.spendTicket(bindToken))) return failure(ThirdLoginMessages.ticketInvalid);
    const identity = { thirdType: ticket.thirdType, subject: ticket.thirdUserUuid, realname: ticket.realname, avatar: ticket.avatar };
    await service.bind(identity, checked.user.id, checked.user.username);
    return completeSignIn(services, req, checked.user);
  }, { doc: { summary: "第三方账号首次登录：以本系统账号密码绑定" } }),

  endpoint("GET", "/sys/thirdLogin/bindings", "user", async (request) => {
    const rows = await request.services.thirdLogin.bindings(requireAuth(request).user.id);
    return ok(rows.map((row) => ({ ...row, bindTime: formatDateTime(row.bindTime) })), "");
  }, { doc: { summary: "当前用户绑定的第三方账号" } }),

  endpoint(["DELETE", "POST"], "/sys/thirdLogin/deleteThirdAccount", "user", async (request) => {
    const type = text(request.query.thirdType) || text(request.body.thirdType);
    const removed = await request.services.thirdLogin.unbind(requireAuth(request).user.id, type);
    return removed ? okMessage(ThirdLoginMessages.unbound) : failure(ThirdLoginMessages.notBound);
  }, { doc: { summary: "解除第三方账号的绑定" } }),
];
