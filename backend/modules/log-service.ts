// sys_log rows: log_type 1 login, 2 operation (contract §5).
import type { Database } from "../db/client";
import { sysLog } from "../db/schema";
import { newId } from "../db/ids";

export const LogType = { login: 1, operation: 2 } as const;

export class LogService {
  constructor(private readonly db: Database) {}

  async write(entry: {
    logType: number;
    content: string;
    username?: string | null;
    realname?: string | null;
    ip?: string | null;
    operateType?: number;
    requestUrl?: string;
    requestType?: string;
  }): Promise<void> {
    await this.db.orm.insert(sysLog).values({
      id: newId(),
      logType: entry.logType,
      logContent: entry.content.slice(0, 1000),
      operateType: entry.operateType ?? null,
      userid: entry.username ?? null,
      username: entry.realname ?? null,
      ip: entry.ip?.slice(0, 100) ?? null,
      requestUrl: entry.requestUrl?.slice(0, 255) ?? null,
      requestType: entry.requestType ?? null,
      createBy: entry.username ?? null,
    });
  }
}
