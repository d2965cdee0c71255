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
  boolean,
  bigserial,
  numeric,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

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
  ...audit,
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
  // Encrypted with their search hashes (migration 0710, docs/decisions/145).
  email: text("email"),
  emailHash: varchar("email_hash", { length: 64 }),
  phone: text("phone"),
  phoneHash: varchar("phone_hash", { length: 64 }),
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
  /** Set when an import or an administrator chose the password (migration 0020). */
  passwordChangeRequired: boolean("password_change_required").notNull().default(false),
  /** The tenant chosen at the last sign-in (JeecgBoot 3.4's column; migration 0150). */
  loginTenantId: integer("login_tenant_id"),
  /** When the password was last set: older than PASSWORD_MAX_AGE_DAYS, it must change (migration 0451). */
  passwordTime: timestamp("password_time", { withTimezone: true }).notNull().defaultNow(),
  ...audit,
});

/** The hashes of an account's last passwords, which a new one may not repeat (migration 0451). */
export const sysUserPasswordHistory = pgTable("sys_user_password_history", {
  id: varchar("id", { length: 32 }).primaryKey(),
  userId: varchar("user_id", { length: 32 }).notNull(),
  password: varchar("password", { length: 255 }).notNull(),
  createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
});

export const sysRole = pgTable("sys_role", {
  id: varchar("id", { length: 32 }).primaryKey(),
  roleName: varchar("role_name", { length: 200 }),
  roleCode: varchar("role_code", { length: 100 }).notNull(),
  description: varchar("description", { length: 255 }),
  /** Tenant of the role (migration 0002). */
  tenantId: integer("tenant_id").notNull().default(1),
  /** 1: the platform administrator role, tenant-independent (migration 0010, authz). */
  platformAdmin: smallint("platform_admin").notNull().default(0),
  ...audit,
});

export const sysUserRole = pgTable("sys_user_role", {
  id: varchar("id", { length: 32 }).primaryKey(),
  userId: varchar("user_id", { length: 32 }).notNull(),
  roleId: varchar("role_id", { length: 32 }).notNull(),
});

/** A role's home page in the Vue 3 client (首页配置, migration 0651). */
export const sysRoleIndex = pgTable("sys_role_index", {
  id: varchar("id", { length: 32 }).primaryKey(),
  roleId: varchar("role_id", { length: 32 }).notNull(),
  url: varchar("url", { length: 100 }).notNull(),
  component: varchar("component", { length: 255 }).notNull(),
  isRoute: boolean("is_route").notNull().default(true),
  priority: integer("priority").notNull().default(0),
  status: varchar("status", { length: 2 }).notNull().default("0"),
  ...audit,
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

/** A department's menus and buttons (部门权限, migration 0650). */
export const sysDepartPermission = pgTable("sys_depart_permission", {
  id: varchar("id", { length: 32 }).primaryKey(),
  departId: varchar("depart_id", { length: 32 }).notNull(),
  permissionId: varchar("permission_id", { length: 32 }).notNull(),
  dataRuleIds: varchar("data_rule_ids", { length: 1000 }),
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
  // monitor (migration 0060): the caller's tenant and a sign-in's browser.
  tenantId: integer("tenant_id"),
  browser: varchar("browser", { length: 100 }),
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

// ---- sign-in guard (issue #10 part B, migration 0020) ----------------------------------------
export const sysCaptcha = pgTable("sys_captcha", {
  checkKey: varchar("check_key", { length: 64 }).primaryKey(),
  code: varchar("code", { length: 8 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const sysLoginFailure = pgTable("sys_login_failure", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  username: varchar("username", { length: 100 }).notNull(),
  ip: varchar("ip", { length: 100 }),
  failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const sysLoginLock = pgTable("sys_login_lock", {
  username: varchar("username", { length: 100 }).primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }).notNull(),
});

/** The failure budget of a client address (migration 0620, docs/decisions/132). */
export const sysLoginAddress = pgTable("sys_login_address", {
  ip: varchar("ip", { length: 100 }).primaryKey(),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
  lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
});

export const sysLoginAddressFailure = pgTable("sys_login_address_failure", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  ip: varchar("ip", { length: 100 }).notNull(),
  failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
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

// ---------------------------------------------------------------- people and fill rules (issue #12 A, migration 0070)

export const sysFillRule = pgTable("sys_fill_rule", {
  id: varchar("id", { length: 32 }).primaryKey(),
  ruleName: varchar("rule_name", { length: 100 }).notNull(),
  ruleCode: varchar("rule_code", { length: 100 }).notNull(),
  ruleClass: varchar("rule_class", { length: 100 }).notNull().default("serial"),
  ruleParams: varchar("rule_params", { length: 500 }),
  prefix: varchar("prefix", { length: 20 }),
  datePattern: varchar("date_pattern", { length: 10 }),
  seqDigits: integer("seq_digits").notNull().default(4),
  resetCycle: varchar("reset_cycle", { length: 10 }).notNull().default("never"),
  ...audit,
});

export const sysFillRuleCounter = pgTable("sys_fill_rule_counter", {
  /** The school whose sequence this is (migration 0701). */
  tenantId: integer("tenant_id").notNull(),
  ruleCode: varchar("rule_code", { length: 100 }).notNull(),
  period: varchar("period", { length: 8 }).notNull(),
  value: bigint("value", { mode: "number" }).notNull(),
});

export const schoolCorporation = pgTable("school_corporation", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  name: varchar("name", { length: 100 }).notNull(),
  shortName: varchar("short_name", { length: 50 }),
  contact: varchar("contact", { length: 50 }),
  email: varchar("email", { length: 100 }),
  phone: varchar("phone", { length: 30 }),
  taxNo: varchar("tax_no", { length: 30 }),
  address: varchar("address", { length: 200 }),
  billingCycle: varchar("billing_cycle", { length: 2 }),
  status: varchar("status", { length: 2 }),
  ...audit,
});

export const schoolStudent = pgTable("school_student", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  studentNo: varchar("student_no", { length: 32 }).notNull(),
  nameCn: varchar("name_cn", { length: 50 }).notNull(),
  nameEn: varchar("name_en", { length: 100 }),
  sex: varchar("sex", { length: 1 }),
  birthday: date("birthday", { mode: "string" }),
  nationality: varchar("nationality", { length: 8 }),
  // Personal data encrypted at rest with its search hash (migration 0560, docs/decisions/119);
  // the wire length is the module definition's.
  passportNo: text("passport_no"),
  passportNoHash: varchar("passport_no_hash", { length: 64 }),
  grade: varchar("grade", { length: 4 }),
  // The student's class in the current school year (migration 0540).
  classId: varchar("class_id", { length: 32 }),
  enrollDate: date("enroll_date", { mode: "string" }),
  status: varchar("status", { length: 2 }),
  corpId: varchar("corp_id", { length: 32 }),
  photo: varchar("photo", { length: 500 }),
  remark: varchar("remark", { length: 500 }),
  ...audit,
});

export const schoolParent = pgTable("school_parent", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  name: varchar("name", { length: 50 }).notNull(),
  nameEn: varchar("name_en", { length: 100 }),
  sex: varchar("sex", { length: 1 }),
  // Encrypted with their search hashes (migration 0560, docs/decisions/119).
  phone: text("phone"),
  phoneHash: varchar("phone_hash", { length: 64 }),
  email: text("email"),
  emailHash: varchar("email_hash", { length: 64 }),
  wechatOpenId: varchar("wechat_open_id", { length: 64 }),
  nationality: varchar("nationality", { length: 8 }),
  corpId: varchar("corp_id", { length: 32 }),
  position: varchar("position", { length: 100 }),
  remark: varchar("remark", { length: 500 }),
  ...audit,
});

export const schoolStudentParent = pgTable("school_student_parent", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  studentId: varchar("student_id", { length: 32 }).notNull(),
  parentId: varchar("parent_id", { length: 32 }).notNull(),
  relation: varchar("relation", { length: 2 }).notNull(),
  isPayer: boolean("is_payer").notNull().default(false),
  sortNo: integer("sort_no").notNull().default(0),
});

// 地址 (migration 0085): a parent's addresses, area codes, one default per parent.
export const shopAddress = pgTable("shop_address", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  parentId: varchar("parent_id", { length: 32 }).notNull(),
  receiver: varchar("receiver", { length: 50 }).notNull(),
  phone: varchar("phone", { length: 20 }).notNull(),
  province: varchar("province", { length: 6 }).notNull(),
  city: varchar("city", { length: 6 }).notNull(),
  district: varchar("district", { length: 6 }).notNull(),
  detail: varchar("detail", { length: 200 }).notNull(),
  isDefault: varchar("is_default", { length: 1 }).notNull().default("N"),
  remark: varchar("remark", { length: 255 }),
  ...audit,
});

export const schoolTeacher = pgTable("school_teacher", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  teacherNo: varchar("teacher_no", { length: 20 }).notNull(),
  name: varchar("name", { length: 50 }).notNull(),
  nameEn: varchar("name_en", { length: 100 }),
  sex: varchar("sex", { length: 1 }),
  // Encrypted with their search hashes (migration 0560, docs/decisions/119).
  phone: text("phone"),
  phoneHash: varchar("phone_hash", { length: 64 }),
  email: text("email"),
  emailHash: varchar("email_hash", { length: 64 }),
  subject: varchar("subject", { length: 10 }),
  departId: varchar("depart_id", { length: 32 }),
  hireDate: date("hire_date", { mode: "string" }),
  status: varchar("status", { length: 2 }),
  // The teacher's sign-in account (migration 0960, docs/decisions/186).
  userId: varchar("user_id", { length: 32 }),
  ...audit,
});

// ---- School years and classes (issue #29 item 1; migration 0540_school_years_classes.sql).
export const schoolYear = pgTable("school_year", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  name: varchar("name", { length: 9 }).notNull(),
  term1Start: date("term1_start", { mode: "string" }).notNull(),
  term1End: date("term1_end", { mode: "string" }).notNull(),
  term2Start: date("term2_start", { mode: "string" }).notNull(),
  term2End: date("term2_end", { mode: "string" }).notNull(),
  isCurrent: varchar("is_current", { length: 1 }).notNull().default("N"),
  remark: varchar("remark", { length: 200 }),
  ...audit,
});

export const schoolClass = pgTable("school_class", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  yearId: varchar("year_id", { length: 32 }).notNull(),
  grade: varchar("grade", { length: 4 }).notNull(),
  name: varchar("name", { length: 50 }).notNull(),
  teacherId: varchar("teacher_id", { length: 32 }),
  capacity: integer("capacity"),
  room: varchar("room", { length: 50 }),
  remark: varchar("remark", { length: 200 }),
  ...audit,
});

// ---- Billing and mail (issue #12 part B; migration 0080_billing.sql). Money columns are numeric,
// read and written as decimal text (contract/money.ts), never as JS numbers.
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const billProject = pgTable("bill_project", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  code: varchar("code", { length: 32 }).notNull(),
  name: varchar("name", { length: 100 }).notNull(),
  type: varchar("type", { length: 2 }).notNull(),
  unitPrice: money("unit_price").notNull(),
  period: varchar("period", { length: 2 }).notNull(),
  active: smallint("active").notNull().default(1),
  sortNo: integer("sort_no").notNull().default(0),
  remark: varchar("remark", { length: 255 }),
  // The sibling discount (migration 0521): a percent or an amount, never both.
  siblingPercent: numeric("sibling_percent", { precision: 5, scale: 2 }),
  siblingAmount: money("sibling_amount"),
  // The instalment plan and the late fee rule (migration 0800, docs/decisions/159).
  instalmentCount: smallint("instalment_count"),
  instalmentDates: varchar("instalment_dates", { length: 200 }),
  lateFeeMode: varchar("late_fee_mode", { length: 2 }),
  lateFeeValue: money("late_fee_value"),
  lateFeeDays: integer("late_fee_days"),
  lateFeeCap: money("late_fee_cap"),
  ...audit,
});

/** A project's price for one grade (migration 0521). */
export const billProjectPrice = pgTable("bill_project_price", {
  id: varchar("id", { length: 32 }).primaryKey(),
  projectId: varchar("project_id", { length: 32 }).notNull(),
  grade: varchar("grade", { length: 4 }).notNull(),
  unitPrice: money("unit_price").notNull(),
  sortNo: integer("sort_no").notNull().default(0),
});

export const billAllowance = pgTable("bill_allowance", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  corpId: varchar("corp_id", { length: 32 }).notNull(),
  studentId: varchar("student_id", { length: 32 }),
  schoolYear: varchar("school_year", { length: 9 }).notNull(),
  term: varchar("term", { length: 2 }).notNull(),
  projectId: varchar("project_id", { length: 32 }).notNull(),
  amount: money("amount"),
  percent: numeric("percent", { precision: 5, scale: 2 }),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  remark: varchar("remark", { length: 255 }),
  ...audit,
});

export const billReceivable = pgTable("bill_receivable", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  receivableNo: varchar("receivable_no", { length: 64 }).notNull(),
  payerType: varchar("payer_type", { length: 2 }).notNull(),
  payerId: varchar("payer_id", { length: 32 }).notNull(),
  payerName: varchar("payer_name", { length: 100 }),
  period: varchar("period", { length: 16 }).notNull(),
  totalAmount: money("total_amount").notNull().default("0"),
  receivedAmount: money("received_amount").notNull().default("0"),
  // 余额: kept by the database (migration 0520).
  balance: money("balance").generatedAlwaysAs(sql`total_amount - received_amount`),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
  remark: varchar("remark", { length: 255 }),
  ...audit,
});

export const billBill = pgTable("bill_bill", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  billNo: varchar("bill_no", { length: 64 }).notNull(),
  studentId: varchar("student_id", { length: 32 }).notNull(),
  schoolYear: varchar("school_year", { length: 9 }).notNull(),
  term: varchar("term", { length: 2 }).notNull(),
  total: money("total").notNull().default("0"),
  allowanceTotal: money("allowance_total").notNull().default("0"),
  payable: money("payable").notNull().default("0"),
  paidAmount: money("paid_amount").notNull().default("0"),
  dueDate: date("due_date", { mode: "string" }),
  payerType: varchar("payer_type", { length: 2 }),
  payerId: varchar("payer_id", { length: 32 }),
  receivableId: varchar("receivable_id", { length: 32 }),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  kind: varchar("kind", { length: 2 }).notNull().default("1"),
  remark: varchar("remark", { length: 255 }),
  // When it was voided, kept by a trigger (migration 0810; the statement dates its 作废 by it).
  voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
  // Whether it has instalments, kept by a trigger on bill_instalment (migration 0951; 账龄分析 reads it).
  hasInstalments: boolean("has_instalments").notNull().default(false),
  ...audit,
});

export const billBillItem = pgTable("bill_bill_item", {
  id: varchar("id", { length: 32 }).primaryKey(),
  billId: varchar("bill_id", { length: 32 }).notNull(),
  projectId: varchar("project_id", { length: 32 }),
  name: varchar("name", { length: 100 }).notNull(),
  quantity: numeric("quantity", { precision: 10, scale: 2 }).notNull().default("1"),
  unitPrice: money("unit_price").notNull(),
  amount: money("amount").notNull(),
  allowance: money("allowance").notNull().default("0"),
  sortNo: integer("sort_no").notNull().default(0),
  /** null a fee, "sibling" a sibling discount, "reduction" a 减免 (migration 0521). */
  kind: varchar("kind", { length: 16 }),
});

// 付款, 收据, 凭证 (issue #13 part 1, migration 0090).
export const billPayment = pgTable("bill_payment", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  paymentNo: varchar("payment_no", { length: 64 }).notNull(),
  payerType: varchar("payer_type", { length: 2 }).notNull(),
  payerId: varchar("payer_id", { length: 32 }).notNull(),
  payerName: varchar("payer_name", { length: 100 }),
  channel: varchar("channel", { length: 2 }).notNull(),
  amount: money("amount").notNull(),
  allocatedAmount: money("allocated_amount").notNull().default("0"),
  paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }).notNull(),
  tradeNo: varchar("trade_no", { length: 64 }),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  kind: varchar("kind", { length: 2 }).notNull().default("1"),
  remark: varchar("remark", { length: 255 }),
  // When it was reversed (冲销), kept by a trigger (migration 0810).
  reversedAt: timestamp("reversed_at", { withTimezone: true, mode: "date" }),
  // 作废 of a payment recorded by mistake (migration 0770, docs/decisions/156).
  voidReason: varchar("void_reason", { length: 255 }),
  voidedBy: varchar("voided_by", { length: 32 }),
  voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
  // The shop order this payment (or refund) is of: never allocated to bills (migration 0840).
  orderId: varchar("order_id", { length: 32 }),
  ...audit,
});

export const billPaymentAllocation = pgTable("bill_payment_allocation", {
  id: varchar("id", { length: 32 }).primaryKey(),
  paymentId: varchar("payment_id", { length: 32 }).notNull(),
  billId: varchar("bill_id", { length: 32 }).notNull(),
  amount: money("amount").notNull(),
  sortNo: integer("sort_no").notNull().default(0),
});

export const billReceipt = pgTable("bill_receipt", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  receiptNo: varchar("receipt_no", { length: 64 }).notNull(),
  paymentId: varchar("payment_id", { length: 32 }).notNull(),
  paymentNo: varchar("payment_no", { length: 64 }).notNull(),
  payerName: varchar("payer_name", { length: 100 }),
  amount: money("amount").notNull(),
  amountInWords: varchar("amount_in_words", { length: 100 }).notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  issuer: varchar("issuer", { length: 50 }),
  printCount: integer("print_count").notNull().default(0),
  remark: varchar("remark", { length: 255 }),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  voidReason: varchar("void_reason", { length: 255 }),
  voidedBy: varchar("voided_by", { length: 32 }),
  voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
  reissueOf: varchar("reissue_of", { length: 32 }),
  reissueOfNo: varchar("reissue_of_no", { length: 64 }),
  ...audit,
});

export const billVoucher = pgTable("bill_voucher", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  voucherNo: varchar("voucher_no", { length: 64 }).notNull(),
  voucherDate: date("voucher_date", { mode: "string" }).notNull(),
  summary: varchar("summary", { length: 255 }).notNull(),
  debitTotal: numeric("debit_total", { precision: 14, scale: 2 }).notNull().default("0"),
  creditTotal: numeric("credit_total", { precision: 14, scale: 2 }).notNull().default("0"),
  attachments: varchar("attachments", { length: 1000 }),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  postedBy: varchar("posted_by", { length: 32 }),
  postedAt: timestamp("posted_at", { withTimezone: true, mode: "date" }),
  remark: varchar("remark", { length: 255 }),
  // 作废 of a draft voucher (migration 0770, docs/decisions/156).
  voidReason: varchar("void_reason", { length: 255 }),
  voidedBy: varchar("voided_by", { length: 32 }),
  voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
  // 红字冲销 (migration 0870, docs/decisions/165): the red voucher names its original, the original its red one.
  reversalOf: varchar("reversal_of", { length: 32 }),
  reversalOfNo: varchar("reversal_of_no", { length: 64 }),
  reversalId: varchar("reversal_id", { length: 32 }),
  reversalNo: varchar("reversal_no", { length: 64 }),
  reverseReason: varchar("reverse_reason", { length: 255 }),
  reversedBy: varchar("reversed_by", { length: 32 }),
  reversedAt: timestamp("reversed_at", { withTimezone: true, mode: "date" }),
  ...audit,
});

export const billVoucherEntry = pgTable("bill_voucher_entry", {
  id: varchar("id", { length: 32 }).primaryKey(),
  voucherId: varchar("voucher_id", { length: 32 }).notNull(),
  account: varchar("account", { length: 100 }).notNull(),
  debit: money("debit").notNull().default("0"),
  credit: money("credit").notNull().default("0"),
  remark: varchar("remark", { length: 255 }),
  sortNo: integer("sort_no").notNull().default(0),
});

export const billWechatTrade = pgTable("bill_wechat_trade", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  transactionId: varchar("transaction_id", { length: 32 }).notNull(),
  outTradeNo: varchar("out_trade_no", { length: 64 }),
  openId: varchar("open_id", { length: 64 }),
  amount: money("amount").notNull(),
  refundAmount: money("refund_amount").notNull().default("0"),
  tradeState: varchar("trade_state", { length: 16 }).notNull(),
  tradeTime: timestamp("trade_time", { withTimezone: true, mode: "date" }).notNull(),
  goodsName: varchar("goods_name", { length: 255 }),
  attach: varchar("attach", { length: 255 }),
  paymentId: varchar("payment_id", { length: 32 }),
  reconciled: smallint("reconciled").notNull().default(0),
  ...audit,
});

export const commMail = pgTable("comm_mail", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  mailTo: varchar("mail_to", { length: 500 }).notNull(),
  cc: varchar("cc", { length: 500 }),
  subject: varchar("subject", { length: 255 }).notNull(),
  body: text("body"),
  status: varchar("status", { length: 1 }).notNull().default("0"),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  error: text("error"),
  attempts: integer("attempts").notNull().default(0),
  relatedType: varchar("related_type", { length: 32 }),
  relatedId: varchar("related_id", { length: 32 }),
  // Held by the delivery sending it (migration 0940).
  deliveryLease: timestamp("delivery_lease", { withTimezone: true, mode: "date" }),
  ...audit,
});

// 消息模板 and 消息 (issue #13 part 5, migration 0130).
export const sysSmsTemplate = pgTable("sys_sms_template", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  templateCode: varchar("template_code", { length: 100 }).notNull(),
  templateName: varchar("template_name", { length: 100 }).notNull(),
  templateType: varchar("template_type", { length: 1 }).notNull(),
  templateContent: text("template_content").notNull(),
  templateTestJson: text("template_test_json"),
  ...audit,
});

export const sysMessage = pgTable("sys_message", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  templateCode: varchar("template_code", { length: 100 }),
  esType: varchar("es_type", { length: 1 }).notNull(),
  // An SMS row's phone is stored encrypted with its search hash (docs/decisions/155).
  esReceiver: text("es_receiver").notNull(),
  esReceiverHash: varchar("es_receiver_hash", { length: 64 }),
  esTitle: varchar("es_title", { length: 255 }),
  esContent: text("es_content"),
  esSendStatus: varchar("es_send_status", { length: 1 }).notNull().default("0"),
  esSendTime: timestamp("es_send_time", { withTimezone: true, mode: "date" }),
  esResult: text("es_result"),
  relatedId: varchar("related_id", { length: 32 }),
  // A 群发's message (migration 0880): its 群发 and the recipient's name.
  composeId: varchar("compose_id", { length: 32 }),
  recipientName: varchar("recipient_name", { length: 100 }),
  // Held by the delivery sending it (migration 0940).
  deliveryLease: timestamp("delivery_lease", { withTimezone: true, mode: "date" }),
  ...audit,
});

// 群发 (issue #29 item 4, migration 0880): one message written to many, its recipients' rows in sys_message.
export const commCompose = pgTable("comm_compose", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  requestKey: varchar("request_key", { length: 64 }).notNull(),
  subject: varchar("subject", { length: 255 }).notNull(),
  body: text("body").notNull(),
  selection: text("selection").notNull(),
  selectionText: varchar("selection_text", { length: 500 }).notNull(),
  channels: varchar("channels", { length: 20 }).notNull(),
  recipientCount: integer("recipient_count").notNull(),
  messageCount: integer("message_count").notNull(),
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// Reminders of unpaid bills, one per bill, payer and school day (migration 0095).
export const billReminder = pgTable("bill_reminder", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull(),
  billId: varchar("bill_id", { length: 32 }).notNull(),
  payerType: varchar("payer_type", { length: 2 }).notNull(),
  payerId: varchar("payer_id", { length: 32 }).notNull(),
  remindDate: date("remind_date", { mode: "string" }).notNull(),
  mailId: varchar("mail_id", { length: 32 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// 组件示例 (issue #11): the editable grid's demo rows (migration 0030).
export const demoGridRow = pgTable("demo_grid_row", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  orderNum: integer("order_num").notNull().default(0),
  name: varchar("name", { length: 100 }).notNull(),
  age: varchar("age", { length: 20 }),
  sex: varchar("sex", { length: 10 }),
  birthday: varchar("birthday", { length: 10 }),
  checkIn: varchar("check_in", { length: 19 }),
  classTime: varchar("class_time", { length: 8 }),
  active: varchar("active", { length: 1 }),
  level: varchar("level", { length: 10 }),
  hobbies: varchar("hobbies", { length: 255 }),
  city: varchar("city", { length: 50 }),
  teacher: varchar("teacher", { length: 100 }),
  depart: varchar("depart", { length: 255 }),
  owner: varchar("owner", { length: 255 }),
  remark: varchar("remark", { length: 1000 }),
  attachment: varchar("attachment", { length: 1000 }),
  photo: varchar("photo", { length: 1000 }),
  document: varchar("document", { length: 1000 }),
  reportCode: varchar("report_code", { length: 100 }),
  hiddenCode: varchar("hidden_code", { length: 50 }),
  ...audit,
});

/** 文件存储 (migration 0110): every stored upload, per tenant; `url` is the path under UPLOAD_DIR. */
export const ossFile = pgTable("oss_file", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  fileName: varchar("file_name", { length: 255 }).notNull(),
  url: varchar("url", { length: 1000 }).notNull(),
  fileType: varchar("file_type", { length: 20 }),
  fileSize: bigint("file_size", { mode: "number" }),
  biz: varchar("biz", { length: 100 }),
  ...audit,
});

/** 数据源管理 (migration 0110): named PostgreSQL connections; db_password is AES-GCM ciphertext. */
export const sysDataSource = pgTable("sys_data_source", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  code: varchar("code", { length: 100 }).notNull(),
  name: varchar("name", { length: 100 }).notNull(),
  dbType: varchar("db_type", { length: 10 }).notNull().default("4"),
  dbUrl: varchar("db_url", { length: 500 }).notNull(),
  dbUsername: varchar("db_username", { length: 100 }).notNull(),
  dbPassword: varchar("db_password", { length: 500 }),
  remark: varchar("remark", { length: 200 }),
  ...audit,
});
// Activities and the shop (issue #14, migration 0100).
export const actActivity = pgTable("act_activity", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  kind: varchar("kind", { length: 1 }).notNull().default("1"),
  title: varchar("title", { length: 100 }).notNull(),
  type: varchar("type", { length: 2 }).notNull(),
  cover: varchar("cover", { length: 500 }),
  startTime: timestamp("start_time", { withTimezone: true, mode: "date" }).notNull(),
  endTime: timestamp("end_time", { withTimezone: true, mode: "date" }),
  location: varchar("location", { length: 200 }),
  capacity: integer("capacity").notNull(),
  fee: money("fee").notNull().default("0"),
  signupDeadline: timestamp("signup_deadline", { withTimezone: true, mode: "date" }).notNull(),
  content: text("content"),
  organiser: varchar("organiser", { length: 100 }),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  // 适用年级: 年级 values joined by commas (migration 0830); empty = every grade.
  grades: varchar("grades", { length: 200 }),
  ...audit,
});

export const actSignup = pgTable("act_signup", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  activityId: varchar("activity_id", { length: 32 }).notNull(),
  studentId: varchar("student_id", { length: 32 }).notNull(),
  parentId: varchar("parent_id", { length: 32 }),
  signupTime: timestamp("signup_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  status: varchar("status", { length: 2 }).notNull().default("1"),
  paid: varchar("paid", { length: 1 }).notNull().default("N"),
  billId: varchar("bill_id", { length: 32 }),
  billItemId: varchar("bill_item_id", { length: 32 }),
  refundPaymentId: varchar("refund_payment_id", { length: 32 }),
  remark: varchar("remark", { length: 255 }),
  // 候补: the arrival number in the activity's waiting list (migration 0830, docs/decisions/162).
  waitlistNo: integer("waitlist_no"),
  ...audit,
});

export const actSession = pgTable("act_session", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  activityId: varchar("activity_id", { length: 32 }).notNull(),
  sessionDate: date("session_date", { mode: "string" }).notNull(),
  ...audit,
});

export const actAttendance = pgTable("act_attendance", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  sessionId: varchar("session_id", { length: 32 }).notNull(),
  signupId: varchar("signup_id", { length: 32 }).notNull(),
  status: varchar("status", { length: 2 }).notNull(),
  ...audit,
});

export const actThirdParty = pgTable("act_third_party", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  provider: varchar("provider", { length: 100 }).notNull(),
  title: varchar("title", { length: 100 }).notNull(),
  startTime: timestamp("start_time", { withTimezone: true, mode: "date" }),
  endTime: timestamp("end_time", { withTimezone: true, mode: "date" }),
  location: varchar("location", { length: 200 }),
  fee: money("fee"),
  contact: varchar("contact", { length: 50 }),
  phone: varchar("phone", { length: 30 }),
  remark: varchar("remark", { length: 255 }),
  ...audit,
});

export const actThirdPartyStudent = pgTable("act_third_party_student", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  activityId: varchar("activity_id", { length: 32 }).notNull(),
  studentId: varchar("student_id", { length: 32 }).notNull(),
  remark: varchar("remark", { length: 255 }),
  sortNo: integer("sort_no").notNull().default(0),
});

export const shopCommodity = pgTable("shop_commodity", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  name: varchar("name", { length: 100 }).notNull(),
  categoryId: varchar("category_id", { length: 32 }),
  price: money("price").notNull(),
  stock: integer("stock").notNull().default(0),
  images: varchar("images", { length: 1000 }),
  status: varchar("status", { length: 1 }).notNull().default("1"),
  description: varchar("description", { length: 1000 }),
  ...audit,
});

// 规格 of a commodity (migration 0841): its own stock, its own price or the commodity's.
export const shopCommodityVariant = pgTable("shop_commodity_variant", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  commodityId: varchar("commodity_id", { length: 32 }).notNull(),
  name: varchar("name", { length: 50 }).notNull(),
  price: money("price"),
  stock: integer("stock").notNull().default(0),
  sortNo: integer("sort_no").notNull().default(0),
});

export const shopCart = pgTable("shop_cart", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  parentId: varchar("parent_id", { length: 32 }).notNull(),
  commodityId: varchar("commodity_id", { length: 32 }).notNull(),
  variantId: varchar("variant_id", { length: 32 }),
  quantity: integer("quantity").notNull(),
  addedAt: timestamp("added_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  ...audit,
});

export const shopOrder = pgTable("shop_order", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  orderNo: varchar("order_no", { length: 64 }).notNull(),
  parentId: varchar("parent_id", { length: 32 }).notNull(),
  studentId: varchar("student_id", { length: 32 }),
  addressId: varchar("address_id", { length: 32 }),
  receiver: varchar("receiver", { length: 50 }),
  receiverPhone: text("receiver_phone"),
  receiverPhoneHash: varchar("receiver_phone_hash", { length: 64 }),
  addressText: varchar("address_text", { length: 300 }),
  total: money("total").notNull().default("0"),
  status: varchar("status", { length: 1 }).notNull().default("1"),
  payChannel: varchar("pay_channel", { length: 2 }),
  paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
  remark: varchar("remark", { length: 255 }),
  // 取消 / 退款 (migration 0840): the reason and the time; who is in the history.
  closeReason: varchar("close_reason", { length: 255 }),
  closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
  ...audit,
});

export const shopOrderItem = pgTable("shop_order_item", {
  id: varchar("id", { length: 32 }).primaryKey(),
  orderId: varchar("order_id", { length: 32 }).notNull(),
  commodityId: varchar("commodity_id", { length: 32 }).notNull(),
  variantId: varchar("variant_id", { length: 32 }),
  variantName: varchar("variant_name", { length: 50 }),
  name: varchar("name", { length: 100 }).notNull(),
  price: money("price").notNull(),
  quantity: integer("quantity").notNull(),
  amount: money("amount").notNull(),
  sortNo: integer("sort_no").notNull().default(0),
});

// ---- phone codes (issue #17 parts 1 and 6, migration 0150) ------------------------------------
export const sysSmsCode = pgTable("sys_sms_code", {
  // The phone's search hash, never the phone (docs/decisions/155).
  mobileHash: varchar("mobile_hash", { length: 64 }).primaryKey(),
  mode: varchar("mode", { length: 1 }).notNull(),
  codeHash: varchar("code_hash", { length: 64 }).notNull(),
  salt: varchar("salt", { length: 32 }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

// Third-party and CAS sign-in (issue #17 parts 2-4, migration 0160).
export const sysThirdAccount = pgTable("sys_third_account", {
  id: varchar("id", { length: 32 }).primaryKey(),
  sysUserId: varchar("sys_user_id", { length: 32 }).notNull(),
  thirdType: varchar("third_type", { length: 50 }).notNull(),
  thirdUserUuid: varchar("third_user_uuid", { length: 255 }).notNull(),
  realname: varchar("realname", { length: 100 }),
  avatar: varchar("avatar", { length: 500 }),
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const sysThirdLoginRequest = pgTable("sys_third_login_request", {
  stateHash: char("state_hash", { length: 64 }).primaryKey(),
  thirdType: varchar("third_type", { length: 50 }).notNull(),
  nonce: varchar("nonce", { length: 100 }).notNull(),
  codeVerifier: varchar("code_verifier", { length: 128 }).notNull(),
  redirectUri: varchar("redirect_uri", { length: 1000 }).notNull(),
  bindUserId: varchar("bind_user_id", { length: 32 }),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const sysThirdLoginTicket = pgTable("sys_third_login_ticket", {
  ticketHash: char("ticket_hash", { length: 64 }).primaryKey(),
  kind: varchar("kind", { length: 10 }).notNull(),
  thirdType: varchar("third_type", { length: 50 }).notNull(),
  thirdUserUuid: varchar("third_user_uuid", { length: 255 }).notNull(),
  realname: varchar("realname", { length: 100 }),
  avatar: varchar("avatar", { length: 500 }),
  userId: varchar("user_id", { length: 32 }),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const sysCasTicket = pgTable("sys_cas_ticket", {
  ticketHash: char("ticket_hash", { length: 64 }).primaryKey(),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// 网关路由 (issue #16, migration 0210): installation-wide reverse-proxy routes.
export const sysGatewayRoute = pgTable("sys_gateway_route", {
  id: varchar("id", { length: 32 }).primaryKey(),
  routerId: varchar("router_id", { length: 100 }).notNull(),
  name: varchar("name", { length: 100 }).notNull(),
  uri: varchar("uri", { length: 500 }).notNull(),
  predicates: varchar("predicates", { length: 200 }).notNull(),
  stripPrefix: integer("strip_prefix").notNull().default(1),
  status: integer("status").notNull().default(1),
  // 回收站 (migration 0790, docs/decisions/158): 1 while the route is in the bin.
  delFlag: integer("del_flag").notNull().default(0),
  ...audit,
});

// 访问控制 (issue #34 item 4, migration 0640, docs/decisions/134): allow and block lists of
// addresses and networks; tenant_id 0 is the platform's (every request).
export const sysAccessRule = pgTable("sys_access_rule", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(0),
  ruleType: varchar("rule_type", { length: 10 }).notNull(),
  address: varchar("address", { length: 100 }).notNull(),
  status: integer("status").notNull().default(1),
  description: varchar("description", { length: 200 }),
  ...audit,
});

// 表单开发 (issue #18 part 1, migration 0180): the definitions of online forms.
export const onlCgformHead = pgTable("onl_cgform_head", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tableName: varchar("table_name", { length: 40 }).notNull(),
  tableTxt: varchar("table_txt", { length: 100 }).notNull(),
  tableType: varchar("table_type", { length: 2 }).notNull().default("1"),
  themeTemplate: varchar("theme_template", { length: 20 }).default("normal"),
  mainTable: varchar("main_table", { length: 40 }),
  relationType: varchar("relation_type", { length: 2 }),
  isTree: varchar("is_tree", { length: 2 }).default("N"),
  fieldJson: text("field_json"),
  syncedJson: text("synced_json"),
  isDbSynch: varchar("is_db_synch", { length: 2 }).notNull().default("N"),
  ...audit,
});

// 报表配置 (issue #18 part 2, migration 0190): online reports, their columns and parameters.
export const onlCgreportHead = pgTable("onl_cgreport_head", {
  id: varchar("id", { length: 32 }).primaryKey(),
  tenantId: integer("tenant_id").notNull().default(1),
  code: varchar("code", { length: 100 }).notNull(),
  name: varchar("name", { length: 100 }).notNull(),
  cgrSql: varchar("cgr_sql", { length: 4000 }).notNull(),
  returnValField: varchar("return_val_field", { length: 100 }),
  returnTxtField: varchar("return_txt_field", { length: 100 }),
  returnType: varchar("return_type", { length: 2 }).notNull().default("1"),
  dbSource: varchar("db_source", { length: 100 }),
  content: varchar("content", { length: 200 }),
  ...audit,
});
export const onlCgreportItem = pgTable("onl_cgreport_item", {
  id: varchar("id", { length: 32 }).primaryKey(),
  cgrheadId: varchar("cgrhead_id", { length: 32 }).notNull(),
  fieldName: varchar("field_name", { length: 100 }).notNull(),
  fieldTxt: varchar("field_txt", { length: 100 }),
  fieldWidth: integer("field_width"),
  fieldType: varchar("field_type", { length: 20 }).notNull().default("String"),
  searchMode: varchar("search_mode", { length: 10 }),
  isOrder: smallint("is_order").notNull().default(0),
  isSearch: smallint("is_search").notNull().default(0),
  dictCode: varchar("dict_code", { length: 500 }),
  fieldHref: varchar("field_href", { length: 120 }),
  isShow: smallint("is_show").notNull().default(1),
  orderNum: integer("order_num").notNull().default(0),
  replaceVal: varchar("replace_val", { length: 200 }),
  isTotal: varchar("is_total", { length: 2 }),
  groupTitle: varchar("group_title", { length: 50 }),
});
export const onlCgreportParam = pgTable("onl_cgreport_param", {
  id: varchar("id", { length: 32 }).primaryKey(),
  cgrheadId: varchar("cgrhead_id", { length: 32 }).notNull(),
  paramName: varchar("param_name", { length: 64 }).notNull(),
  paramTxt: varchar("param_txt", { length: 100 }),
  paramValue: varchar("param_value", { length: 200 }),
  orderNum: integer("order_num").notNull().default(0),
});
