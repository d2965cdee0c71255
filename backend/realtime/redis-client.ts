// ioredis, imported when a process is first told to use Redis (REDIS_URL; docs/decisions/175): one
// web server with its embedded backend never does.
import type { Redis as RedisClient, RedisOptions } from "ioredis";

let loading: Promise<typeof RedisClient> | null = null;

/** A new ioredis client for `url`. */
export async function newRedis(url: string, options: RedisOptions): Promise<RedisClient> {
  loading ??= import("ioredis").then((module) => module.Redis);
  const Redis = await loading;
  return new Redis(url, options);
}
