// CAS single sign-on (docs/spec/app-shell.md §7 `/sys/cas/client/validateLogin`, docs/decisions/052):
// the web server sends back the service ticket the CAS server gave the browser; the ticket is
// validated against `${CAS_URL}/serviceValidate` (CAS 2/3 XML) and signs in the named account.
// A ticket is accepted once here, whatever the CAS server answers for it a second time.
import { eq, lt } from "drizzle-orm";
import { ThirdLoginMessages } from "#contract/third-login";
import { sysCasTicket, sysUser } from "../../../db/schema";
import { failure } from "../../../http/envelope";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { completeSignIn } from "../auth/sign-in";
import { sha256 } from "../third-login/third-login-service";

const TICKET_MEMORY_MS = 24 * 60 * 60_000;

const text = (value: unknown) => (typeof value === "string" ? value : "");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function xmlText(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : ENTITIES[name.toLowerCase()]!,
  ).trim();
}

/** The user of a CAS 2/3 `serviceResponse`, or null for an authenticationFailure or anything else. */
export function casUserOf(xml: string): string | null {
  const success = /<(?:[\w-]+:)?authenticationSuccess\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?authenticationSuccess>/.exec(xml);
  if (!success) return null;
  const user = /<(?:[\w-]+:)?user>([\s\S]*?)<\/(?:[\w-]+:)?user>/.exec(success[1]!);
  const name = user ? xmlText(user[1]!) : "";
  return name || null;
}

export const casEndpoints: Endpoint[] = [
  endpoint(["GET", "POST"], "/sys/cas/client/validateLogin", "public", async ({ req, query, body, services }) => {
    const casUrl = services.config.casUrl;
    if (!casUrl) return failure(ThirdLoginMessages.casNotConfigured);
    const ticket = text(body.ticket) || text(query.ticket);
    const service = text(body.service) || text(query.service);
    if (!ticket || !service) return failure(ThirdLoginMessages.casTicketInvalid);
    const db = services.db;
    await db.orm.delete(sysCasTicket).where(lt(sysCasTicket.createTime, new Date(Date.now() - TICKET_MEMORY_MS)));
    const fresh = await db.orm.insert(sysCasTicket).values({ ticketHash: sha256(ticket) }).onConflictDoNothing().returning({ hash: sysCasTicket.ticketHash });
    if (fresh.length === 0) return failure(ThirdLoginMessages.casTicketUsed);
    const url = new URL(`${casUrl.replace(/\/$/, "")}/serviceValidate`);
    url.searchParams.set("ticket", ticket);
    url.searchParams.set("service", service);
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
    const username = response?.ok ? casUserOf(await response.text()) : null;
    if (!username) return failure(ThirdLoginMessages.casTicketInvalid);
    const [user] = await db.orm.select().from(sysUser).where(eq(sysUser.username, username));
    if (!user) return failure(ThirdLoginMessages.casUserMissing);
    return completeSignIn(services, req, user);
  }, { doc: { summary: "CAS单点登录：校验票据" } }),
];
