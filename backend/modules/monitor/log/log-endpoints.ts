// 系统日志 (/sys/log, page /monitor/log) on the CRUD engine: read and export only (logs are sealed:
// nobody edits or deletes them through the product; the nightly purge removes those older than
// LOG_RETENTION_DAYS, docs/decisions/121); the rows are written by the request journal
// (./request-journal.ts). Plus the dashboard figures of
// /sys/loginfo and /sys/visitInfo (api-contract.md §7 "Other base paths").
import { sql, type SQL } from "drizzle-orm";
import { sysLog } from "../../../db/schema";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";
import { createCrud } from "../../../crud/engine";
import { crudContext } from "../../../crud/context";
import { defineEntity } from "../../../crud/entity";
import { DEFAULT_TENANT_ID, type TenantScope } from "../../../crud/tenant";
import { LogType } from "../../../log-service";
import { formatWireDate } from "#contract/clock";
import { schoolClockZone, schoolDayStart } from "../../../clock";
import { PAGES } from "#contract/pages";

export const LOG_PAGE_PATH = PAGES["system/LogList"];

export const logEntity = defineEntity(sysLog, {
  fields: {
    logType: { dictCode: "log_type" },
    operateType: { dictCode: "operate_type" },
    // Parameters are shown, never searched or sorted (long text).
    requestParam: { searchable: false, sortable: false },
  },
});

/**
 * Logs belong to the caller's tenant. Rows without one (a failed sign-in of an unknown name) are
 * shown to the default tenant's administrators.
 */
export const logTenantScope: TenantScope = {
  condition: (tenantId) =>
    tenantId === DEFAULT_TENANT_ID
      ? sql`(${sysLog.tenantId} = ${tenantId} OR ${sysLog.tenantId} IS NULL)`
      : sql`${sysLog.tenantId} = ${tenantId}`,
  assign: (values, tenantId) => {
    values.tenantId = tenantId;
  },
};

export const logCrud = createCrud({
  basePath: "/sys/log",
  title: "系统日志",
  entity: logEntity,
  table: sysLog,
  pagePath: LOG_PAGE_PATH,
  permissionPrefix: "log",
  tenant: logTenantScope,
  operations: ["list"],
  hooks: {
    // The original's 搜索日志 box: `keyWord` matches the content.
    listConditions: (_context, query) => {
      // The search bar sends text filters as `*x*` (contract §6); the stars are not part of the word.
      const keyWord = typeof query.keyWord === "string" ? query.keyWord.trim().replace(/^\*|\*$/g, "").trim() : "";
      return keyWord ? [sql`${sysLog.logContent} ILIKE ${`%${keyWord.replace(/[\\%_]/g, "\\$&")}%`}`] : [];
    },
  },
  excel: {
    title: "系统日志",
    operations: ["export"],
    columns: [
      { property: "logType", title: "日志类型" },
      { property: "logContent", title: "日志内容", width: 50 },
      { property: "userid", title: "操作人ID" },
      { property: "username", title: "操作人名称" },
      { property: "ip", title: "IP" },
      { property: "browser", title: "浏览器" },
      { property: "operateType", title: "操作类型" },
      { property: "method", title: "请求方法", width: 30 },
      { property: "requestParam", title: "请求参数", width: 50 },
      { property: "costTime", title: "耗时(毫秒)" },
      { property: "createTime", title: "创建时间", width: 20 },
    ],
  },
});

/** Content of a successful sign-in (contract §2 "Login side effects"). */
const SIGN_IN_SUCCESS = "%登录成功！";

/** Start of the school's day (SCHOOL_TIMEZONE, backend/clock.ts) that holds `now`, `daysBack` days earlier. */
export const dayStart = schoolDayStart;

function signIns(scope: SQL): SQL {
  return sql`${sysLog.logType} = ${LogType.login} AND ${sysLog.logContent} LIKE ${SIGN_IN_SUCCESS} AND ${scope}`;
}

function count(value: unknown): number {
  return Number(value ?? 0);
}

export const logEndpoints: Endpoint[] = [
  ...logCrud.endpoints,

  // Dashboard: successful sign-ins in total and today, and today's distinct addresses.
  endpoint("GET", "/sys/loginfo", "user", async (request) => {
    const context = crudContext(request);
    const scope = logTenantScope.condition(context.tenantId);
    const today = dayStart(new Date());
    const [row] = await request.services.db.rows<{ total: unknown; today: unknown; ips: unknown }>(sql`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE ${sysLog.createTime} >= ${today}) AS today,
             count(DISTINCT ${sysLog.ip}) FILTER (WHERE ${sysLog.createTime} >= ${today}) AS ips
        FROM ${sysLog} WHERE ${signIns(scope)}`);
    return ok({ totalVisitCount: count(row?.total), todayVisitCount: count(row?.today), todayIp: count(row?.ips) }, "登录成功");
  }, { doc: { summary: "首页的访问统计（今日和累计）" } }),

  // Dashboard chart: the last 7 days (today included), oldest first, each with its sign-ins
  // (`visit`), distinct addresses (`ip`), the day (`tian`, yyyy-MM-dd) and its label (`type`, MM-dd).
  endpoint("GET", "/sys/visitInfo", "user", async (request) => {
    const context = crudContext(request);
    const scope = logTenantScope.condition(context.tenantId);
    const first = dayStart(new Date(), 6);
    const rows = await request.services.db.rows<{ tian: string; visit: unknown; ip: unknown }>(sql`
      SELECT to_char(${sysLog.createTime} AT TIME ZONE ${schoolClockZone()}, 'YYYY-MM-DD') AS tian,
             count(*) AS visit, count(DISTINCT ${sysLog.ip}) AS ip
        FROM ${sysLog} WHERE ${signIns(scope)} AND ${sysLog.createTime} >= ${first}
       GROUP BY 1`);
    const byDay = new Map(rows.map((row) => [row.tian, row]));
    const days = Array.from({ length: 7 }, (_, index) => {
      // Noon of each day: a day of 23 or 25 hours (daylight saving) never shifts the label.
      const tian = formatWireDate(new Date(first.getTime() + (index * 24 + 12) * 3_600_000), schoolClockZone());
      const row = byDay.get(tian);
      return { tian, type: tian.slice(5), visit: count(row?.visit), ip: count(row?.ip) };
    });
    return ok(days);
  }, { doc: { summary: "首页的访问趋势（近七天）" } }),
];
