// The notice WebSocket with real ws clients (api-contract.md §8 "WebSocket", hardened by §10):
// who may connect, who receives a release, what the server answers and what it never forwards.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { noticeBusOf } from "../../backend/realtime/bus-registry";
import {
  addNotice,
  adminToken,
  api,
  connectSocket,
  createSecondCampusUser,
  login,
  noticeFrame,
  release,
  startNoticeBackend,
  userIdOf,
  type Caller,
  type NoticeTestBackend,
  type TestSocket,
} from "./announcement-harness";

/** Long enough for a delivery on this machine, short enough to keep the file quick. */
const QUIET_MS = 400;

describe("notice WebSocket", () => {
  let server: NoticeTestBackend;
  let base: string;
  let admin: Caller;
  let ids: Record<"li" | "chen" | "principal" | "campus2", string>;
  const open: TestSocket[] = [];

  /** A signed-in user's socket; closed after the file. */
  const socketOf = async (username: string, userId: string) => {
    const token = await login(base, username);
    const socket = await connectSocket(server.wsUrl, userId, { token });
    open.push(socket);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    return { socket, token };
  };

  beforeAll(async () => {
    server = await startNoticeBackend();
    base = server.url;
    admin = { token: await adminToken(base) };
    ids = {
      li: await userIdOf(server.backend, "teacher_li"),
      chen: await userIdOf(server.backend, "teacher_chen"),
      principal: await userIdOf(server.backend, "principal_zhang"),
      campus2: await createSecondCampusUser(server.backend, "campus2_ws"),
    };
  });
  afterAll(async () => {
    await Promise.all(open.map((socket) => socket.close()));
    await server?.close();
  });

  it("accepts the token as sub-protocol and echoes it, or as ?token=, or as X-Access-Token", async () => {
    const token = await login(base, "teacher_li");
    for (const via of ["protocol", "query", "header"] as const) {
      const socket = await connectSocket(server.wsUrl, ids.li, { token, via });
      expect(socket.ws.readyState).toBe(WebSocket.OPEN);
      expect(socket.ws.protocol).toBe(via === "protocol" ? token : "");
      await socket.close();
    }
  });

  it("accepts the Vue 3.9 client's path {userId}_{md5(token)}, for its own token only", async () => {
    const token = await login(base, "teacher_li");
    const md5 = (text: string) => createHash("md5").update(text).digest("hex");
    const socket = await connectSocket(server.wsUrl, `${ids.li}_${md5(token)}`, { token });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();
    const other = await login(base, "teacher_li");
    const refused = await connectSocket(server.wsUrl, `${ids.li}_${md5(other)}`, { token });
    expect(await refused.closed).toEqual({ code: 4403, reason: "没有权限，请联系管理员授权" });
  });

  it("refuses a missing, illegal or ended token with 4401 and another user's path with 4403, before any frame", async () => {
    const token = await login(base, "teacher_li");
    const ended = await login(base, "teacher_li");
    await api(base, "POST", "/sys/logout", { token: ended });
    const cases: Array<[string, { token?: string; tenantId?: number }, number, string]> = [
      [ids.li, {}, 4401, "Token失效，请重新登录!"],
      [ids.li, { token: "not.a.jwt" }, 4401, "token非法无效!"],
      [ids.li, { token: ended }, 4401, "Token失效，请重新登录!"],
      [ids.li, { token, tenantId: 2 }, 4401, "用户租户信息变更,请重新登陆!"],
      [ids.chen, { token }, 4403, "没有权限，请联系管理员授权"],
      ["", { token }, 4403, "没有权限，请联系管理员授权"],
    ];
    for (const [userId, auth, code, reason] of cases) {
      const socket = await connectSocket(server.wsUrl, userId, auth);
      expect(await socket.closed).toEqual({ code, reason });
      expect(socket.messages).toEqual([]);
    }
    expect(server.sockets.connectionCount).toBe(0);
  });

  it("answers HeartBeat with heartcheck and ping with ping", async () => {
    const { socket } = await socketOf("teacher_li", ids.li);
    socket.ws.send("HeartBeat");
    expect(await socket.next()).toBe('{"cmd":"heartcheck","msgTxt":"心跳响应"}');
    socket.ws.send("ping");
    expect(await socket.next()).toBe("ping");
  });

  it("never forwards what a client sends to another socket, nor echoes it", async () => {
    const { socket: liSocket } = await socketOf("teacher_li", ids.li);
    const { socket: chenSocket } = await socketOf("teacher_chen", ids.chen);
    liSocket.ws.send(noticeFrame("topic", "forged", "伪造的通知"));
    liSocket.ws.send("hello everyone");
    liSocket.ws.send(Buffer.from("binary"), { binary: true });
    await Promise.all([chenSocket.silentFor(QUIET_MS), liSocket.silentFor(QUIET_MS)]);
    expect(liSocket.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("delivers a USER release to the listed user's sockets only", async () => {
    const { socket: liSocket } = await socketOf("teacher_li", ids.li);
    const { socket: liSecondTab } = await socketOf("teacher_li", ids.li);
    const { socket: chenSocket } = await socketOf("teacher_chen", ids.chen);
    const id = await addNotice(base, admin, { titile: "给李老师的消息", msgType: "USER", userIds: [ids.li] });
    await release(base, admin, id);
    const expected = noticeFrame("user", id, "给李老师的消息");
    expect(await liSocket.next()).toBe(expected);
    expect(await liSecondTab.next()).toBe(expected);
    await chenSocket.silentFor(QUIET_MS);
  });

  it("delivers an ALL release to every user of the tenant and not to another tenant's user", async () => {
    const { socket: liSocket } = await socketOf("teacher_li", ids.li);
    const { socket: chenSocket } = await socketOf("teacher_chen", ids.chen);
    const { socket: principalSocket } = await socketOf("principal_zhang", ids.principal);
    const { socket: campus2Socket } = await socketOf("campus2_ws", ids.campus2);
    const id = await addNotice(base, admin, { titile: "全体教职工大会", msgType: "ALL" });
    await release(base, admin, id);
    const expected = noticeFrame("topic", id, "全体教职工大会");
    expect(await liSocket.next()).toBe(expected);
    expect(await chenSocket.next()).toBe(expected);
    expect(await principalSocket.next()).toBe(expected);
    await campus2Socket.silentFor(QUIET_MS);

    // And the other way round: the second campus's broadcast reaches its users only.
    const campus2Id = await addNotice(base, { ...admin, tenantId: 2 }, { titile: "上海校区放假", msgType: "ALL" });
    await release(base, { ...admin, tenantId: 2 }, campus2Id);
    const campus2Frame = noticeFrame("topic", campus2Id, "上海校区放假");
    expect(await campus2Socket.next()).toBe(campus2Frame);
    expect(await principalSocket.next()).toBe(campus2Frame);
    await liSocket.silentFor(QUIET_MS);
  });

  it("tells the recipients when a published notice is revoked, and re-pushes with syncNotic", async () => {
    const { socket: liSocket } = await socketOf("teacher_li", ids.li);
    const id = await addNotice(base, admin, { titile: "将被撤销", msgType: "USER", userIds: [ids.li] });
    await release(base, admin, id);
    const expected = noticeFrame("user", id, "将被撤销");
    expect(await liSocket.next()).toBe(expected);
    const synced = await api(base, "GET", `/sys/annountCement/syncNotic?anntId=${id}`, admin);
    expect(synced).toMatchObject({ success: true, code: 0 });
    expect(await liSocket.next()).toBe(expected);
    await api(base, "GET", `/sys/annountCement/doReovkeData?id=${id}`, admin);
    expect(await liSocket.next()).toBe(expected);
    // The Vue 2 client's 撤销 calls syncNotic next: success, as JeecgBoot answers, and no re-push.
    expect(await api(base, "GET", `/sys/annountCement/syncNotic?anntId=${id}`, admin)).toMatchObject({ success: true, code: 0 });
    await liSocket.silentFor(QUIET_MS);
  });

  it("sends syncNotic without anntId only to the caller's own sockets", async () => {
    const { socket: liSocket, token } = await socketOf("teacher_li", ids.li);
    const { socket: chenSocket } = await socketOf("teacher_chen", ids.chen);
    const answer = await api(base, "GET", "/sys/annountCement/syncNotic", { token });
    expect(answer).toMatchObject({ success: true, code: 0 });
    expect(await liSocket.next()).toBe(noticeFrame("topic", "", "批量设置已读"));
    await chenSocket.silentFor(QUIET_MS);
    // A reader's syncNotic after opening a message (Vue 2's 我的消息): his own sockets only, not a re-push.
    const id = await addNotice(base, admin, { titile: "读者同步", msgType: "USER", userIds: [ids.li, ids.chen] });
    await release(base, admin, id);
    expect(await liSocket.next()).toBe(noticeFrame("user", id, "读者同步"));
    expect(await chenSocket.next()).toBe(noticeFrame("user", id, "读者同步"));
    expect(await api(base, "GET", `/sys/annountCement/syncNotic?anntId=${id}`, { token })).toMatchObject({ success: true, code: 0 });
    expect(await liSocket.next()).toBe(noticeFrame("topic", "", "批量设置已读"));
    await chenSocket.silentFor(QUIET_MS);
  });

  it("stops delivering to a session that logged out and closes its socket", async () => {
    const { socket, token } = await socketOf("teacher_chen", ids.chen);
    await api(base, "POST", "/sys/logout", { token });
    const id = await addNotice(base, admin, { titile: "登出之后", msgType: "USER", userIds: [ids.chen] });
    await release(base, admin, id);
    expect(await socket.closed).toEqual({ code: 4401, reason: "Token失效，请重新登录!" });
    expect(socket.messages).toEqual([]);
  });

  it("closes the socket of an ended session even when nothing is delivered", async () => {
    const own = await startNoticeBackend({ socket: { sessionCheckIntervalMs: 200 } });
    try {
      const token = await login(own.url, "teacher_chen");
      const socket = await connectSocket(own.wsUrl, await userIdOf(own.backend, "teacher_chen"), { token });
      await socket.silentFor(QUIET_MS);
      expect(socket.ws.readyState).toBe(WebSocket.OPEN);
      await api(own.url, "POST", "/sys/logout", { token });
      expect(await socket.closed).toEqual({ code: 4401, reason: "Token失效，请重新登录!" });
    } finally {
      await own.close();
    }
  });

  it("leaves upgrade requests on other paths to their own handlers", async () => {
    const other = new WebSocketServer({ noServer: true });
    server.server.on("upgrade", (req, socket, head) => {
      if (req.url === "/other-socket") other.handleUpgrade(req, socket, head, (ws) => ws.send("other handler"));
    });
    const { port } = server.server.address() as { port: number };
    const client = new WebSocket(`ws://127.0.0.1:${port}/other-socket`);
    const first = await new Promise<string>((resolve, reject) => {
      client.once("message", (data) => resolve(data.toString()));
      client.once("error", reject);
    });
    expect(first).toBe("other handler");
    client.close();
    other.close();
  });

  it("closes a socket whose address 访问控制 blocks after it opened, and refuses a new one (docs/decisions/134)", async () => {
    const { socket, token } = await socketOf("teacher_li", ids.li);
    const rules = server.backend.services.addressRules;
    await server.backend.db.exec(`INSERT INTO sys_access_rule (id, tenant_id, rule_type, address, status) VALUES ('ws-block-4', 1, 'block', '127.0.0.0/8', 1), ('ws-block-6', 1, 'block', '::1', 1)`);
    try {
      await rules.reload();
      // The next delivery to the user (here one without a frame, as 强退 sends) closes it.
      await noticeBusOf(server.backend.services).publish({ audience: { kind: "users", userIds: [ids.li] } });
      expect(await socket.closed).toEqual({ code: 4403, reason: "当前IP地址不允许访问" });
      const refused = await connectSocket(server.wsUrl, ids.li, { token });
      expect(await refused.closed).toEqual({ code: 4403, reason: "当前IP地址不允许访问" });
      // Another school's socket is not concerned by tenant 1's rules.
      const campus = await socketOf("campus2_ws", ids.campus2);
      await noticeBusOf(server.backend.services).publish({ audience: { kind: "users", userIds: [ids.campus2] } });
      await campus.socket.silentFor(QUIET_MS);
      expect(campus.socket.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await server.backend.db.exec(`DELETE FROM sys_access_rule WHERE id LIKE 'ws-block-%'`);
      await rules.reload();
    }
    const again = await connectSocket(server.wsUrl, ids.li, { token });
    open.push(again);
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes every socket with 1001 on shutdown", async () => {
    const own = await startNoticeBackend();
    const token = await login(own.url, "teacher_li");
    const socket = await connectSocket(own.wsUrl, await userIdOf(own.backend, "teacher_li"), { token });
    expect(own.sockets.connectionCount).toBe(1);
    await own.close();
    expect((await socket.closed).code).toBe(1001);
  });

  it("logs no server error along the way", () => {
    expect(server.errors).toEqual([]);
  });
});
