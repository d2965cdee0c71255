// What web servers must hear from the backends at once (docs/decisions/062): a change of menus,
// role grants or role members (every web server forgets its cached permission answers), and a
// change of 网关路由 (every web server reloads its proxy routes). With REDIS_URL the events go
// over Redis pub/sub (channel `webEvents`) so that every web server hears every backend, and the
// enabled gateway routes are kept under the key `gateway_routes` for web servers without a
// database of their own; without Redis they stay in this process (one web server with its
// embedded backend). REDIS_KEY_PREFIX prefixes both names (tests and several installations on one Redis).
import type { Redis } from "ioredis";
import { newRedis } from "./redis-client";
import type { Logger } from "../services";

export type WebEventKind = "permissions" | "gatewayRoutes";
export type WebEventListener = (kind: WebEventKind) => void;

export const WEB_EVENTS_CHANNEL = "webEvents";
export const GATEWAY_ROUTES_KEY = "gateway_routes";
const KINDS: ReadonlySet<string> = new Set<WebEventKind>(["permissions", "gatewayRoutes"]);

export interface WebEvents {
  publish(kind: WebEventKind): Promise<void>;
  subscribe(listener: WebEventListener): () => void;
  /** Shared values (the enabled gateway routes as JSON); in process without Redis. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  private readonly listeners = new Set<WebEventListener>();
  constructor(private readonly logger: Logger) {}
  add(listener: WebEventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  emit(kind: WebEventKind): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(kind);
      } catch (error) {
        this.logger.error("[web-events] a listener failed", error);
      }
    }
  }
  clear(): void {
    this.listeners.clear();
  }
}

export class InProcessWebEvents implements WebEvents {
  private readonly listeners: Listeners;
  private readonly values = new Map<string, string>();
  constructor(logger: Logger) {
    this.listeners = new Listeners(logger);
  }
  async publish(kind: WebEventKind): Promise<void> {
    // Asynchronous like Redis: the publisher's transaction is over when listeners run.
    queueMicrotask(() => this.listeners.emit(kind));
  }
  subscribe(listener: WebEventListener): () => void {
    return this.listeners.add(listener);
  }
  async get(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async close(): Promise<void> {
    this.listeners.clear();
  }
}

export class RedisWebEvents implements WebEvents {
  private readonly listeners: Listeners;
  private closed = false;

  private constructor(
    private readonly commands: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    this.listeners = new Listeners(logger);
    subscriber.on("message", (channel: string, text: string) => {
      if (channel === this.prefix + WEB_EVENTS_CHANNEL && KINDS.has(text)) this.listeners.emit(text as WebEventKind);
    });
    // Events sent while the subscription was down are lost: after a reconnect everything is stale.
    let connectedOnce = false;
    subscriber.on("ready", () => {
      if (connectedOnce) for (const kind of KINDS) this.listeners.emit(kind as WebEventKind);
      connectedOnce = true;
    });
  }

  static async open(url: string, options: { prefix?: string; logger: Logger; connectTimeoutMs?: number }): Promise<RedisWebEvents> {
    const connectTimeout = options.connectTimeoutMs ?? 5_000;
    const commands = await newRedis(url, { lazyConnect: true, connectTimeout, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const subscriber = await newRedis(url, { lazyConnect: true, connectTimeout });
    let lastError = "";
    for (const client of [commands, subscriber]) {
      client.on("error", (error: Error) => {
        if (error.message !== lastError) options.logger.error(`[web-events] Redis: ${error.message}`);
        lastError = error.message;
      });
    }
    const prefix = options.prefix ?? "";
    try {
      await Promise.all([commands.connect(), subscriber.connect()]);
      await subscriber.subscribe(prefix + WEB_EVENTS_CHANNEL);
    } catch (error) {
      commands.disconnect();
      subscriber.disconnect();
      throw new Error(`web events: cannot reach Redis: ${(error as Error).message}`, { cause: error });
    }
    return new RedisWebEvents(commands, subscriber, prefix, options.logger);
  }

  async publish(kind: WebEventKind): Promise<void> {
    if (this.closed) return;
    await this.commands.publish(this.prefix + WEB_EVENTS_CHANNEL, kind);
  }
  subscribe(listener: WebEventListener): () => void {
    return this.listeners.add(listener);
  }
  async get(key: string): Promise<string | null> {
    return this.commands.get(this.prefix + key);
  }
  async set(key: string, value: string): Promise<void> {
    await this.commands.set(this.prefix + key, value);
  }
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    for (const client of [this.subscriber, this.commands]) {
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    }
  }
}

const registry = new WeakMap<object, WebEvents>();

/** The backend's web events (in process until startWebEvents gave it Redis). */
export function webEventsOf(services: object & { logger: Logger }): WebEvents {
  let events = registry.get(services);
  if (!events) {
    events = new InProcessWebEvents(services.logger);
    registry.set(services, events);
  }
  return events;
}

export async function startWebEvents(services: object & { logger: Logger }, options: { redisUrl?: string; prefix?: string }): Promise<WebEvents> {
  const events = options.redisUrl
    ? await RedisWebEvents.open(options.redisUrl, { prefix: options.prefix, logger: services.logger })
    : new InProcessWebEvents(services.logger);
  registry.set(services, events);
  return events;
}

/** Publishes without failing the caller: a lost event costs staleness, never the change itself. */
export function announce(services: object & { logger: Logger }, kind: WebEventKind): void {
  webEventsOf(services)
    .publish(kind)
    .catch((error) => services.logger.error(`[web-events] publishing ${kind} failed`, error));
}
