// 数据源管理 (/sys/dataSource, api-contract.md §7): named PostgreSQL connections of the tenant on the
// module engine. The password is encrypted before it is written (./secret-box.ts) and is a secret
// column, so no answer carries it; an edit with a blank password keeps the stored one.
// testConnection connects to the real server with what the form holds (or the stored password),
// for holders of dataSource:test only: it reaches hosts the backend can reach (docs/decisions/044).
import pg from "pg";
import { and, eq } from "drizzle-orm";
import { DataSourceMessages, dataSourceModule, POSTGRESQL_TYPE } from "#contract/modules/data-source";
import { sysDataSource } from "../../../db/schema";
import { endpoint, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, failure, okMessage } from "../../../http/envelope";
import { crudContext } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { singleId } from "../../../crud/crud-messages";
import { decryptSecret, encryptSecret } from "./secret-box";

const CONNECT_TIMEOUT_MS = 5000;

export const dataSourceCrud = createModuleCrud(dataSourceModule, {
  table: sysDataSource,
  entity: { tenantColumn: "tenant_id", fields: { dbPassword: { secret: true } } },
  hooks: {
    beforeSave: (save) => {
      const dbType = save.values.dbType ?? save.existing?.dbType;
      if (dbType !== undefined && dbType !== POSTGRESQL_TYPE) throw new ApiError(DataSourceMessages.onlyPostgres);
      const password = typeof save.body.dbPassword === "string" ? save.body.dbPassword : "";
      if (password !== "") save.values.dbPassword = encryptSecret(password, save.services.config.dataSourceKey);
      else if (save.operation === "add") throw new ApiError(DataSourceMessages.passwordRequired);
    },
  },
});

/** host, port and database of `jdbc:postgresql://h:p/db` or `postgres://h:p/db`. */
export function connectionTarget(dbUrl: string): { host: string; port: number; database: string } {
  let url: URL;
  try {
    url = new URL(dbUrl.trim().replace(/^jdbc:/, "").replace(/^postgres:/, "postgresql:"));
  } catch {
    throw new ApiError(dataSourceModule.fields.dbUrl.pattern.message);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (url.protocol !== "postgresql:" || !url.hostname || !database) throw new ApiError(dataSourceModule.fields.dbUrl.pattern.message);
  return { host: url.hostname.replace(/^\[|\]$/g, ""), port: url.port ? Number(url.port) : 5432, database };
}

/** A short reason in the answer; pg's own words are English and may be long. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "28P01" || code === "28000") return "用户名或密码错误";
  if (code === "3D000") return "数据库不存在";
  if (code === "ECONNREFUSED") return "服务器拒绝连接";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "找不到服务器";
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout/i.test(message)) return "连接超时";
  return message.slice(0, 200);
}

async function testConnection(request: EndpointRequest) {
  const context = crudContext(request);
  const body = request.body;
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");
  let password = text("dbPassword");
  let dbUrl = text("dbUrl");
  let dbUsername = text("dbUsername");
  const id = singleId(body.id);
  if (id) {
    // A saved source: what the form did not change comes from the row (the password never left it).
    const [row] = await context.services.db.orm
      .select()
      .from(sysDataSource)
      .where(and(eq(sysDataSource.id, id), eq(sysDataSource.tenantId, context.tenantId)))
      .limit(1);
    if (!row) throw new ApiError("未找到对应数据");
    dbUrl ||= row.dbUrl;
    dbUsername ||= row.dbUsername;
    if (!password) password = decryptSecret(row.dbPassword, context.services.config.dataSourceKey) ?? "";
  }
  if (!dbUrl || !dbUsername) throw new ApiError("请填写数据源地址和用户名");
  const client = new pg.Client({ ...connectionTarget(dbUrl), user: dbUsername, password, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
    return okMessage(DataSourceMessages.connected);
  } catch (error) {
    return failure(DataSourceMessages.failed(reasonOf(error)));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const dataSourceEndpoints: Endpoint[] = [
  ...dataSourceCrud.endpoints,
  endpoint("POST", "/sys/dataSource/testConnection", "dataSource:test", testConnection),
  // The original client's 测试连接 (its online report module's endpoint, contract §9).
  endpoint("POST", "/online/cgreport/api/testConnection", "dataSource:test", testConnection),
];
