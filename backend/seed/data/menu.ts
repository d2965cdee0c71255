// The demo school's full menu tree (app-shell.md §1, school-domain.md).
// Order in the arrays is the display order (the seed runner derives sort_no from it).
import type { ButtonSeed, MenuSeed } from "../types";

/** Container component of every group menu. */
const ROUTE_VIEW = "layouts/RouteView";

/**
 * The standard buttons of a list page, optionally followed by page-specific extra buttons.
 * `only` restricts the standard set (read-only pages such as logs).
 */
function crudButtons(
  prefix: string,
  extra: Array<[name: string, action: string]> = [],
  only?: ReadonlyArray<"add" | "edit" | "delete" | "batch_delete" | "export" | "import">,
): ButtonSeed[] {
  const standard: Array<[string, "add" | "edit" | "delete" | "batch_delete" | "export" | "import"]> = [
    ["添加", "add"],
    ["编辑", "edit"],
    ["删除", "delete"],
    ["批量删除", "batch_delete"],
    ["导出", "export"],
    ["导入", "import"],
  ];
  const chosen = only ? standard.filter(([, action]) => only.includes(action)) : standard;
  return [
    ...chosen.map(([name, action]): ButtonSeed => ({ name, perms: `${prefix}:${action}` })),
    ...extra.map(([name, action]): ButtonSeed => ({ name, perms: `${prefix}:${action}` })),
  ];
}

/** A list page with its buttons. */
function page(
  title: string,
  path: string,
  component: string,
  buttons: ButtonSeed[] = [],
  more: Partial<MenuSeed> = {},
): MenuSeed {
  const menu: MenuSeed = { title, path, component, ...more };
  if (buttons.length > 0) menu.buttons = buttons;
  return menu;
}

export const menuTree: MenuSeed[] = [
  // Home: always first, granted to everyone by the seed runner.
  { title: "首页", path: "/dashboard/analysis", component: "dashboard/Analysis", icon: "home" },

  // Personal office.
  {
    title: "个人办公",
    path: "/isps",
    component: ROUTE_VIEW,
    icon: "user",
    children: [page("我的消息", "/isps/userAnnouncement", "system/UserAnnouncementList")],
  },

  // School registry: people.
  {
    title: "学籍管理",
    path: "/school",
    component: ROUTE_VIEW,
    icon: "team",
    children: [
      page("学生", "/school/student", "school/StudentList", crudButtons("student")),
      // Hidden detail page: routed but never shown in the side menu.
      page("学生详情", "/school/student/detail", "school/StudentDetail", [], { hidden: true }),
      page("家长", "/school/parent", "school/ParentList", crudButtons("parent")),
      page("企业", "/school/corporation", "school/CorporationList", crudButtons("corporation")),
      page("教师", "/school/teacher", "school/TeacherList", crudButtons("teacher")),
    ],
  },

  // Fees and money.
  {
    title: "收费管理",
    path: "/billing",
    component: ROUTE_VIEW,
    icon: "account-book",
    children: [
      page("收费项目", "/billing/project", "school/ProjectList", crudButtons("project")),
      page("补贴", "/billing/allowance", "school/AllowanceList", crudButtons("allowance")),
      page(
        "账单",
        "/billing/bill",
        "school/BillList",
        crudButtons("bill", [
          ["生成账单", "generate"],
          ["作废", "void"],
        ]),
      ),
      page(
        "应收账单",
        "/billing/receivableBill",
        "school/ReceivableBillList",
        crudButtons("receivableBill", [["邮件发送", "email"]]),
      ),
      page("付款", "/billing/payment", "school/PaymentList", crudButtons("payment", [["分配", "allocate"]])),
      page("收据", "/billing/receipt", "school/ReceiptList", crudButtons("receipt", [["打印", "print"]])),
      page("凭证", "/billing/voucher", "school/VoucherList", crudButtons("voucher", [["过账", "post"]])),
      page(
        "微信交易",
        "/billing/wechatTrade",
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
      page("活动", "/activity/activity", "school/ActivityList", crudButtons("activity")),
      page("报名", "/activity/signup", "school/SignupList", crudButtons("signup", [["确认", "confirm"]])),
      page("社区活动", "/activity/community", "school/CommunityActivityList", crudButtons("community")),
      page("第三方活动", "/activity/thirdParty", "school/ThirdPartyActivityList", crudButtons("thirdParty")),
    ],
  },

  // Shop.
  {
    title: "商城管理",
    path: "/shop",
    component: ROUTE_VIEW,
    icon: "shop",
    children: [
      page("商品", "/shop/commodity", "school/CommodityList", crudButtons("commodity")),
      page("购物车", "/shop/cart", "school/ShoppingCartList", crudButtons("cart")),
      page(
        "订单",
        "/shop/order",
        "school/OrderList",
        crudButtons("order", [
          ["发货", "ship"],
          ["退款", "refund"],
        ]),
      ),
      page("地址", "/shop/address", "school/AddressList", crudButtons("address")),
    ],
  },

  // Communication.
  {
    title: "消息中心",
    path: "/communication",
    component: ROUTE_VIEW,
    icon: "mail",
    children: [
      page("邮件", "/communication/mail", "school/MailList", crudButtons("mail", [["重发", "retry"]])),
      page("消息", "/communication/message", "school/MessageList", crudButtons("message")),
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
        "/isystem/user",
        "system/UserList",
        crudButtons("user", [
          ["冻结/解冻", "freeze"],
          ["重置密码", "reset_password"],
        ]),
      ),
      page(
        "角色管理",
        "/isystem/roleUserList",
        "system/RoleUserList",
        crudButtons("role", [
          ["授权", "authorize"],
          ["用户", "users"],
        ]),
      ),
      page("部门管理", "/isystem/depart", "system/DepartList", crudButtons("depart")),
      page("职务管理", "/isystem/position", "system/SysPositionList", crudButtons("position")),
      page("菜单管理", "/isystem/permission", "system/PermissionList", crudButtons("permission")),
      page("数据规则", "/isystem/dataRule", "system/PermissionDataRuleList", crudButtons("dataRule")),
      page("数据字典", "/isystem/dict", "system/DictList", crudButtons("dict", [["刷新缓存", "refresh"]])),
      page("分类字典", "/isystem/category", "system/SysCategoryList", crudButtons("category")),
      page(
        "通知公告",
        "/isystem/annountCement",
        "system/SysAnnouncementList",
        crudButtons("announcement", [
          ["发布", "release"],
          ["撤销", "revoke"],
        ]),
      ),
      page("租户管理", "/isystem/tenant", "system/TenantList", crudButtons("tenant")),
      page("填值规则", "/isystem/fillRule", "system/SysFillRuleList", crudButtons("fillRule")),
      page("校验规则", "/isystem/checkRule", "system/SysCheckRuleList", crudButtons("checkRule")),
      page(
        "消息模板",
        "/isystem/messageTemplate",
        "system/SysMessageTemplateList",
        crudButtons("messageTemplate"),
      ),
      page("文件存储", "/isystem/ossFile", "system/OSSFileList", crudButtons("ossFile")),
      page("数据源管理", "/isystem/dataSource", "system/SysDataSourceList", crudButtons("dataSource")),
      page("网关路由", "/isystem/gatewayRoute", "system/SysGatewayRouteList", crudButtons("gatewayRoute")),
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
        "/monitor/quartzJob",
        "system/QuartzJobList",
        crudButtons("quartzJob", [
          ["启动", "resume"],
          ["停止", "pause"],
          ["立即执行", "execute"],
        ]),
      ),
      // Read-only: logs can only be exported and deleted.
      page(
        "系统日志",
        "/monitor/log",
        "system/LogList",
        crudButtons("log", [], ["delete", "batch_delete", "export"]),
      ),
      // Read-only: the only action is a forced logout.
      page(
        "在线用户",
        "/monitor/onlineUser",
        "system/OnlineUserList",
        crudButtons("onlineUser", [["强退", "force_logout"]], []),
      ),
      // Read-only: no buttons.
      page("性能监控", "/monitor/server", "monitor/ServerInfo"),
      // External link (opens in a new window).
      page("接口文档", "https://developer.mozilla.org/zh-CN/", "layouts/IframePageView", [], {
        external: true,
      }),
    ],
  },
];
