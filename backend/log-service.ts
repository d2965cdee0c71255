// sys_log rows: log_type 1 login, 2 operation (contract §5). Requests never wait for their log:
// entries are queued and written in multi-row inserts a moment later (or when the queue fills),
// so an operation costs one array push (issue #15: "without slowing them").
import type { Database } from "./db/client";
import { sysLog } from "./db/schema";
import { newId } from "./db/ids";

export const LogType = { login: 1, operation: 2 } as const;

/** operate_type of an operation log (contract §5 sys_log). */
export const OperateType = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;

export interface LogEntry {
  logType: number;
  content: string;
  username?: string | null;
  realname?: string | null;
  ip?: string | null;
  operateType?: number;
  requestUrl?: string;
  requestType?: string;
  /** The parameters, secrets already masked. */
  requestParam?: string | null;
  /** The endpoint that answered (e.g. `POST /sys/position/add`). */
  method?: string | null;
  costTime?: number | null;
  tenantId?: number | null;
  browser?: string | null;
  createTime?: Date;
}

/** Entries written per insert at most; also the queue length that triggers a write at once. */
const BATCH_SIZE = 200;
/** How long a queued entry waits at most before it is written. */
const FLUSH_DELAY_MS = 300;
/** Beyond this many waiting entries (the database is down), new ones are dropped and counted. */
const QUEUE_LIMIT = 20_000;

export class LogService {
  private queue: LogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Entries lost because the queue was full or an insert failed. */
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Queues an entry; it is written within FLUSH_DELAY_MS. Never throws, never waits. */
  enqueue(entry: LogEntry): void {
    if (this.queue.length >= QUEUE_LIMIT) {
      this.dropped += 1;
      return;
    }
    this.queue.push({ ...entry, createTime: entry.createTime ?? new Date() });
    if (this.queue.length >= BATCH_SIZE) this.schedule(0);
    else this.schedule(FLUSH_DELAY_MS);
  }

  /** Writes everything queued so far (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.drain();
    await this.writing;
  }

  private schedule(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.drain();
    }, delayMs);
    this.timer.unref?.();
  }

  /** Inserts run one after another (PGlite is one connection; order is kept). */
  private drain(): void {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_SIZE);
      this.writing = this.writing.then(async () => {
        try {
          await this.db.orm.insert(sysLog).values(batch.map(toRow));
        } catch (error) {
          this.dropped += batch.length;
          this.onError(error);
        }
      });
    }
  }
}

function toRow(entry: LogEntry): typeof sysLog.$inferInsert {
  return {
    id: newId(),
    logType: entry.logType,
    logContent: entry.content.slice(0, 1000),
    operateType: entry.operateType ?? null,
    userid: entry.username?.slice(0, 32) ?? null,
    username: entry.realname?.slice(0, 100) ?? null,
    ip: entry.ip?.slice(0, 100) ?? null,
    method: entry.method?.slice(0, 500) ?? null,
    requestUrl: entry.requestUrl?.slice(0, 255) ?? null,
    requestParam: entry.requestParam ?? null,
    requestType: entry.requestType?.slice(0, 10) ?? null,
    costTime: entry.costTime ?? null,
    tenantId: entry.tenantId ?? null,
    browser: entry.browser?.slice(0, 100) ?? null,
    createBy: entry.username?.slice(0, 32) ?? null,
    ...(entry.createTime ? { createTime: entry.createTime } : {}),
  };
}
