// 数据源管理 (/isystem/dataSource, api-contract.md §7 /sys/dataSource): named PostgreSQL connections
// of a school. The password is written, never read: stored encrypted by the backend and left out
// of every answer; an edit with a blank password keeps the stored one.
import { defineModule } from "./module";

export const dataSourceModule = defineModule({
  title: "数据源",
  table: "sys_data_source",
  api: "/sys/dataSource",
  page: "/isystem/dataSource",
  permissionPrefix: "dataSource",
  fields: {
    code: { label: "数据源编码", required: "请输入数据源编码!", pattern: "code", maxLength: 100, unique: true, fixed: true, show: { search: true } },
    name: { label: "数据源名称", required: "请输入数据源名称!", maxLength: 100, show: { search: true } },
    dbType: { label: "数据库类型", dict: "database_type", required: "请选择数据库类型!" },
    dbUrl: {
      label: "数据源地址",
      required: "请输入数据源地址!",
      pattern: { regex: /^(jdbc:postgresql|postgres(ql)?):\/\/[^\s/?#]+(:\d{1,5})?\/[^\s/?#]+(\?[^\s#]*)?$/, message: "请输入PostgreSQL地址，如 jdbc:postgresql://127.0.0.1:5432/school" },
      maxLength: 500,
    },
    dbUsername: { label: "用户名", required: "请输入用户名!", maxLength: 100 },
    dbPassword: { label: "密码", requiredOnAdd: "请输入密码!", maxLength: 200, show: { list: false, excel: false, query: false } },
    remark: { label: "备注", maxLength: 200 },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

/** dict database_type: only PostgreSQL connects. */
export const POSTGRESQL_TYPE = "4";

/**
 * Host, port and database of `jdbc:postgresql://h:p/db` or `postgres(ql)://h:p/db`, or null when the
 * text is no PostgreSQL address. User info and query parameters are not part of it: nothing but
 * these three (and the user name) is ever used to connect.
 */
export function connectionAddress(dbUrl: string): { host: string; port: number; database: string } | null {
  let url: URL;
  try {
    url = new URL(dbUrl.trim().replace(/^jdbc:/, "").replace(/^postgres:/, "postgresql:"));
  } catch {
    return null;
  }
  let database: string;
  try {
    database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  } catch {
    return null;
  }
  if (url.protocol !== "postgresql:" || !url.hostname || !database) return null;
  return { host: url.hostname.replace(/^\[|\]$/g, ""), port: url.port ? Number(url.port) : 5432, database };
}

/**
 * Whether a stored password may go with these settings: the same host, port, database and user as
 * it was saved with (issue #27 item 3). The page asks for the password again by the same rule.
 */
export function sameConnection(a: { dbUrl: string; dbUsername: string }, b: { dbUrl: string; dbUsername: string }): boolean {
  const first = connectionAddress(a.dbUrl);
  const second = connectionAddress(b.dbUrl);
  if (!first || !second) return false;
  return (
    first.host.toLowerCase() === second.host.toLowerCase() && first.port === second.port && first.database === second.database && a.dbUsername === b.dbUsername
  );
}

export const DataSourceMessages = {
  onlyPostgres: "目前只支持PostgreSQL数据源",
  connected: "数据库连接成功",
  failed: (reason: string) => `数据库连接失败：${reason}`,
  /** Any unreachable server, closed or filtered port, unknown host or timeout alike (issue #27 item 3). */
  unreachable: "无法连接",
  passwordAgain: "数据源地址或用户名已修改，请重新输入密码",
  platformOnlyTarget: "指向本机、链路本地地址或本系统数据库的数据源只有平台管理员可以设置",
} as const;
