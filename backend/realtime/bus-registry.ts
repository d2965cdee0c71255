// Which notice bus belongs to which backend. The announcement endpoints and the socket server only
// get the backend's services, so the bus is found through them; a backend nobody gave a bus gets
// an in-process one on first use (a single process then works without any set-up).
import type { BackendServices, Logger } from "../services";
import { InProcessNoticeBus, type NoticeBus } from "./notice-bus";
import { RedisNoticeBus } from "./redis-notice-bus";

const buses = new WeakMap<BackendServices, NoticeBus>();

export function noticeBusOf(services: BackendServices): NoticeBus {
  let bus = buses.get(services);
  if (!bus) {
    bus = new InProcessNoticeBus((error) => services.logger.error("[notices] a notice listener failed", error));
    buses.set(services, bus);
  }
  return bus;
}

/** True once the backend has a bus (started, or created on first use). */
export function hasNoticeBus(services: BackendServices): boolean {
  return buses.has(services);
}

export interface NoticeBusOptions {
  /** REDIS_URL: when set, deliveries go through Redis pub/sub to every instance. */
  redisUrl?: string;
  /** Redis channel; `socketHandler` unless told (contract §8). */
  channel?: string;
  logger?: Logger;
}

/**
 * Opens the backend's bus (Redis when `redisUrl` is set, else in process) and makes it the one
 * its endpoints and sockets use. Call before attaching the socket server; close it at shutdown.
 */
export async function startNoticeBus(services: BackendServices, options: NoticeBusOptions = {}): Promise<NoticeBus> {
  // Sockets subscribe when they are attached; swapping the bus under them would silence them.
  if (buses.has(services)) throw new Error("notice bus: this backend already has one (start it before attaching sockets)");
  const logger = options.logger ?? services.logger;
  const bus: NoticeBus = options.redisUrl
    ? await RedisNoticeBus.open({ url: options.redisUrl, channel: options.channel, logger })
    : new InProcessNoticeBus((error) => logger.error("[notices] a notice listener failed", error));
  buses.set(services, bus);
  return bus;
}
