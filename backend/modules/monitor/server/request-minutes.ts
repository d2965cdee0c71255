// 监控's requests per minute (issue #17 part 8, docs/decisions/054): each backend instance counts its
// signed-in requests per (tenant, minute) in memory and adds the counts to sys_request_minute in
// one upsert every few seconds, so that several instances sum up and a request never waits for a
// write. Kept beside the services (one counter per services object), like the notice bus.
import { sql } from "drizzle-orm";
import type { BackendServices } from "../../../services";

/** How long counts wait in memory at most before they are written. */
export const REQUEST_MINUTE_FLUSH_MS = 5_000;
/** Minutes kept in the table; older rows go with each write. */
export const REQUEST_MINUTE_RETENTION_HOURS = 48;

export class RequestMinutes {
  private pending = new Map<string, { tenantId: number; minute: number; requests: number; errors: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly services: BackendServices) {}

  /** Counts one answered request of `tenantId` at `at` (epoch ms). Never throws, never waits. */
  add(tenantId: number, at: number, failed: boolean): void {
    const minute = at - (at % 60_000);
    const key = `${tenantId}:${minute}`;
    const entry = this.pending.get(key) ?? { tenantId, minute, requests: 0, errors: 0 };
    entry.requests += 1;
    if (failed) entry.errors += 1;
    this.pending.set(key, entry);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.drain();
      }, REQUEST_MINUTE_FLUSH_MS);
      this.timer.unref?.();
    }
  }

  /** Writes what was counted so far (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.drain();
    await this.writing;
  }

  private drain(): void {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const { db, logger } = this.services;
    this.writing = this.writing.then(async () => {
      try {
        await db.rows(sql`
          insert into sys_request_minute (tenant_id, minute, requests, errors)
          select * from unnest(${`{${rows.map((row) => row.tenantId).join(",")}}`}::int[],
                               ${`{${rows.map((row) => `"${new Date(row.minute).toISOString()}"`).join(",")}}`}::timestamptz[],
                               ${`{${rows.map((row) => row.requests).join(",")}}`}::int[],
                               ${`{${rows.map((row) => row.errors).join(",")}}`}::int[])
          on conflict (tenant_id, minute) do update
            set requests = sys_request_minute.requests + excluded.requests, errors = sys_request_minute.errors + excluded.errors`);
        await db.rows(sql`delete from sys_request_minute where minute < now() - make_interval(hours => ${REQUEST_MINUTE_RETENTION_HOURS})`);
      } catch (error) {
        logger.error("[monitor] writing the requests per minute failed", error);
      }
    });
  }
}

const counters = new WeakMap<BackendServices, RequestMinutes>();

export function requestMinutesOf(services: BackendServices): RequestMinutes {
  let counter = counters.get(services);
  if (!counter) {
    counter = new RequestMinutes(services);
    counters.set(services, counter);
  }
  return counter;
}
