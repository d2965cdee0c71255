// The button permission codes (sys_permission.perms of a button, docs/spec/app-shell.md §6), typed once
// for the backend's endpoints (backend/http/endpoint.ts `Access`) and the web app's buttons
// (`HasPermission`, `usePermission().isVisible`, a list's actions): a code that is not here fails
// typecheck. The codes are each module's prefix × the CRUD engine's actions, derived by type from the
// module definitions listed below, plus the prefixes of the pages no module definition declares, plus
// one list of the other actions. tests/unit/permission-codes.test.ts checks them against the seed menu
// (backend/seed/data/menu.ts), so every code an endpoint asks for can be granted in 角色管理 → 授权.
import { accessRuleModule } from "./modules/access-rule";
import { activityModule, communityActivityModule, signupModule, thirdPartyModule } from "./modules/activity";
import { addressModule } from "./modules/address";
import { allowanceModule, billModule, paymentModule, projectModule, receiptModule, receivableModule, voucherModule, wechatTradeModule } from "./modules/billing";
import { checkRuleModule } from "./modules/check-rule";
import { classModule, schoolYearModule } from "./modules/classes";
import { dataRuleModule } from "./modules/data-rule";
import { dataSourceModule } from "./modules/data-source";
import { fillRuleModule } from "./modules/fill-rule";
import { gatewayRouteModule } from "./modules/gateway-route";
import { mailModule } from "./modules/mail";
import { messageModule, messageTemplateModule } from "./modules/message";
import { onlineFormHeadModule } from "./modules/online-form";
import { onlineReportModule } from "./modules/online-report";
import { ossFileModule } from "./modules/oss-file";
import { corporationModule, parentModule, studentModule, teacherModule } from "./modules/people";
import { positionModule } from "./modules/position";
import { roleModule } from "./modules/role";
import { VIEW_SENSITIVE_ACTION } from "./modules/sensitive";
import { cartModule, commodityModule, orderModule } from "./modules/shop";
import { tenantModule } from "./modules/tenant";

/** Every module definition with a page of its own: their prefixes are permission prefixes. */
export const PERMISSION_MODULES = [
  accessRuleModule,
  activityModule,
  communityActivityModule,
  signupModule,
  thirdPartyModule,
  addressModule,
  projectModule,
  allowanceModule,
  billModule,
  receivableModule,
  paymentModule,
  receiptModule,
  voucherModule,
  wechatTradeModule,
  checkRuleModule,
  schoolYearModule,
  classModule,
  dataRuleModule,
  dataSourceModule,
  fillRuleModule,
  gatewayRouteModule,
  mailModule,
  messageTemplateModule,
  messageModule,
  onlineFormHeadModule,
  onlineReportModule,
  ossFileModule,
  corporationModule,
  studentModule,
  parentModule,
  teacherModule,
  positionModule,
  roleModule,
  commodityModule,
  cartModule,
  orderModule,
  tenantModule,
] as const;

/** The prefixes of pages no module definition declares (their CRUD is configured by hand). */
export const PAGE_PERMISSION_PREFIXES = [
  "user", // 用户管理
  "depart", // 部门管理
  "dict", // 数据字典
  "category", // 分类字典
  "permission", // 菜单管理
  "announcement", // 通知公告
  "quartzJob", // 定时任务
  "log", // 系统日志
  "onlineUser", // 在线用户
  "statement", // 对账单
  "demoGrid", // 表格示例 (its writes need the page only)
] as const;

/**
 * The buttons of the CRUD engine's writes, exports and imports (`<prefix>:add` …), and of the full
 * view of a module's personal data (`<prefix>:viewSensitive`, ./modules/sensitive.ts).
 */
export const STANDARD_ACTIONS = ["add", "edit", "delete", "batch_delete", "export", "import", VIEW_SENSITIVE_ACTION] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** The buttons of a form 加入菜单 put in the menu (`online:<table>:add` …, ./modules/online-form.ts). */
export type OnlineFormPermissionPrefix = `online:${string}`;

export type PermissionPrefix = (typeof PERMISSION_MODULES)[number]["permissionPrefix"] | (typeof PAGE_PERMISSION_PREFIXES)[number] | OnlineFormPermissionPrefix;

/** The buttons of a page's own workflows, beyond the standard actions. */
export const OTHER_PERMISSION_CODES = [
  "student:batch_class", // 学生: 批量分班
  "student:batch_status", // 学生: 批量修改状态
  "student:batch_payer", // 学生: 批量设置付款方
  "schoolYear:promote", // 学年: 升级 (the classes move up a year)
  "bill:generate", // 账单: 生成账单 (and its preview)
  "bill:void", // 账单: 作废
  "bill:reduce", // 账单: 减免
  "bill:refund", // 账单: 退费 (also a cancelled sign-up's refund)
  "bill:instalment", // 账单: 分期
  "receivableBill:email", // 应收账单: 邮件发送
  "statement:print", // 对账单: 打印
  "statement:email", // 对账单: 邮件发送
  "payment:allocate", // 付款: 分配 (changing a saved payment's allocations)
  "payment:reverse", // 付款: 冲销
  "payment:void", // 付款: 作废
  "receipt:print", // 收据: 打印
  "receipt:void", // 收据: 作废
  "voucher:post", // 凭证: 过账
  "voucher:void", // 凭证: 作废
  "voucher:reverse", // 凭证: 冲销 (a red voucher)
  "wechatTrade:reconcile", // 微信交易: 对账
  "activity:open", // 活动: 开放报名
  "activity:end", // 活动: 结束
  "activity:cancel", // 活动: 取消
  "activity:attendance", // 活动: 出勤
  "community:open", // 社区活动: 开放报名
  "community:end", // 社区活动: 结束
  "community:cancel", // 社区活动: 取消
  "community:attendance", // 社区活动: 出勤
  "signup:confirm", // 报名: 确认
  "signup:cancel", // 报名: 取消报名
  "signup:bulk", // 报名: 批量报名
  "cart:order", // 购物车: 下单
  "order:pay", // 订单: 付款
  "order:ship", // 订单: 发货
  "order:complete", // 订单: 完成
  "order:cancel", // 订单: 取消
  "order:refund", // 订单: 退款
  "mail:retry", // 邮件: 重发
  "message:compose", // 群发
  "user:freeze", // 用户管理: 冻结/解冻
  "user:reset_password", // 用户管理: 重置密码
  "role:authorize", // 角色管理: 授权
  "role:users", // 角色管理: 用户
  "dict:refresh", // 数据字典: 刷新缓存
  "announcement:release", // 通知公告: 发布
  "announcement:revoke", // 通知公告: 撤销
  "messageTemplate:test", // 消息模板: 测试发送
  "dataSource:test", // 数据源管理: 测试连接
  "online:cgform:db_sync", // 表单开发: 同步数据库
  "online:cgform:add_menu", // 表单开发: 加入菜单
  "onlCgreport:menu", // 报表配置: 生成菜单
  "quartzJob:resume", // 定时任务: 启动
  "quartzJob:pause", // 定时任务: 停止
  "quartzJob:execute", // 定时任务: 立即执行
  "onlineUser:force_logout", // 在线用户: 强退
] as const;

/** A button permission code: `student:add`, `bill:generate`, `online:<table>:edit`. */
export type PermissionCode = `${PermissionPrefix}:${StandardAction}` | (typeof OTHER_PERMISSION_CODES)[number];

const PREFIXES: ReadonlySet<string> = new Set<string>([...PERMISSION_MODULES.map((module) => module.permissionPrefix), ...PAGE_PERMISSION_PREFIXES]);
const ACTIONS: ReadonlySet<string> = new Set<string>(STANDARD_ACTIONS);
const OTHERS: ReadonlySet<string> = new Set<string>(OTHER_PERMISSION_CODES);

/** The actions a prefix's codes end with: ActionOf<"bill"> is "add" | … | "generate" | "void" | …. */
export type ActionOf<Prefix extends PermissionPrefix> = PermissionCode extends infer Code ? (Code extends `${Prefix}:${infer Action}` ? Action : never) : never;

/** Is `code` a PermissionCode (an online form's buttons included)? */
export function isPermissionCode(code: string): code is PermissionCode {
  if (OTHERS.has(code)) return true;
  const split = code.lastIndexOf(":");
  const prefix = code.slice(0, split);
  return split > 0 && ACTIONS.has(code.slice(split + 1)) && (PREFIXES.has(prefix) || /^online:[^:]+$/.test(prefix));
}

/** The code of a prefix's standard action: `permissionCode(studentModule.permissionPrefix, "add")`. */
export function permissionCode<Prefix extends PermissionPrefix, Action extends StandardAction>(prefix: Prefix, action: Action): `${Prefix}:${Action}` {
  return `${prefix}:${action}`;
}
