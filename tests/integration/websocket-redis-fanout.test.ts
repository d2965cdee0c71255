// Two backend instances on one PostgreSQL database share notice deliveries through Redis pub/sub
// (api-contract.md §8 "Pushes go through a Redis pub/sub topic"; docs/architecture.md "Scale-out").
// Skipped when the local Redis or PostgreSQL server is not reachable.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { RedisNoticeBus } from "../../backend/realtime";
import { postgresReachable } from "../support/backend";
import {
  addNotice,
  adminToken,
  connectSocket,
  createPostgresDatabase,
  login,
  noticeFrame,
  redisReachable,
  redisTestUrl,
  release,
  startNoticeBackend,
  userIdOf,
  type Caller,
  type NoticeTestBackend,
  type TestSocket,
} from "./announcement-harness";

const reachable = (await redisReachable()) && (await postgresReachable());
const QUIET_MS = 400;

describe.skipIf(!reachable)("notice fan-out through Redis", () => {
  // A channel of this run only: parallel runs on the same Redis must not hear each other.
  const channel = `socketHandler-test-${randomUUID()}`;
  let instanceA: NoticeTestBackend;
  let instanceB: NoticeTestBackend;
  let dropDatabase: () => Promise<void>;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    // One after the other: the first migrates and seeds, the second finds both done.
    instanceA = await startNoticeBackend({ databaseUrl: database.url, redisUrl: redisTestUrl(), channel });
    instanceB = await startNoticeBackend({ databaseUrl: database.url, redisUrl: redisTestUrl(), channel });
  });
  afterAll(async () => {
    await Promise.all(open.map((socket) => socket.close()));
    await instanceA?.close();
    await instanceB?.close();
    await dropDatabase?.();
  });

  const socketOn = async (instance: NoticeTestBackend, username: string) => {
    // Signed in on A: sessions live in the shared database, so B accepts the token too.
    const token = await login(instanceA.url, username);
    const socket = await connectSocket(instance.wsUrl, await userIdOf(instance.backend, username), { token });
    open.push(socket);
    return socket;
  };

  it("delivers a USER release made on instance A to the recipient's socket on instance B only", async () => {
    const admin: Caller = { token: await adminToken(instanceA.url) };
    const liOnB = await socketOn(instanceB, "teacher_li");
    const chenOnB = await socketOn(instanceB, "teacher_chen");
    const liOnA = await socketOn(instanceA, "teacher_li");
    const liId = await userIdOf(instanceA.backend, "teacher_li");
    const id = await addNotice(instanceA.url, admin, { titile: "跨实例消息", msgType: "USER", userIds: [liId] });
    await release(instanceA.url, admin, id);
    const expected = noticeFrame("user", id, "跨实例消息");
    expect(await liOnB.next()).toBe(expected);
    // Each instance delivers once: no echo doubles the frame.
    expect(await liOnA.next()).toBe(expected);
    await Promise.all([liOnB.silentFor(QUIET_MS), liOnA.silentFor(QUIET_MS), chenOnB.silentFor(QUIET_MS)]);
  });

  it("delivers an ALL release made on instance B to sockets on both instances", async () => {
    const admin: Caller = { token: await adminToken(instanceB.url) };
    const chenOnA = await socketOn(instanceA, "teacher_chen");
    const principalOnB = await socketOn(instanceB, "principal_zhang");
    const id = await addNotice(instanceB.url, admin, { titile: "跨实例广播", msgType: "ALL" });
    await release(instanceB.url, admin, id);
    const expected = noticeFrame("topic", id, "跨实例广播");
    expect(await chenOnA.next()).toBe(expected);
    expect(await principalOnB.next()).toBe(expected);
  });

  it("drops anything on the channel that is not a delivery", async () => {
    const liOnB = await socketOn(instanceB, "teacher_li");
    const outsider = new Redis(redisTestUrl());
    try {
      const liId = await userIdOf(instanceB.backend, "teacher_li");
      await outsider.publish(channel, "not json");
      await outsider.publish(channel, JSON.stringify({ audience: { kind: "users", userIds: [liId] }, frame: { cmd: "sign", msgId: "x" } }));
      await liOnB.silentFor(QUIET_MS);
    } finally {
      outsider.disconnect();
    }
    // Both instances read the channel, so each drops (and logs) both messages.
    for (const instance of [instanceA, instanceB]) {
      expect(instance.errors.filter((error) => error.includes("dropped"))).toHaveLength(2);
      instance.errors.length = 0;
    }
  });

  it("refuses to start when REDIS_URL names a server that does not answer", async () => {
    const logger = { info: () => undefined, error: () => undefined };
    const started = Date.now();
    await expect(RedisNoticeBus.open({ url: "redis://127.0.0.1:1", logger, connectTimeoutMs: 1000 })).rejects.toThrow(/cannot reach Redis/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("logs no server error along the way", () => {
    expect([...instanceA.errors, ...instanceB.errors]).toEqual([]);
  });
});
