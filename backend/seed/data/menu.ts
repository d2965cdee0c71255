// The demo school's full menu tree (app-shell.md §1, school-domain.md).
// Order in the arrays is the display order (the seed runner derives sort_no from it).
import { VIEW_SENSITIVE_ACTION, VIEW_SENSITIVE_NAME } from "#contract/modules/sensitive";
import { pagePath, type AnyPageComponent } from "#contract/pages";
import type { ActionOf, PermissionCode, PermissionPrefix, StandardAction } from "#contract/permission-codes";
import type { ButtonSeed, MenuSeed } from "../types";

/** Container component of every group menu. */
const ROUTE_VIEW = "layouts/RouteView";

/**
 * The standard buttons of a list page, optionally followed by page-specific extra buttons, each an
 * action of the prefix's permission codes (contract/permission-codes.ts: a code not there fails
 * typecheck). `only` restricts the standard set (read-only pages such as logs).
 */
function crudButtons<Prefix extends PermissionPrefix>(
  prefix: Prefix,
  extra: ReadonlyArray<readonly [name: string, action: ActionOf<Prefix>]> = [],
  only?: ReadonlyArray<CrudAction>,
): ButtonSeed[] {
  const standard: ReadonlyArray<readonly [string, CrudAction]> = [
    ["添加", "add"],
    ["编辑", "edit"],
    ["删除", "delete"],
    ["批量删除", "batch_delete"],
    ["导出", "export"],
    ["导入", "import"],
  ];
  const chosen = only ? standard.filter(([, action]) => only.includes(action)) : standard;
  // `${Prefix}:${ActionOf<Prefix>}` is a PermissionCode by ActionOf's definition, which TypeScript does not see through.
  const button = ([name, action]: readonly [string, string]): ButtonSeed => ({ name, perms: `${prefix}:${action}` as PermissionCode });
  return [...chosen.map(button), ...extra.map(button)];
}

/** The CRUD engine's actions: the standard ones but the full view of personal data (its own button, SENSITIVE_BUTTON). */
type CrudAction = Exclude<StandardAction, typeof VIEW_SENSITIVE_ACTION>;

/** 查看敏感信息: the module's personal data in full (contract/modules/sensitive.ts). */
const SENSITIVE_BUTTON = [VIEW_SENSITIVE_NAME, VIEW_SENSITIVE_ACTION] as const;

/** A page with its buttons, at its path of contract/pages.ts. */
function page(title: string, component: AnyPageComponent, buttons: ButtonSeed[] = [], more: Partial<MenuSeed> = {}): MenuSeed {
  const menu: MenuSeed = { title, path: pagePath(component), component, ...more };
  if (buttons.length > 0) menu.buttons = buttons;
  return menu;
}

/** 开放报名 / 结束 / 取消 of activities and community activities (contract ACTIVITY_TRANSITIONS). */
const ACTIVITY_ACTIONS = [
  ["开放报名", "open"],
  ["结束", "end"],
  ["取消", "cancel"],
] as const;

export const menuTree: MenuSeed[] = [
  // Home: always first, granted to everyone by the seed runner.
  page("首页", "dashboard/Analysis", [], { icon: "home" }),

  // The dashboards besides 首页 (issue #17 part 8; migration 0170 gives older databases the same).
  {
    title: "仪表盘",
    path: "/dashboard",
    component: ROUTE_VIEW,
    icon: "dashboard",
    children: [
      page("工作台", "dashboard/Workplace"),
      page("图表", "dashboard/Chart"),
      page("任务", "dashboard/Task"),
      page("监控", "dashboard/Monitor"),
    ],
  },

  // Personal office.
  {
    title: "个人办公",
    path: "/isps",
    component: ROUTE_VIEW,
    icon: "user",
    children: [page("我的消息", "system/UserAnnouncementList")],
  },

  // School registry: people.
  {
    title: "学籍管理",
    path: "/school",
    component: ROUTE_VIEW,
    icon: "team",
    children: [
      page("学生", "school/StudentList", crudButtons("student", [SENSITIVE_BUTTON, ["批量分班", "batch_class"], ["批量修改状态", "batch_status"], ["批量设置付款方", "batch_payer"]])),
      // Hidden detail page: routed but never shown in the side menu.
      page("学生详情", "school/StudentDetail", [], { hidden: true }),
      page("家长", "school/ParentList", crudButtons("parent", [SENSITIVE_BUTTON])),
      page("企业", "school/CorporationList", crudButtons("corporation")),
      page("教师", "school/TeacherList", crudButtons("teacher", [SENSITIVE_BUTTON])),
      // 班级管理 and 学年 (issue #29 items 1-2; migration 0540 gives older databases the same).
      page("班级管理", "school/ClassList", crudButtons("schoolClass")),
      page("学年", "school/SchoolYearList", crudButtons("schoolYear", [["升级", "promote"]])),
    ],
  },

  // Fees and money.
  {
    title: "收费管理",
    path: "/billing",
    component: ROUTE_VIEW,
    icon: "account-book",
    children: [
      page("收费项目", "school/ProjectList", crudButtons("project")),
      page("补贴", "school/AllowanceList", crudButtons("allowance")),
      page(
        "账单",
        "school/BillList",
        // Billing: bills are generated or made with their items by hand, not imported.
        crudButtons(
          "bill",
          [
            ["生成账单", "generate"],
            ["作废", "void"],
            ["减免", "reduce"],
            ["退费", "refund"],
            ["分期", "instalment"],
          ],
          ["add", "edit", "delete", "batch_delete", "export"],
        ),
      ),
      page(
        "应收账单",
        "school/ReceivableBillList",
        // Billing: receivables follow their bills (only the remark is edited).
        crudButtons("receivableBill", [["邮件发送", "email"]], ["edit", "export"]),
      ),
      // The open amounts by days overdue (issue #33 item 2; migration 0520 gives older databases the same).
      page("账龄分析", "school/AgeingReport"),
      // 对账单 of a family or a company (issue #33 item 2; migration 0810 gives older databases the same).
      page("对账单", "school/Statement", [
        { name: "打印", perms: "statement:print" },
        { name: "导出", perms: "statement:export" },
        { name: "邮件发送", perms: "statement:email" },
      ]),
      // Payments and vouchers are voided (作废), never deleted (docs/decisions/156, migration 0770); a posted
      // voucher is reversed by a red one (冲销, docs/decisions/165, migration 0870).
      page("付款", "school/PaymentList", crudButtons("payment", [["分配", "allocate"], ["冲销", "reverse"], ["作废", "void"]], ["add", "edit", "export"])),
      page("收据", "school/ReceiptList", crudButtons("receipt", [["开收据", "add"], ["打印", "print"], ["作废", "void"]], ["edit", "export"])),
      page("凭证", "school/VoucherList", crudButtons("voucher", [["过账", "post"], ["作废", "void"], ["冲销", "reverse"]], ["add", "edit", "export"])),
      page(
        "微信交易",
        "school/WechatTradeList",
        crudButtons("wechatTrade", [["对账", "reconcile"]]),
      ),
    ],
  },

  // Activities.
  {
    title: "活动管理",
    path: "/activity",
    component: ROUTE_VIEW,
    icon: "calendar",
    children: [
      // Activities (issue #14): the status moves by actions only.
      page("活动", "school/ActivityList", crudButtons("activity", [...ACTIVITY_ACTIONS, ["出勤", "attendance"]])),
      page("报名", "school/SignupList", crudButtons("signup", [["确认", "confirm"], ["取消报名", "cancel"], ["批量报名", "bulk"]])),
      page("社区活动", "school/CommunityActivityList", crudButtons("community", [...ACTIVITY_ACTIONS, ["出勤", "attendance"]])),
      page("第三方活动", "school/ThirdPartyActivityList", crudButtons("thirdParty")),
    ],
  },

  // Shop.
  {
    title: "商城管理",
    path: "/shop",
    component: ROUTE_VIEW,
    icon: "shop",
    children: [
      page("商品", "school/CommodityList", crudButtons("commodity")),
      page("购物车", "school/ShoppingCartList", crudButtons("cart", [["下单", "order"]])),
      page(
        "订单",
        "school/OrderList",
        // Shop (issue #14): orders are placed with their lines, not imported; the status moves by actions.
        // Never deleted: cancelled (取消) or refunded (退款), docs/decisions/161 (migration 0840).
        crudButtons(
          "order",
          [
            ["付款", "pay"],
            ["发货", "ship"],
            ["完成", "complete"],
            ["取消", "cancel"],
            ["退款", "refund"],
            // The receiver's phone in full (docs/decisions/155; migration 0760 for older databases).
            SENSITIVE_BUTTON,
          ],
          ["add", "edit", "export"],
        ),
      ),
      page("地址", "school/AddressList", crudButtons("address")),
    ],
  },

  // Communication.
  {
    title: "消息中心",
    path: "/communication",
    component: ROUTE_VIEW,
    icon: "mail",
    children: [
      // Billing: a mail is written and sent, never edited.
      page("邮件", "school/MailList", crudButtons("mail", [["重发", "retry"]], ["add", "delete", "batch_delete", "export", "import"])),
      // SMS receivers' phones in full (docs/decisions/155; migration 0760 for older databases).
      page("消息", "school/MessageList", crudButtons("message", [SENSITIVE_BUTTON])),
      // 群发 (issue #29 item 4, docs/decisions/166; migration 0880 for older databases).
      page("群发", "school/Compose", [{ name: "群发", perms: "message:compose" }]),
    ],
  },

  // System administration.
  {
    title: "系统管理",
    path: "/isystem",
    component: ROUTE_VIEW,
    icon: "setting",
    children: [
      page(
        "用户管理",
        "system/UserList",
        crudButtons("user", [
          ["冻结/解冻", "freeze"],
          ["重置密码", "reset_password"],
          // Staff phones and e-mails in full (docs/decisions/136; migration 0660 for older databases).
          SENSITIVE_BUTTON,
        ]),
      ),
      page(
        "角色管理",
        "system/RoleUserList",
        crudButtons("role", [
          ["授权", "authorize"],
          ["用户", "users"],
        ]),
      ),
      page("部门管理", "system/DepartList", crudButtons("depart")),
      page("职务管理", "system/SysPositionList", crudButtons("position")),
      page("菜单管理", "system/PermissionList", crudButtons("permission")),
      page("数据规则", "system/PermissionDataRuleList", crudButtons("dataRule")),
      page("数据字典", "system/DictList", crudButtons("dict", [["刷新缓存", "refresh"]])),
      page("分类字典", "system/SysCategoryList", crudButtons("category")),
      page(
        "通知公告",
        "system/SysAnnouncementList",
        crudButtons("announcement", [
          ["发布", "release"],
          ["撤销", "revoke"],
        ]),
      ),
      page("租户管理", "system/TenantList", crudButtons("tenant")),
      page("填值规则", "system/SysFillRuleList", crudButtons("fillRule")),
      page("校验规则", "system/SysCheckRuleList", crudButtons("checkRule")),
      page(
        "消息模板",
        "modules/message/SysMessageTemplateList",
        crudButtons("messageTemplate", [["测试发送", "test"]]),
      ),
      page("文件存储", "modules/oss/OSSFileList", crudButtons("ossFile")),
      page("数据源管理", "system/SysDataSourceList", crudButtons("dataSource", [["测试连接", "test"]])),
      page("网关路由", "system/SysGatewayRouteList", crudButtons("gatewayRoute")),
      // 访问控制 (issue #34 item 4; migration 0641 gives older databases the same).
      page("访问控制", "system/SysAccessRuleList", crudButtons("accessRule")),
    ],
  },

  // 在线开发 (issue #18 part 1): 表单开发 defines tables whose pages 加入菜单 puts under this group.
  {
    title: "在线开发",
    path: "/online",
    component: ROUTE_VIEW,
    icon: "cloud",
    children: [
      page(
        "表单开发",
        "modules/online/cgform/OnlCgformHeadList",
        crudButtons("online:cgform", [
          ["同步数据库", "db_sync"],
          ["加入菜单", "add_menu"],
        ]),
      ),
      // 报表配置 (issue #18 part 2): online reports; 生成菜单 adds a report's own page to the menu.
      page("报表配置", "modules/online/cgreport/OnlCgreportHeadList", crudButtons("onlCgreport", [["生成菜单", "menu"]], ["add", "edit", "delete", "batch_delete", "export"])),
    ],
  },

  // System monitoring.
  {
    title: "系统监控",
    path: "/monitor",
    component: ROUTE_VIEW,
    icon: "dashboard",
    children: [
      page(
        "定时任务",
        "system/QuartzJobList",
        crudButtons("quartzJob", [
          ["启动", "resume"],
          ["停止", "pause"],
          ["立即执行", "execute"],
        ]),
      ),
      // Read-only and sealed: logs can only be exported (docs/decisions/121; 0561 retires 删除).
      page("系统日志", "system/LogList", crudButtons("log", [], ["export"])),
      // Read-only: the only action is a forced logout.
      page(
        "在线用户",
        "system/SysUserOnlineList",
        crudButtons("onlineUser", [["强退", "force_logout"]], []),
      ),
      // Read-only: no buttons.
      page("性能监控", "monitor/ServerInfo"),
      // monitor: the backend's generated OpenAPI document (migration 0060 moves older databases).
      page("接口文档", "monitor/ApiDoc"),
    ],
  },

  // 组件示例 (issue #11, admin only: only the admin role is granted "all"): the widgets' demo pages.
  {
    title: "组件示例",
    path: "/demo",
    component: ROUTE_VIEW,
    icon: "appstore",
    children: [
      page("表格示例", "demo/GridDemo"),
      page("组件示例", "demo/WidgetsDemo"),
      page("编辑器示例", "demo/EditorsDemo"),
    ],
  },
];
