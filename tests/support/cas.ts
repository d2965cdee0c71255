// A small real CAS server for the tests (CAS protocol 2/3): /login shows a sign-in form (or, with
// a CAS session cookie, goes straight back) and redirects to the service with a one-time service
// ticket; /serviceValidate answers the CAS XML; /logout ends the CAS session.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestCasServer {
  /** CAS_URL, e.g. http://127.0.0.1:1234/cas */
  url: string;
  /** Issues a service ticket for `username` and `service`, as a successful /login does. */
  issueTicket(username: string, service: string): string;
  /** When true, /serviceValidate accepts a ticket again (a broken or hostile CAS server). */
  lenient: boolean;
  /** How many validations were asked. */
  validations: number;
  logouts: number;
  close(): Promise<void>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

export async function startCasServer(accounts: Record<string, string>, port = 0): Promise<TestCasServer> {
  const tickets = new Map<string, { username: string; service: string; used: boolean }>();
  const sessions = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://cas.local");
    const service = url.searchParams.get("service") ?? "";
    const sessionId = /CASTGC=([\w-]+)/.exec(req.headers.cookie ?? "")?.[1];
    const redirectWithTicket = (username: string, cookie?: string) => {
      const target = new URL(service);
      target.searchParams.set("ticket", state.issueTicket(username, service));
      res.writeHead(302, { location: target.toString(), ...(cookie ? { "set-cookie": cookie } : {}) }).end();
    };
    if (url.pathname === "/cas/login" && req.method === "GET") {
      const username = sessionId ? sessions.get(sessionId) : undefined;
      if (username && service) return redirectWithTicket(username);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html lang="zh-CN"><head><title>CAS 登录</title></head><body><form method="post">
<label>CAS用户名 <input name="username"></label><label>CAS密码 <input name="password" type="password"></label>
<input type="hidden" name="service" value="${escape(service)}"><button type="submit">CAS登录</button></form></body></html>`,
      );
      return;
    }
    if (url.pathname === "/cas/login" && req.method === "POST") {
      const form = await formOf(req);
      const username = form.get("username") ?? "";
      if (!accounts[username] || accounts[username] !== form.get("password")) {
        res.writeHead(401, { "content-type": "text/plain; charset=utf-8" }).end("CAS: wrong credentials");
        return;
      }
      const id = randomBytes(12).toString("hex");
      sessions.set(id, username);
      const target = form.get("service") ?? "";
      const ticketUrl = new URL(target);
      ticketUrl.searchParams.set("ticket", state.issueTicket(username, target));
      res.writeHead(302, { location: ticketUrl.toString(), "set-cookie": `CASTGC=${id}; Path=/cas; HttpOnly` }).end();
      return;
    }
    if (url.pathname === "/cas/serviceValidate") {
      state.validations++;
      const ticket = tickets.get(url.searchParams.get("ticket") ?? "");
      res.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
      if (!ticket || ticket.service !== service || (ticket.used && !state.lenient)) {
        res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`);
        return;
      }
      ticket.used = true;
      res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${escape(ticket.username)}</cas:user><cas:attributes><cas:authenticationMethod>Password</cas:authenticationMethod></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`,
      );
      return;
    }
    if (url.pathname === "/cas/logout") {
      state.logouts++;
      if (sessionId) sessions.delete(sessionId);
      const headers: Record<string, string> = { "set-cookie": "CASTGC=; Path=/cas; Max-Age=0" };
      if (service) res.writeHead(302, { ...headers, location: service }).end();
      else res.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>CAS</title><p>已退出CAS</p>");
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  const state: TestCasServer = {
    url: `http://127.0.0.1:${actual}/cas`,
    lenient: false,
    validations: 0,
    logouts: 0,
    issueTicket(username, service) {
      const ticket = `ST-${randomBytes(16).toString("hex")}`;
      tickets.set(ticket, { username, service, used: false });
      return ticket;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return state;
}
