// Every endpoint of the embedded backend, in one list.
import type { Endpoint } from "./http/endpoint";
import { authEndpoints } from "./modules/system/auth/endpoints";
// Phone codes, phone sign-in, registration, account alteration (issue #17 parts 1, 5, 6).
import { phoneEndpoints } from "./modules/system/auth/phone-endpoints";
import { dictEndpoints } from "./modules/system/dict/endpoints";
import { userEndpoints } from "./modules/system/user/user-endpoints";
import { roleEndpoints } from "./modules/system/role/role-endpoints";
import { departEndpoints } from "./modules/system/depart/depart-endpoints";
import { positionEndpoints } from "./modules/system/position/position-endpoints";
import { categoryEndpoints } from "./modules/system/category/category-endpoints";
import { checkRuleEndpoints } from "./modules/system/check-rule/check-rule-endpoints";
import { duplicateEndpoints } from "./modules/system/duplicate/duplicate-endpoints";
import { announcementEndpoints } from "./modules/system/announcement/endpoints";
import { fileEndpoints } from "./modules/system/files/endpoints";
import { menuAdminEndpoints } from "./modules/system/permission/menu-admin-endpoints";
import { thirdAppEndpoints } from "./modules/system/third-app/third-app-endpoints";
import { tenantEndpoints } from "./modules/system/tenant/tenant-endpoints";
import { dataRuleEndpoints } from "./modules/system/permission/data-rule-endpoints";
import { dataSourceEndpoints } from "./modules/system/data-source/data-source-endpoints";
// 网关路由 (issue #16).
import { gatewayRouteEndpoints } from "./modules/system/gateway-route/gateway-route-endpoints";
import { accessRuleEndpoints } from "./modules/system/access-rule/access-rule-endpoints";
// Monitoring (issue #15 part A): 定时任务.
import { quartzJobEndpoints } from "./modules/monitor/quartz-job/quartz-job-endpoints";
// monitor: logs, online users, monitoring, API document (issue #15 part B).
import { monitorEndpoints } from "./modules/monitor/endpoints";
// People and fill rules (issue #12 A).
import { fillRuleEndpoints } from "./modules/system/fill-rule/fill-rule-endpoints";
import { peopleEndpoints } from "./modules/people";
// Billing and mail (issue #12 part B).
import { projectEndpoints } from "./modules/billing/project/project-endpoints";
import { allowanceEndpoints } from "./modules/billing/allowance/allowance-endpoints";
import { billEndpoints } from "./modules/billing/bill/bill-endpoints";
import { receivableEndpoints } from "./modules/billing/receivable/receivable-endpoints";
import { statementEndpoints } from "./modules/billing/statement/statement-endpoints";
import { paymentEndpoints } from "./modules/billing/payment/payment-endpoints";
import { receiptEndpoints } from "./modules/billing/receipt/receipt-endpoints";
import { voucherEndpoints } from "./modules/billing/voucher/voucher-endpoints";
import { wechatTradeEndpoints } from "./modules/billing/wechat-trade/wechat-trade-endpoints";
import { mailEndpoints } from "./modules/communication/mail/mail-endpoints";
import { messageEndpoints } from "./modules/communication/message/message-endpoints";
import { composeEndpoints } from "./modules/communication/compose/compose-endpoints";
// 地址 (issue #14 item 6).
import { addressEndpoints } from "./modules/shop/address/address-endpoints";
// Activities and the shop (issue #14).
import { activityAreaEndpoints } from "./modules/activity";
import { shopEndpoints } from "./modules/shop";
// 组件示例 (issue #11): the editable grid's demo rows.
// 首页 figures (issue #13 part 6).
import { dashboardEndpoints } from "./modules/dashboard/figures/figures-endpoints";
import { demoGridEndpoints } from "./modules/demo/grid/demo-grid-endpoints";
// Third-party and CAS sign-in (issue #17 parts 2-4).
import { thirdLoginEndpoints } from "./modules/system/third-login/third-login-endpoints";
import { casEndpoints } from "./modules/system/cas/cas-endpoints";
// The account centre and the dashboards besides 首页 (issue #17 parts 7-8).
import { accountEndpoints } from "./modules/account/account-endpoints";
import { boardEndpoints } from "./modules/dashboard/boards/boards-endpoints";
// 表单开发 (issue #18 part 1).
import { onlineFormEndpoints } from "./modules/online/form/endpoints";
// 报表配置 and the online report API (issue #18 part 2).
import { onlineReportEndpoints } from "./modules/online/report/report-endpoints";

export const allEndpoints: Endpoint[] = [
  ...authEndpoints,
  ...phoneEndpoints,
  // Third-party and CAS sign-in (issue #17 parts 2-4).
  ...thirdLoginEndpoints,
  ...casEndpoints,
  ...dictEndpoints,
  // System administration on the CRUD engine (backend/crud/engine.ts).
  ...userEndpoints,
  ...roleEndpoints,
  ...departEndpoints,
  ...positionEndpoints,
  ...categoryEndpoints,
  ...checkRuleEndpoints,
  ...duplicateEndpoints,
  ...announcementEndpoints,
  ...fileEndpoints,
  ...menuAdminEndpoints,
  ...thirdAppEndpoints,
  ...tenantEndpoints,
  ...dataRuleEndpoints,
  ...dataSourceEndpoints,
  ...gatewayRouteEndpoints,
  ...accessRuleEndpoints,
  ...quartzJobEndpoints,
  // monitor (its API document lists every endpoint of this list, read when first asked).
  ...monitorEndpoints(() => allEndpoints),
  // People and fill rules (issue #12 A).
  ...fillRuleEndpoints,
  ...peopleEndpoints,
  // Billing and mail (issue #12 part B).
  ...projectEndpoints,
  ...allowanceEndpoints,
  ...billEndpoints,
  ...receivableEndpoints,
  ...statementEndpoints,
  ...paymentEndpoints,
  ...receiptEndpoints,
  ...voucherEndpoints,
  ...wechatTradeEndpoints,
  ...mailEndpoints,
  ...messageEndpoints,
  // 群发 (issue #29 item 4).
  ...composeEndpoints,
  // 地址 (issue #14 item 6).
  ...addressEndpoints,
  // Activities and the shop (issue #14).
  ...activityAreaEndpoints,
  ...shopEndpoints,
  // 组件示例 (issue #11).
  ...dashboardEndpoints,
  ...demoGridEndpoints,
  // The account centre and the dashboards besides 首页 (issue #17 parts 7-8).
  ...accountEndpoints,
  ...boardEndpoints,
  // 表单开发 (issue #18 part 1).
  ...onlineFormEndpoints,
  // 报表配置 and the online report API (issue #18 part 2).
  ...onlineReportEndpoints,
];
