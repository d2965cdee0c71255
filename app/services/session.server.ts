// The browser's session: an httpOnly cookie (7 days, SameSite=Lax, Secure behind TLS) holding
// the backend token, tenant and user name. The browser never sees the backend token itself.
import { createCookie, createCookieSessionStorage, type Cookie, type Session } from "react-router";
import { appOf, type RouteArgs } from "./app-context.server";

export interface SessionData {
  token: string;
  tenantId: number;
  username: string;
  realname: string;
  userId: string;
  /** The stored path of the user's avatar (账户设置), shown in the header. */
  avatar: string;
  /** The backend serves only the password change until the user chose their own. */
  passwordChangeRequired: boolean;
  /** The account chooses its tenant and/or department before the first page (docs/decisions/049). */
  choiceRequired: boolean;
  /** The tenants it may choose from (the login answer's tenantList). */
  tenantChoices: Array<{ id: number; name: string }>;
  /** The account alteration in progress (/user/alteration): the phone, then its proven code. */
  alteration: { mobile: string; smscode?: string; username?: string };
}
export interface SessionFlash {
  toast: { type: "success" | "error" | "warning"; text: string };
}

/** docs/spec/app-shell.md §9: stored session lifetime 604800000 ms. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlash>>;
/** The storage of each secret (one in a running server; a test may use its own). */
const storages = new Map<string, Storage>();

function sessionStorage({ context }: RouteArgs): Storage {
  const secret = appOf(context).config.sessionSecret;
  let storage = storages.get(secret);
  if (storage) return storage;
  storage = createCookieSessionStorage<SessionData, SessionFlash>({
    cookie: rememberingParses(
      createCookie("school_session", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: SESSION_MAX_AGE_SECONDS,
        secrets: [secret],
      }),
    ),
  });
  storages.set(secret, storage);
  return storage;
}

/** How many verified Cookie headers are remembered (a few hundred bytes each). */
const REMEMBERED_PARSES = 1000;

/**
 * The cookie, with the last verified Cookie headers remembered: React Router checks the signature
 * with WebCrypto on every request (a key import and an HMAC, about a millisecond of the web
 * server's time per page), although a browser sends the same header request after request. The
 * same header with the same secret always verifies the same way, so its value is kept (as JSON,
 * handed out as a fresh copy) and only new headers are checked (docs/decisions/064).
 */
function rememberingParses(cookie: Cookie): Cookie {
  const parsed = new Map<string, string>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(header, options) {
      if (!header || options) return cookie.parse(header, options);
      const known = parsed.get(header);
      if (known !== undefined) {
        // Most recently used last: the oldest entry is the one to drop.
        parsed.delete(header);
        parsed.set(header, known);
        return JSON.parse(known) as unknown;
      }
      const value: unknown = await cookie.parse(header);
      parsed.set(header, JSON.stringify(value ?? null));
      if (parsed.size > REMEMBERED_PARSES) parsed.delete(parsed.keys().next().value!);
      return value;
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}

export type AppSession = Session<SessionData, SessionFlash>;

export function getSession(route: RouteArgs): Promise<AppSession> {
  return sessionStorage(route).getSession(route.request.headers.get("Cookie"));
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function commitSession(route: RouteArgs, session: AppSession): Promise<string> {
  return sessionStorage(route).commitSession(session, { secure: isSecure(route.request) });
}

export function destroySession(route: RouteArgs, session: AppSession): Promise<string> {
  return sessionStorage(route).destroySession(session, { secure: isSecure(route.request) });
}
