// The pages the product ships, each page's menu path declared once (issue #28 item 4, docs/decisions/181):
// by the component name the server menu gives (sys_permission.component), the path of the module that
// owns the page (contract/modules/*), or the path itself for a page without a module. The web app's
// routes (app/routes.ts `page`) and catalogue (app/pages.ts) and the seed menu (backend/seed/data/menu.ts)
// are derived from it.
import { PAGES_WITHOUT_MODULE } from "./page-paths";
import { CHART_PAGE, DASHBOARD_PAGE, MONITOR_DASHBOARD_PAGE, MY_NOTICES_PAGE, TASK_PAGE, WORKPLACE_PAGE } from "./dashboard";
import { accessRuleModule } from "./modules/access-rule";
import { activityModule, communityActivityModule, signupModule, thirdPartyModule } from "./modules/activity";
import { addressModule } from "./modules/address";
import { AGEING_PAGE, allowanceModule, billModule, paymentModule, projectModule, receiptModule, receivableModule, voucherModule, wechatTradeModule } from "./modules/billing";
import { STATEMENT_PAGE } from "./modules/billing-statement";
import { checkRuleModule } from "./modules/check-rule";
import { classModule, schoolYearModule } from "./modules/classes";
import { COMPOSE_PAGE } from "./modules/compose";
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
import { cartModule, commodityModule, orderModule } from "./modules/shop";
import { tenantModule } from "./modules/tenant";

/** Page component → its menu path, in the seed menu's order. */
export const PAGES = {
  "dashboard/Analysis": DASHBOARD_PAGE,
  "dashboard/Workplace": WORKPLACE_PAGE,
  "dashboard/Chart": CHART_PAGE,
  "dashboard/Task": TASK_PAGE,
  "dashboard/Monitor": MONITOR_DASHBOARD_PAGE,
  "system/UserAnnouncementList": MY_NOTICES_PAGE,
  "school/StudentList": studentModule.page,
  "school/StudentDetail": `${studentModule.page}/detail`,
  "school/ParentList": parentModule.page,
  "school/CorporationList": corporationModule.page,
  "school/TeacherList": teacherModule.page,
  "school/ClassList": classModule.page,
  "school/SchoolYearList": schoolYearModule.page,
  "school/ProjectList": projectModule.page,
  "school/AllowanceList": allowanceModule.page,
  "school/BillList": billModule.page,
  "school/ReceivableBillList": receivableModule.page,
  "school/AgeingReport": AGEING_PAGE,
  "school/Statement": STATEMENT_PAGE,
  "school/PaymentList": paymentModule.page,
  "school/ReceiptList": receiptModule.page,
  "school/VoucherList": voucherModule.page,
  "school/WechatTradeList": wechatTradeModule.page,
  "school/ActivityList": activityModule.page,
  "school/SignupList": signupModule.page,
  "school/CommunityActivityList": communityActivityModule.page,
  "school/ThirdPartyActivityList": thirdPartyModule.page,
  "school/CommodityList": commodityModule.page,
  "school/ShoppingCartList": cartModule.page,
  "school/OrderList": orderModule.page,
  "school/AddressList": addressModule.page,
  "school/MailList": mailModule.page,
  "school/MessageList": messageModule.page,
  "school/Compose": COMPOSE_PAGE,
  "system/UserList": PAGES_WITHOUT_MODULE["system/UserList"],
  "system/RoleUserList": roleModule.page,
  "system/DepartList": PAGES_WITHOUT_MODULE["system/DepartList"],
  "system/SysPositionList": positionModule.page,
  "system/PermissionList": PAGES_WITHOUT_MODULE["system/PermissionList"],
  "system/PermissionDataRuleList": dataRuleModule.page,
  "system/DictList": PAGES_WITHOUT_MODULE["system/DictList"],
  "system/SysCategoryList": PAGES_WITHOUT_MODULE["system/SysCategoryList"],
  "system/SysAnnouncementList": PAGES_WITHOUT_MODULE["system/SysAnnouncementList"],
  "system/TenantList": tenantModule.page,
  "system/SysFillRuleList": fillRuleModule.page,
  "system/SysCheckRuleList": checkRuleModule.page,
  "system/SysMessageTemplateList": messageTemplateModule.page,
  "system/OSSFileList": ossFileModule.page,
  "system/SysDataSourceList": dataSourceModule.page,
  "system/SysGatewayRouteList": gatewayRouteModule.page,
  "system/SysAccessRuleList": accessRuleModule.page,
  "modules/online/cgform/OnlCgformHeadList": onlineFormHeadModule.page,
  "modules/online/cgreport/OnlCgreportHeadList": onlineReportModule.page,
  "system/QuartzJobList": PAGES_WITHOUT_MODULE["system/QuartzJobList"],
  "system/LogList": PAGES_WITHOUT_MODULE["system/LogList"],
  "system/OnlineUserList": PAGES_WITHOUT_MODULE["system/OnlineUserList"],
  "monitor/ServerInfo": PAGES_WITHOUT_MODULE["monitor/ServerInfo"],
  "monitor/ApiDoc": PAGES_WITHOUT_MODULE["monitor/ApiDoc"],
  "demo/GridDemo": PAGES_WITHOUT_MODULE["demo/GridDemo"],
  "demo/WidgetsDemo": PAGES_WITHOUT_MODULE["demo/WidgetsDemo"],
  "demo/EditorsDemo": PAGES_WITHOUT_MODULE["demo/EditorsDemo"],
} as const satisfies Record<string, string>;

/** Our name of a page component. */
export type PageComponent = keyof typeof PAGES;

/**
 * The original JeecgBoot client's component names of pages we name otherwise (its views folder):
 * a menu from either backend may use either name, and both open our page.
 */
export const COMPONENT_ALIASES = {
  "modules/message/SysMessageTemplateList": "system/SysMessageTemplateList",
  "modules/oss/OSSFileList": "system/OSSFileList",
  "system/SysUserOnlineList": "system/OnlineUserList",
} as const satisfies Record<string, PageComponent>;

/** A page component by either name, ours or the original client's. */
export type AnyPageComponent = PageComponent | keyof typeof COMPONENT_ALIASES;

/** Is `component` the original client's name of one of our pages? */
export function isComponentAlias(component: string): component is keyof typeof COMPONENT_ALIASES {
  return Object.hasOwn(COMPONENT_ALIASES, component);
}

/** Our name of a page component given by either name. */
export function ourComponent(component: AnyPageComponent): PageComponent {
  return isComponentAlias(component) ? COMPONENT_ALIASES[component] : component;
}

/** The menu path of a page, by either name of its component. */
export function pagePath(component: AnyPageComponent): string {
  return PAGES[ourComponent(component)];
}
