// drizzle table definitions mirroring migrations/*.sql (the SQL is the source of truth for DDL;
// these give typed queries and the column allow-lists of the CRUD engine).
import {
  pgTable,
  varchar,
  integer,
  smallint,
  text,
  timestamp,
  date,
  doublePrecision,
  bigint,
  char,
} from "drizzle-orm/pg-core";

const audit = {
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updateBy: varchar("update_by", { length: 32 }),
  updateTime: timestamp("update_time", { withTimezone: true, mode: "date" }),
};

export const sysTenant = pgTable("sys_tenant", {
  id: integer("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  beginDate: timestamp("begin_date", { withTimezone: true, mode: "date" }),
  endDate: timestamp("end_date", { withTimezone: true, mode: "date" }),
  status: integer("status").notNull().default(1),
  createBy: audit.createBy,
  createTime: audit.createTime,
});

export const sysUser = pgTable("sys_user", {
  id: varchar("id", { length: 32 }).primaryKey(),
  username: varchar("username", { length: 100 }).notNull(),
  realname: varchar("realname", { length: 100 }),
  password: varchar("password", { length: 255 }),
  salt: varchar("salt", { length: 45 }),
  avatar: varchar("avatar", { length: 255 }),
  birthday: date("birthday", { mode: "string" }),
  sex: smallint("sex"),
  email: varchar("email", { length: 45 }),
  phone: varchar("phone", { length: 45 }),
  orgCode: varchar("org_code", { length: 64 }),
  status: smallint("status").notNull().default(1),
  delFlag: smallint("del_flag").notNull().default(0),
  thirdId: varchar("third_id", { length: 100 }),
  thirdType: varchar("third_type", { length: 100 }),
  activitiSync: smallint("activiti_sync").default(1),
  workNo: varchar("work_no", { length: 100 }),
  post: varchar("post", { length: 100 }),
  telephone: varchar("telephone", { length: 45 }),
  userIdentity: smallint("user_identity").default(1),
  departIds: text("depart_ids"),
  relTenantIds: varchar("rel_tenant_ids", { length: 100 }),
  clientId: varchar("client_id", { length: 64 }),
  ...audit,
});

export const sysRole = pgTable("sys_role", {
  id: varchar("id", { length: 32 }).primaryKey(),
  roleName: varchar("role_name", { length: 200 }),
  roleCode: varchar("role_code", { length: 100 }).notNull(),
  description: varchar("description", { length: 255 }),
  /** Tenant of the role (migration 0002). */
  tenantId: integer("tenant_id").notNull().default(1),
  ...audit,
});

export const sysUserRole = pgTable("sys_user_role", {
  id: varchar("id", { length: 32 }).primaryKey(),
  userId: varchar("user_id", { length: 32 }).notNull(),
  roleId: varchar("role_id", { length: 32 }).notNull(),
});

export const sysPermission = pgTable("sys_permission", {
  id: varchar("id", { length: 32 }).primaryKey(),
  parentId: varchar("parent_id", { length: 32 }),
  name: varchar("name", { length: 255 }),
  url: varchar("url", { length: 255 }),
  component: varchar("component", { length: 255 }),
  componentName: varchar("component_name", { length: 100 }),
  redirect: varchar("redirect", { length: 255 }),
  menuType: integer("menu_type").notNull(),
  perms: varchar("perms", { length: 1000 }),
  permsType: varchar("perms_type", { length: 10 }).default("0"),
  sortNo: doublePrecision("sort_no").default(0),
  alwaysShow: smallint("always_show").default(0),
  icon: varchar("icon", { length: 100 }),
  isRoute: smallint("is_route").default(1),
  isLeaf: smallint("is_leaf").default(1),
  keepAlive: smallint("keep_alive").default(0),
  hidden: smallint("hidden").default(0),
  hideTab: smallint("hide_tab").default(0),
  description: varchar("description", { length: 255 }),
  delFlag: smallint("del_flag").notNull().default(0),
  ruleFlag: smallint("rule_flag").default(0),
  status: varchar("status", { length: 2 }).default("1"),
  internalOrExternal: smallint("internal_or_external").default(0),
  ...audit,
});

export const sysRolePermission = pgTable("sys_role_permission", {
  id: varchar("id", { length: 32 }).primaryKey(),
  roleId: varchar("role_id", { length: 32 }).notNull(),
  permissionId: varchar("permission_id", { length: 32 }).notNull(),
  dataRuleIds: varchar("data_rule_ids", { length: 1000 }),
  operateDate: timestamp("operate_date", { withTimezone: true, mode: "date" }),
  operateIp: varchar("operate_ip", { length: 100 }),
});

export const sysPermissionDataRule = pgTable("sys_permission_data_rule", {
  id: varchar("id", { length: 32 }).primaryKey(),
  permissionId: varchar("permission_id", { length: 32 }),
  ruleName: varchar("rule_name", { length: 50 }),
  ruleColumn: varchar("rule_column", { length: 50 }),
  ruleConditions: varchar("rule_conditions", { length: 50 }),
  ruleValue: varchar("rule_value", { length: 300 }),
  status: varchar("status", { length: 3 }).default("1"),
  ...audit,
});

export const sysDepart = pgTable("sys_depart", {
  id: varchar("id", { length: 32 }).primaryKey(),
  parentId: varchar("parent_id", { length: 32 }),
  departName: varchar("depart_name", { length: 100 }).notNull(),
  departNameEn: varchar("depart_name_en", { length: 500 }),
  departNameAbbr: varchar("depart_name_abbr", { length: 500 }),
  departOrder: integer("depart_order").default(0),
  description: text("description"),
  orgCategory: varchar("org_category", { length: 10 }).notNull().default("1"),
  orgType: varchar("org_type", { length: 10 }),
  orgCode: varchar("org_code", { length: 64 }).notNull(),
  mobile: varchar("mobile", { length: 32 }),
  fax: varchar("fax", { length: 32 }),
  address: varchar("address", { length: 100 }),
  memo: varchar("memo", { length: 500 }),
  status: varchar("status", { length: 1 }).default("1"),
  delFlag: varchar("del_flag", { length: 1 }).default("0"),
  qywxIdentifier: varchar("qywx_identifier", { length: 100 }),
  /** Tenant of the department (migration 0002). */
  tenantId: integer("tenant_id").notNull().default(1),
  ...audit,
});

export const sysUserDepart = pgTable("sys_user_depart", {
  id: varchar("id", { length: 32 }).primaryKey(),
  userId: varchar("user_id", { length: 32 }).notNull(),
  depId: varchar("dep_id", { length: 32 }).notNull(),
});

export const sysPosition = pgTable("sys_position", {
  id: varchar("id", { length: 32 }).primaryKey(),
  code: varchar("code", { length: 100 }).notNull(),
  name: varchar("name", { length: 100 }),
  postRank: varchar("post_rank", { length: 2 }),
  companyId: varchar("company_id", { length: 255 }),
  sysOrgCode: varchar("sys_org_code", { length: 50 }),
  /** Tenant of the position (migration 0002). */
  tenantId: integer("tenant_id").notNull().default(1),
  ...audit,
});

export const sysDict = pgTable("sys_dict", {
  id: varchar("id", { length: 32 }).primaryKey(),
  dictName: varchar("dict_name", { length: 100 }).notNull(),
  dictCode: varchar("dict_code", { length: 100 }).notNull(),
  description: varchar("description", { length: 255 }),
  delFlag: integer("del_flag").notNull().default(0),
  type: integer("type").notNull().default(0),
  ...audit,
});

export const sysDictItem = pgTable("sys_dict_item", {
  id: varchar("id", { length: 32 }).primaryKey(),
  dictId: varchar("dict_id", { length: 32 }).notNull(),
  itemText: varchar("item_text", { length: 100 }).notNull(),
  itemValue: varchar("item_value", { length: 100 }).notNull(),
  description: varchar("description", { length: 255 }),
  sortOrder: integer("sort_order").default(0),
  status: integer("status").notNull().default(1),
  ...audit,
});

export const sysLog = pgTable("sys_log", {
  id: varchar("id", { length: 32 }).primaryKey(),
  logType: integer("log_type"),
  logContent: varchar("log_content", { length: 1000 }),
  operateType: integer("operate_type"),
  userid: varchar("userid", { length: 32 }),
  username: varchar("username", { length: 100 }),
  ip: varchar("ip", { length: 100 }),
  method: varchar("method", { length: 500 }),
  requestUrl: varchar("request_url", { length: 255 }),
  requestParam: text("request_param"),
  requestType: varchar("request_type", { length: 10 }),
  costTime: bigint("cost_time", { mode: "number" }),
  createBy: audit.createBy,
  createTime: audit.createTime,
});

export const sysSession = pgTable("sys_session", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tokenHash: char("token_hash", { length: 64 }).notNull(),
  userId: varchar("user_id", { length: 32 }).notNull(),
  username: varchar("username", { length: 100 }).notNull(),
  tenantId: integer("tenant_id"),
  ip: varchar("ip", { length: 100 }),
  userAgent: varchar("user_agent", { length: 500 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  lastActive: timestamp("last_active", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  endReason: varchar("end_reason", { length: 20 }),
});

export const sysAppSecret = pgTable("sys_app_secret", {
  name: varchar("name", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const sysCheckRule = pgTable("sys_check_rule", {
  id: varchar("id", { length: 32 }).primaryKey(),
  ruleName: varchar("rule_name", { length: 100 }),
  ruleCode: varchar("rule_code", { length: 100 }).notNull(),
  ruleJson: varchar("rule_json", { length: 1024 }),
  ruleDescription: varchar("rule_description", { length: 200 }),
  ...audit,
});

export const sysCategory = pgTable("sys_category", {
  id: varchar("id", { length: 36 }).primaryKey(),
  pid: varchar("pid", { length: 36 }).notNull().default("0"),
  name: varchar("name", { length: 100 }).notNull(),
  code: varchar("code", { length: 100 }).notNull(),
  sysOrgCode: varchar("sys_org_code", { length: 64 }),
  hasChild: varchar("has_child", { length: 3 }),
  ...audit,
});
