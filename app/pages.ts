// The catalogue of pages the product ships, by the component name the server menu gives
// (sys_permission.component) and the path our demo school's menu uses. A path of this catalogue
// that the user's menu does not grant answers 403; any other unknown path answers 404.
export const PAGE_CATALOGUE: ReadonlyArray<readonly [component: string, path: string]> = [
  ["dashboard/Analysis", "/dashboard/analysis"],
  ["system/UserAnnouncementList", "/isps/userAnnouncement"],
  ["school/StudentList", "/school/student"],
  ["school/StudentDetail", "/school/student/detail"],
  ["school/ParentList", "/school/parent"],
  ["school/CorporationList", "/school/corporation"],
  ["school/TeacherList", "/school/teacher"],
  ["school/ProjectList", "/billing/project"],
  ["school/AllowanceList", "/billing/allowance"],
  ["school/BillList", "/billing/bill"],
  ["school/ReceivableBillList", "/billing/receivableBill"],
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
  ["system/QuartzJobList", "/monitor/quartzJob"],
  ["system/LogList", "/monitor/log"],
  ["system/OnlineUserList", "/monitor/onlineUser"],
  ["monitor/ServerInfo", "/monitor/server"],
];

/**
 * The online form and report components of JeecgBoot (spec/app-shell.md §2) and the built-in
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

const knownPaths = new Set(PAGE_CATALOGUE.map(([, path]) => path));

export function isKnownPagePath(path: string): boolean {
  return knownPaths.has(path.replace(/\/+$/, "") || "/");
}
