// 数据源管理 (/sys/dataSource, api-contract.md §7): named PostgreSQL connections of the tenant on the
// module engine. The password is encrypted before it is written (./secret-box.ts) and is a secret
// column, so no answer carries it; an edit with a blank password keeps the stored one.
// testConnection connects to the real server with what the form holds, for holders of
// dataSource:test only (docs/decisions/044). The stored password travels only to the stored
// address and user: any change needs it typed again; a target on loopback, link-local or this
// server's own database needs the platform administrator; the answers tell "无法连接" for every
// network failure (issue #27 item 3, docs/decisions/079).
import { lookup } from "node:dns/promises";
import net from "node:net";
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
import { isPlatformAdmin } from "../permission/permission-service";
import type { BackendServices } from "../../../services";
import type { Orm } from "../../../db/client";
import { ResultCode } from "#contract/envelope";

const CONNECT_TIMEOUT_MS = 5000;

export const dataSourceCrud = createModuleCrud(dataSourceModule, {
  table: sysDataSource,
  entity: { tenantColumn: "tenant_id", fields: { dbPassword: { secret: true } } },
  hooks: {
    beforeSave: async (save) => {
      const dbType = save.values.dbType ?? save.existing?.dbType;
      if (dbType !== undefined && dbType !== POSTGRESQL_TYPE) throw new ApiError(DataSourceMessages.onlyPostgres);
      const password = typeof save.body.dbPassword === "string" ? save.body.dbPassword : "";
      const dbUrl = String(save.values.dbUrl ?? save.existing?.dbUrl ?? "");
      const dbUsername = String(save.values.dbUsername ?? save.existing?.dbUsername ?? "");
      // Required on 新增 by the definition (requiredOnAdd, backend/crud/module.ts); blank on edit keeps it.
      if (password !== "") save.values.dbPassword = encryptSecret(password, save.services.config.dataSourceKey);
      else if (save.existing && !sameAddress(dbUrl, dbUsername, String(save.existing.dbUrl ?? ""), String(save.existing.dbUsername ?? "")))
        throw new ApiError(DataSourceMessages.passwordAgain);
      if (dbUrl) await resolveAllowed(save.services, save.tx.orm, save.auth.user.id, connectionTarget(dbUrl));
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

/**
 * A short reason in the answer: what the server said once it answered as PostgreSQL; for anything
 * else (closed or filtered port, unknown host, timeout, another protocol) only "无法连接".
 */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "28P01" || code === "28000") return "用户名或密码错误";
  if (code === "3D000") return "数据库不存在";
  return DataSourceMessages.unreachable;
}

/** Same host, port, database and user (the stored password may go there). */
function sameAddress(dbUrl: string, dbUsername: string, storedUrl: string, storedUsername: string): boolean {
  try {
    const a = connectionTarget(dbUrl);
    const b = connectionTarget(storedUrl);
    return a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port && a.database === b.database && dbUsername === storedUsername;
  } catch {
    return false;
  }
}

/** Loopback, link-local or unspecified (IPv4, IPv6 and IPv4-mapped IPv6). */
export function internalAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, "");
  if (net.isIPv4(v4)) return /^(127\.|169\.254\.|0\.)/.test(v4);
  const v6 = address.toLowerCase();
  return v6 === "::1" || v6 === "::" || /^fe[89ab][0-9a-f]:/.test(v6);
}

/** The host and port of this backend's own PostgreSQL server (none on PGlite). */
function ownDatabase(services: BackendServices): { host: string; port: number } | null {
  if (services.db.kind !== "postgres") return null;
  const options = (services.db.orm as unknown as { $client: { options?: { connectionString?: string; host?: string; port?: number } } }).$client.options ?? {};
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    return { host: url.hostname || "localhost", port: Number(url.port || 5432) };
  }
  return { host: options.host ?? "localhost", port: options.port ?? 5432 };
}

async function addressesOf(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  try {
    return (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/**
 * The address to connect to (resolved once, so a name cannot answer differently between the check
 * and the connection): refused unless the caller is a platform administrator when it is loopback,
 * link-local or this server's own database.
 */
async function resolveAllowed(services: BackendServices, orm: Orm, userId: string, target: { host: string; port: number }): Promise<string | null> {
  const addresses = await addressesOf(target.host);
  const own = ownDatabase(services);
  const ownAddresses = own && own.port === target.port ? await addressesOf(own.host) : [];
  const internal = addresses.some((address) => internalAddress(address) || ownAddresses.includes(address));
  if (internal && !(await isPlatformAdmin(orm, userId))) {
    throw new ApiError(DataSourceMessages.platformOnlyTarget, ResultCode.noPermission);
  }
  return addresses[0] ?? null;
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
    if (!password) {
      // The stored password goes only where it was saved for.
      if (!sameAddress(dbUrl, dbUsername, row.dbUrl, row.dbUsername)) throw new ApiError(DataSourceMessages.passwordAgain);
      password = decryptSecret(row.dbPassword, context.services.config.dataSourceKey) ?? "";
    }
  }
  if (!dbUrl || !dbUsername) throw new ApiError("请填写数据源地址和用户名");
  const target = connectionTarget(dbUrl);
  const address = await resolveAllowed(context.services, context.services.db.orm, context.auth.user.id, target);
  if (!address) return failure(DataSourceMessages.failed(DataSourceMessages.unreachable));
  const client = new pg.Client({ ...target, host: address, user: dbUsername, password, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS });
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
