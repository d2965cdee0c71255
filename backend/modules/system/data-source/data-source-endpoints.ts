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
import { loadPg } from "../../../db/drivers";
import { and, asc, eq } from "drizzle-orm";
import { connectionAddress, DataSourceMessages, dataSourceModule, POSTGRESQL_TYPE, sameConnection } from "#contract/modules/data-source";
import { sysDataSource, sysUser } from "../../../db/schema";
import { onlineReportModule } from "#contract/modules/online-report";
import { endpoint, requireAuth, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
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
      else if (save.existing && !sameConnection({ dbUrl, dbUsername }, { dbUrl: String(save.existing.dbUrl ?? ""), dbUsername: String(save.existing.dbUsername ?? "") }))
        throw new ApiError(DataSourceMessages.passwordAgain);
      if (dbUrl) await resolveAllowed(save.services, save.tx.orm, save.auth.user.id, connectionTarget(dbUrl));
    },
  },
});

/** host, port and database of `jdbc:postgresql://h:p/db` or `postgres://h:p/db`. */
export function connectionTarget(dbUrl: string): { host: string; port: number; database: string } {
  const target = connectionAddress(dbUrl);
  if (!target) throw new ApiError(dataSourceModule.fields.dbUrl.pattern.message);
  return target;
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

/**
 * Loopback (127/8, ::1), link-local (169.254/16, fe80::/10) and unspecified (0/8, ::) addresses, and
 * the deprecated IPv4-compatible ::/96. A BlockList compares addresses, not their spelling: an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, which a URL writes `::ffff:7f00:1`) counts as its
 * IPv4 address.
 */
const INTERNAL = new net.BlockList();
INTERNAL.addSubnet("127.0.0.0", 8, "ipv4");
INTERNAL.addSubnet("169.254.0.0", 16, "ipv4");
INTERNAL.addSubnet("0.0.0.0", 8, "ipv4");
INTERNAL.addSubnet("::", 96, "ipv6");
INTERNAL.addSubnet("fe80::", 10, "ipv6");

const familyOf = (address: string) => (net.isIPv4(address) ? "ipv4" : "ipv6");

export function internalAddress(address: string): boolean {
  return net.isIP(address) !== 0 && INTERNAL.check(address, familyOf(address));
}

/** The host and port of this backend's own PostgreSQL server (none on PGlite). */
function ownDatabase(services: BackendServices): { host: string; port: number } | null {
  if (services.db.kind !== "postgres") return null;
  const options = (services.db.orm as unknown as { $client: { options?: { connectionString?: string; host?: string; port?: number } } }).$client.options ?? {};
  if (options.connectionString) {
    try {
      const url = new URL(options.connectionString);
      return { host: url.hostname.replace(/^\[|\]$/g, "") || "localhost", port: Number(url.port || 5432) };
    } catch {
      return { host: "localhost", port: 5432 };
    }
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

/** Whether any of these addresses is loopback, link-local or this backend's own server and port. */
async function internalTarget(services: BackendServices, addresses: string[], port: number): Promise<boolean> {
  const own = ownDatabase(services);
  const ownServer = new net.BlockList();
  if (own && own.port === port) for (const address of await addressesOf(own.host)) ownServer.addAddress(address, familyOf(address));
  return addresses.some((address) => internalAddress(address) || ownServer.check(address, familyOf(address)));
}

/**
 * The address to connect to (resolved once, so a name cannot answer differently between the check
 * and the connection): refused unless the caller is a platform administrator when it is loopback,
 * link-local or this server's own database.
 */
async function resolveAllowed(services: BackendServices, orm: Orm, userId: string, target: { host: string; port: number }): Promise<string | null> {
  const addresses = await addressesOf(target.host);
  if ((await internalTarget(services, addresses, target.port)) && !(await isPlatformAdmin(orm, userId))) {
    throw new ApiError(DataSourceMessages.platformOnlyTarget, ResultCode.noPermission);
  }
  return addresses[0] ?? null;
}

/**
 * Where a report on a saved data source connects: its host resolved now, and connected by that
 * address. Every save checked the target with the saver's rights, so an internal address is
 * accepted when a platform administrator saved the source last or runs the report; a source a
 * school saved that resolves internally now is a name that answers otherwise than when it was saved
 * (DNS rebinding), and is refused.
 */
export async function savedSourceTarget(
  services: BackendServices,
  userId: string,
  source: { dbUrl: string; createBy: string | null; updateBy: string | null },
): Promise<{ host: string; port: number; database: string }> {
  const target = connectionTarget(source.dbUrl);
  const addresses = await addressesOf(target.host);
  if (addresses.length === 0) throw new ApiError(DataSourceMessages.failed(DataSourceMessages.unreachable));
  if (await internalTarget(services, addresses, target.port)) {
    const orm = services.db.orm;
    const saver = source.updateBy ?? source.createBy;
    const [savedBy] = saver ? await orm.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, saver)).limit(1) : [];
    const approved = (savedBy !== undefined && (await isPlatformAdmin(orm, savedBy.id))) || (await isPlatformAdmin(orm, userId));
    if (!approved) throw new ApiError(DataSourceMessages.platformOnlyTarget, ResultCode.noPermission);
  }
  return { ...target, host: addresses[0]! };
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
      if (!sameConnection({ dbUrl, dbUsername }, row)) throw new ApiError(DataSourceMessages.passwordAgain);
      password = decryptSecret(row.dbPassword, context.services.config.dataSourceKey) ?? "";
    }
  }
  if (!dbUrl || !dbUsername) throw new ApiError("请填写数据源地址和用户名");
  const target = connectionTarget(dbUrl);
  const address = await resolveAllowed(context.services, context.services.db.orm, context.auth.user.id, target);
  if (!address) return failure(DataSourceMessages.failed(DataSourceMessages.unreachable));
  const pg = await loadPg();
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

/**
 * The data-source picker of 报表配置 (JeecgBoot's `queryOptions`, the Vue clients' getDataSourceList):
 * the tenant's sources as `{value: code, label: name, text: name}`, for holders of 数据源管理 or of
 * 报表配置. Nothing else of a source is in it.
 */
async function dataSourceOptions(request: EndpointRequest) {
  const auth = requireAuth(request);
  const permissions = request.services.permissions;
  if (!(await permissions.hasMenu(auth, dataSourceModule.page)) && !(await permissions.hasMenu(auth, onlineReportModule.page))) throw new ApiError("没有权限访问数据源", 403);
  const context = crudContext(request);
  const sources = await context.services.db.orm
    .select({ code: sysDataSource.code, name: sysDataSource.name })
    .from(sysDataSource)
    .where(eq(sysDataSource.tenantId, context.tenantId))
    .orderBy(asc(sysDataSource.name));
  return ok(sources.map((source) => ({ value: source.code, label: source.name, text: source.name })));
}

export const dataSourceEndpoints: Endpoint[] = [
  ...dataSourceCrud.endpoints,
  endpoint("GET", "/sys/dataSource/options", "user", dataSourceOptions, { doc: { summary: "数据源的下拉选项" } }),
  endpoint("POST", "/sys/dataSource/testConnection", "dataSource:test", testConnection, { doc: { summary: "测试数据源的连接" } }),
  // The original client's 测试连接 (its online report module's endpoint, contract §9).
  endpoint("POST", "/online/cgreport/api/testConnection", "dataSource:test", testConnection, { doc: { summary: "测试报表数据源的连接" } }),
];
