// The catalogue of pages the product ships, by the component name the server menu gives
// (sys_permission.component) and the path our demo school's menu uses. A path of this catalogue
// that the user's menu does not grant answers 403; any other unknown path answers 404.
export const PAGE_CATALOGUE: ReadonlyArray<readonly [component: string, path: string]> = [
  ["dashboard/Analysis", "/dashboard/analysis"],
  ["dashboard/Workplace", "/dashboard/workplace"],
  ["dashboard/Chart", "/dashboard/chart"],
  ["dashboard/Task", "/dashboard/task"],
  ["dashboard/Monitor", "/dashboard/monitor"],
  ["system/UserAnnouncementList", "/isps/userAnnouncement"],
  ["school/StudentList", "/school/student"],
  ["school/StudentDetail", "/school/student/detail"],
  ["school/ParentList", "/school/parent"],
  ["school/CorporationList", "/school/corporation"],
  ["school/TeacherList", "/school/teacher"],
  ["school/ClassList", "/school/class"],
  ["school/SchoolYearList", "/school/year"],
  ["school/ProjectList", "/billing/project"],
  ["school/AllowanceList", "/billing/allowance"],
  ["school/BillList", "/billing/bill"],
  ["school/ReceivableBillList", "/billing/receivableBill"],
  ["school/AgeingReport", "/billing/ageing"],
  ["school/Statement", "/billing/statement"],
  ["school/PaymentList", "/billing/payment"],
  ["school/ReceiptList", "/billing/receipt"],
  ["school/VoucherList", "/billing/voucher"],
  ["school/WechatTradeList", "/billing/wechatTrade"],
  ["school/ActivityList", "/activity/activity"],
  ["school/SignupList", "/activity/signup"],
  ["school/CommunityActivityList", "/activity/community"],
  ["school/ThirdPartyActivityList", "/activity/thirdParty"],
  ["school/CommodityList", "/shop/commodity"],
  ["school/ShoppingCartList", "/shop/cart"],
  ["school/OrderList", "/shop/order"],
  ["school/AddressList", "/shop/address"],
  ["school/MailList", "/communication/mail"],
  ["school/MessageList", "/communication/message"],
  ["school/Compose", "/communication/compose"],
  ["system/UserList", "/isystem/user"],
  ["system/RoleUserList", "/isystem/roleUserList"],
  ["system/DepartList", "/isystem/depart"],
  ["system/SysPositionList", "/isystem/position"],
  ["system/PermissionList", "/isystem/permission"],
  ["system/PermissionDataRuleList", "/isystem/dataRule"],
  ["system/DictList", "/isystem/dict"],
  ["system/SysCategoryList", "/isystem/category"],
  ["system/SysAnnouncementList", "/isystem/annountCement"],
  ["system/TenantList", "/isystem/tenant"],
  ["system/SysFillRuleList", "/isystem/fillRule"],
  ["system/SysCheckRuleList", "/isystem/checkRule"],
  ["system/SysMessageTemplateList", "/isystem/messageTemplate"],
  ["system/OSSFileList", "/isystem/ossFile"],
  ["system/SysDataSourceList", "/isystem/dataSource"],
  ["system/SysGatewayRouteList", "/isystem/gatewayRoute"],
  ["system/SysAccessRuleList", "/isystem/accessRule"],
  ["system/QuartzJobList", "/monitor/quartzJob"],
  ["system/LogList", "/monitor/log"],
  ["system/OnlineUserList", "/monitor/onlineUser"],
  ["monitor/ServerInfo", "/monitor/server"],
  ["monitor/ApiDoc", "/monitor/apiDoc"],
  // 表单开发 (issue #18 part 1).
  ["modules/online/cgform/OnlCgformHeadList", "/online/cgform"],
  // 组件示例 (issue #11).
  ["demo/GridDemo", "/demo/grid"],
  ["demo/WidgetsDemo", "/demo/widgets"],
  ["demo/EditorsDemo", "/demo/editors"],
  // 报表配置 (issue #18 part 2).
  ["modules/online/cgreport/OnlCgreportHeadList", "/online/cgreport"],
];

/**
 * The online form and report components of JeecgBoot (docs/spec/app-shell.md §2) and the built-in
 * page kind each maps to. Their pages are served under the menu path the server gives.
 */
export const ONLINE_COMPONENTS: Readonly<Record<string, string>> = {
  "modules/online/cgform/auto/OnlCgformAutoList": "online-form",
  "modules/online/cgform/auto/OnlCgformCopyList": "online-form",
  "modules/online/cgform/auto/default/OnlineAutoList": "online-form",
  "modules/online/cgform/auto/OnlCgformTreeList": "online-form-tree",
  "modules/online/cgform/auto/erp/OnlCgformErpList": "online-form-erp",
  "modules/online/cgform/auto/tab/OnlCgformTabList": "online-form-tab",
  "modules/online/cgform/auto/innerTable/OnlCgformInnerTableList": "online-form-inner-table",
  "modules/online/cgreport/OnlCgreportHeadList": "online-report-head",
  "modules/online/cgreport/auto/OnlCgreportAutoList": "online-report",
};

/**
 * The original JeecgBoot client's component names of pages we name otherwise (its views folder):
 * a menu from either backend may use either name, and both open our page.
 */
export const COMPONENT_ALIASES: Readonly<Record<string, string>> = {
  "modules/message/SysMessageTemplateList": "system/SysMessageTemplateList",
  "modules/oss/OSSFileList": "system/OSSFileList",
  "system/SysUserOnlineList": "system/OnlineUserList",
};

const knownPaths = new Set(PAGE_CATALOGUE.map(([, path]) => path));
const pathByComponent = new Map(PAGE_CATALOGUE.map(([component, path]) => [component, path]));
const componentByPath = new Map(PAGE_CATALOGUE.map(([component, path]) => [path, component]));

/** Our name of a menu component (an alias of the original's becomes ours). */
export function canonicalComponent(component: string | null | undefined): string {
  const name = (component ?? "").replace(/^\/+/, "");
  return COMPONENT_ALIASES[name] ?? name;
}

/** The path of our page for a menu component, either name; undefined when we have none. */
export function cataloguePathOf(component: string | null | undefined): string | undefined {
  return pathByComponent.get(canonicalComponent(component));
}

/** The component our catalogue gives a page path. */
export function catalogueComponentOf(path: string): string | undefined {
  return componentByPath.get(path.replace(/\/+$/, "") || "/");
}

export function isKnownPagePath(path: string): boolean {
  return knownPaths.has(path.replace(/\/+$/, "") || "/");
}
