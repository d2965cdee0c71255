// The notice bus over Redis pub/sub (api-contract.md §8: "Pushes go through a Redis pub/sub topic
// `socketHandler` so that clusters work"; docs/architecture.md "Scale-out"). Every instance publishes
// to the channel and delivers what it reads from it, its own publications included, so a
// delivery reaches each instance's sockets exactly once.
//
// Failure policy: the backend does not start when REDIS_URL is set but Redis cannot be reached
// (a silent single-instance fallback would lose pushes across instances unnoticed). Later outages
// only cost pushes: ioredis reconnects and resubscribes, a publish while disconnected fails at once
// and is logged by the caller, and the clients still reload their notices on their own.
import type { Redis } from "ioredis";
import { newRedis } from "./redis-client";
import type { Logger } from "../services";
import { ListenerSet, type NoticeBus, type NoticeListener } from "./notice-bus";
import { noticeDeliverySchema, type NoticeDelivery } from "./notice-frames";

export const NOTICE_CHANNEL = "socketHandler";

export interface RedisNoticeBusOptions {
  url: string;
  /** Defaults to `socketHandler`; tests use their own so parallel runs cannot cross. */
  channel?: string;
  /** How long start-up waits for Redis before giving up. */
  connectTimeoutMs?: number;
  logger: Logger;
}

export class RedisNoticeBus implements NoticeBus {
  private readonly listeners: ListenerSet;
  private closed = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {
    this.listeners = new ListenerSet((error) => logger.error("[notices] a notice listener failed", error));
    subscriber.on("message", (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
  }

  static async open(options: RedisNoticeBusOptions): Promise<RedisNoticeBus> {
    const connectTimeout = options.connectTimeoutMs ?? 5_000;
    // No offline queue on the publisher: a push while Redis is away fails now instead of hanging
    // the release request; the subscriber keeps its queue so the resubscribe after a reconnect runs.
    const publisher = await newRedis(options.url, { lazyConnect: true, connectTimeout, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const subscriber = await newRedis(options.url, { lazyConnect: true, connectTimeout });
    const channel = options.channel ?? NOTICE_CHANNEL;
    let lastError = "";
    for (const client of [publisher, subscriber]) {
      client.on("error", (error: Error) => {
        // ioredis reports every failed reconnect; log each distinct failure once per streak.
        if (error.message !== lastError) options.logger.error(`[notices] Redis: ${error.message}`);
        lastError = error.message;
      });
      client.on("ready", () => {
        lastError = "";
      });
    }
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(`notice bus: cannot reach Redis at ${redactUrl(options.url)}: ${(error as Error).message}`, { cause: error });
    }
    return new RedisNoticeBus(publisher, subscriber, channel, options.logger);
  }

  async publish(delivery: NoticeDelivery): Promise<void> {
    if (this.closed) return;
    await this.publisher.publish(this.channel, JSON.stringify(delivery));
  }

  subscribe(listener: NoticeListener): () => void {
    return this.listeners.add(listener);
  }

  /** The server's INFO text (性能监控, backend/modules/monitor/server); fails at once while disconnected. */
  async serverInfo(): Promise<string> {
    return this.publisher.info();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await Promise.all([quit(this.subscriber), quit(this.publisher)]);
  }

  private receive(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.logger.error("[notices] dropped a message on the notice channel that is not JSON");
      return;
    }
    const checked = noticeDeliverySchema.safeParse(parsed);
    if (!checked.success) {
      this.logger.error("[notices] dropped a message on the notice channel with an unknown shape");
      return;
    }
    this.listeners.emit(checked.data);
  }
}

/** QUIT when connected, else just drop the connection (quit would wait for a reconnect). */
async function quit(client: Redis): Promise<void> {
  if (client.status === "ready") {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable REDIS_URL)";
  }
}
