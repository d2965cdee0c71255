import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { PAGES, type PageComponent } from "../contract/pages";

/** A menu page's route, at the path contract/pages.ts declares for its component. */
const page = (component: PageComponent, file: string) => route(PAGES[component].slice(1), file);

// docs/spec/app-shell.md §2. Menu pages are matched by the main layout's splat and resolved against
// the user's server menu.
export default [
  index("routes/home-redirect.tsx"),
  route("user", "routes/user/layout.tsx", [
    index("routes/user/index.tsx"),
    route("login", "routes/user/login.tsx"),
    // sign-in guard (issue #10 part B): the forced password change
    route("password", "routes/user/password.tsx"),
    // issue #17 parts 5, 6: the tenant/department choice after sign-in, registration, alteration
    route("select", "routes/user/select.tsx"),
    route("register", "routes/user/register.tsx"),
    route("register-result", "routes/user/register-result.tsx"),
    route("alteration", "routes/user/alteration.tsx"),
    // Third-party and CAS sign-in (issue #17 parts 2-3).
    route("third-login/:type", "routes/user/third-login/start.tsx"),
    route("third-login/:type/callback", "routes/user/third-login/callback.tsx"),
    route("third-login/:type/bind", "routes/user/third-login/bind.tsx"),
    route("cas", "routes/user/cas.tsx"),
  ]),
  route("user/logout", "routes/user/logout.tsx"),
  // Work-chat in-app browsers and the 绑定 tab's data (issue #17 parts 2, 4).
  route("oauth2-app/login", "routes/oauth2-app/login.tsx"),
  route("api/account/third-bindings", "routes/api/account-third-bindings.tsx"),
  route("api/account/password", "routes/api/account-password.tsx"),
  route("api/account/departs", "routes/api/account-departs.tsx"),
  route("api/dict/refresh-cache", "routes/api/dict-refresh.tsx"),
  route("api/validate/:kind", "routes/api/validate.tsx"),
  route("api/system/user-relations", "routes/api/system/user-relations.tsx"),
  route("api/system/depart-search", "routes/api/system/depart-search.tsx"),
  route("api/system/category-children", "routes/api/system/category-children.tsx"),
  route("api/system/role-permissions", "routes/api/system/role-permissions.tsx"),
  route("api/system/role-users", "routes/api/system/role-users.tsx"),
  route("api/system/role-datarule", "routes/api/system/role-datarule.tsx"),
  route("api/system/menu-check", "routes/api/system/menu-check.tsx"),
  route("api/system/dict-items", "routes/api/system/dict-items.tsx"),
  route("api/notices/stream", "routes/api/notices/stream.tsx"),
  route("api/notices/list", "routes/api/notices/list.tsx"),
  route("api/notices/read", "routes/api/notices/read.tsx"),
  route("api/notices/read-all", "routes/api/notices/read-all.tsx"),
  route("api/notices/detail", "routes/api/notices/detail.tsx"),
  route("api/notices/mine", "routes/api/notices/mine.tsx"),
  route("api/export", "routes/api/export.tsx"),
  route("api/record-history", "routes/api/record-history.tsx"),
  route("api/import", "routes/api/import.tsx"),
  route("api/files/static", "routes/api/files/static.tsx"),
  // Uploads of the widgets (grid cells, upload fields, editor images) and the tree table's demo data.
  route("api/files/upload", "routes/api/files/upload.tsx"),
  route("api/demo/depart-levels", "routes/demo/depart-levels.tsx"),
  route("api/widgets/dict/:code", "routes/api/widgets/dict.tsx"),
  route("api/widgets/dict-search/:code", "routes/api/widgets/dict-search.tsx"),
  route("api/widgets/dict-text/:code", "routes/api/widgets/dict-text.tsx"),
  route("api/widgets/tree", "routes/api/widgets/tree.tsx"),
  route("api/widgets/category", "routes/api/widgets/category.tsx"),
  route("api/widgets/users", "routes/api/widgets/users.tsx"),
  route("api/widgets/departs", "routes/api/widgets/departs.tsx"),
  route("api/widgets/roles", "routes/api/widgets/roles.tsx"),
  route("api/widgets/positions", "routes/api/widgets/positions.tsx"),
  // Monitoring (issue #15 part A): the run log of 定时任务.
  route("api/monitor/quartz-job-runs", "routes/api/monitor/quartz-job-runs.tsx"),
  route("api/billing/bill-items", "routes/api/billing/bill-items.tsx"),
  route("api/billing/project-prices", "routes/api/billing/project-prices.tsx"),
  // Payments, receipts, vouchers (issue #13 part 1).
  route("api/billing/payment-allocations", "routes/api/billing/payment-allocations.tsx"),
  route("api/billing/payment-bills", "routes/api/billing/payment-bills.tsx"),
  route("api/billing/voucher-entries", "routes/api/billing/voucher-entries.tsx"),
  // The receipt's print view: plain HTML outside the layout (no script).
  route("billing/receipt/print", "routes/billing/receipt-print.tsx"),
  // The statement's print view (A4) and its .xlsx (issue #33 item 2).
  route("billing/statement/print", "routes/billing/statement-print.tsx"),
  route("api/billing/statement-export", "routes/api/billing/statement-export.tsx"),
  // People (issue #12 A).
  route("api/people/student-parents", "routes/api/people/student-parents.tsx"),
  route("api/people/parent-options", "routes/api/people/parent-options.tsx"),
  // A class's roster, its print view, and the teacher picker (issue #29 items 1, 6).
  route("api/people/class-roster", "routes/api/people/class-roster.tsx"),
  route("school/class/print", "routes/people/class-print.tsx"),
  // An activity session's attendance sheet for print (issue #29 items 5-6).
  route("activity/attendance/print", "routes/activity/attendance-print.tsx"),
  route("activity/community/attendance/print", "routes/activity/attendance-print.tsx", { id: "community-attendance-print" }),
  route("api/widgets/teachers", "routes/api/widgets/teachers.tsx"),
  // Activities and the shop (issue #14).
  route("api/activity/third-party-students", "routes/api/activity/third-party-students.tsx"),
  route("api/shop/order-lines", "routes/api/shop/order-lines.tsx"),
  route("api/shop/commodity-variants", "routes/api/shop/commodity-variants.tsx"),
  // The account centre (issue #17 part 7): 工作台's page visits.
  route("api/account/visit", "routes/api/account-visit.tsx"),
  // 表单开发 (issue #18 part 1): the rows of a chosen main row's sub-table.
  route("api/online/form-sub", "routes/api/online/form-sub.tsx"),
  // 报表配置 and the online report popup (issue #18 parts 2-3).
  route("api/online/report-details", "routes/api/online/report-details.tsx"),
  route("api/online/report-parse", "routes/api/online/report-parse.tsx"),
  route("api/widgets/report/:code", "routes/api/widgets/report.tsx"),
  route("api/widgets/report-data/:id", "routes/api/widgets/report-data.tsx"),
  layout("routes/main/layout.tsx", [
    page("dashboard/Analysis", "routes/main/dashboard-analysis.tsx"),
    page("system/UserAnnouncementList", "routes/main/user-announcements.tsx"),
    route("exception/:status", "routes/main/exception.tsx"),
    page("system/UserList", "routes/system/users.tsx"),
    page("system/SysPositionList", "routes/system/positions.tsx"),
    page("system/DepartList", "routes/system/departs.tsx"),
    page("system/SysAnnouncementList", "routes/system/announcements.tsx"),
    page("system/SysCategoryList", "routes/system/categories.tsx"),
    page("system/RoleUserList", "routes/system/roles.tsx"),
    page("system/PermissionList", "routes/system/menus.tsx"),
    page("system/DictList", "routes/system/dicts.tsx"),
    // Monitoring (issue #15 part A).
    page("system/QuartzJobList", "routes/monitor/quartz-jobs.tsx"),
    // monitor (issue #15 part B): logs, online users, monitoring, API document.
    page("system/LogList", "routes/monitor/logs.tsx"),
    page("system/OnlineUserList", "routes/monitor/online-users.tsx"),
    page("monitor/ServerInfo", "routes/monitor/server.tsx"),
    page("monitor/ApiDoc", "routes/monitor/api-doc.tsx"),
    // Billing and mail (issue #12 part B).
    page("school/ProjectList", "routes/billing/projects.tsx"),
    page("school/AllowanceList", "routes/billing/allowances.tsx"),
    page("school/BillList", "routes/billing/bills.tsx"),
    page("school/ReceivableBillList", "routes/billing/receivables.tsx"),
    page("school/AgeingReport", "routes/billing/ageing.tsx"),
    page("school/Statement", "routes/billing/statement.tsx"),
    page("school/PaymentList", "routes/billing/payments.tsx"),
    page("school/ReceiptList", "routes/billing/receipts.tsx"),
    page("school/VoucherList", "routes/billing/vouchers.tsx"),
    page("school/WechatTradeList", "routes/billing/wechat-trades.tsx"),
    page("school/MailList", "routes/communication/mail.tsx"),
    // Messages and their templates (issue #13 part 5).
    page("school/MessageList", "routes/communication/messages.tsx"),
    // 群发 and a 群发's detail (issue #29 item 4).
    page("school/Compose", "routes/communication/compose.tsx"),
    route("communication/compose/detail", "routes/communication/compose-detail.tsx"),
    page("system/SysMessageTemplateList", "routes/system/message-templates.tsx"),
    // People and fill rules (issue #12 A).
    page("system/SysFillRuleList", "routes/system/fill-rules.tsx"),
    // The remaining system pages (issue #16).
    page("system/TenantList", "routes/system/tenants.tsx"),
    page("system/SysCheckRuleList", "routes/system/check-rules.tsx"),
    page("system/PermissionDataRuleList", "routes/system/data-rules.tsx"),
    page("system/OSSFileList", "routes/system/oss-files.tsx"),
    page("system/SysDataSourceList", "routes/system/data-sources.tsx"),
    page("system/SysGatewayRouteList", "routes/system/gateway-routes.tsx"),
    page("system/SysAccessRuleList", "routes/system/access-rules.tsx"),
    page("school/StudentList", "routes/people/students.tsx"),
    page("school/ParentList", "routes/people/parents.tsx"),
    page("school/CorporationList", "routes/people/corporations.tsx"),
    page("school/TeacherList", "routes/people/teachers.tsx"),
    // 班级管理 and 学年 (issue #29 items 1-2).
    page("school/ClassList", "routes/people/classes.tsx"),
    page("school/SchoolYearList", "routes/people/school-years.tsx"),
    // 地址 (issue #14 item 6).
    page("school/AddressList", "routes/shop/addresses.tsx"),
    // Activities and the shop (issue #14).
    page("school/ActivityList", "routes/activity/activities.tsx"),
    page("school/SignupList", "routes/activity/signups.tsx"),
    // 出勤 of one activity, opened from 活动 (docs/decisions/162).
    route("activity/attendance", "routes/activity/attendance.tsx"),
    // A community activity's 出勤: the same page on the community's menu (decision 168).
    route("activity/community/attendance", "routes/activity/attendance.tsx", { id: "community-attendance" }),
    page("school/CommunityActivityList", "routes/activity/community.tsx"),
    page("school/ThirdPartyActivityList", "routes/activity/third-party.tsx"),
    page("school/CommodityList", "routes/shop/commodities.tsx"),
    page("school/ShoppingCartList", "routes/shop/cart.tsx"),
    page("school/OrderList", "routes/shop/orders.tsx"),
    // 组件示例 (issue #11).
    page("demo/GridDemo", "routes/demo/grid.tsx"),
    page("demo/WidgetsDemo", "routes/demo/widgets.tsx"),
    page("demo/EditorsDemo", "routes/demo/editors.tsx"),
    // 绑定 on its own page until the account settings mount it (issue #17 part 2).
    route("account/bindings", "routes/account/bindings.tsx"),
    // The account centre and the dashboards besides 首页 (issue #17 parts 7-8).
    route("account/center", "routes/account/center.tsx"),
    route("account/settings/:tab?", "routes/account/settings.tsx"),
    page("dashboard/Workplace", "routes/dashboard/workplace.tsx"),
    page("dashboard/Chart", "routes/dashboard/chart.tsx"),
    page("dashboard/Task", "routes/dashboard/task.tsx"),
    page("dashboard/Monitor", "routes/dashboard/monitor.tsx"),
    route("test/home", "routes/test/home.tsx"),
    // 表单开发 and the generated pages of online forms (issue #18 part 1).
    page("modules/online/cgform/OnlCgformHeadList", "routes/online/form-heads.tsx"),
    route("online/cgformList/:code", "routes/online/form-list.tsx"),
    // 报表配置 and a report's own page (issue #18 part 2).
    page("modules/online/cgreport/OnlCgreportHeadList", "routes/online/report-heads.tsx"),
    route("online/cgreport/:id", "routes/online/report.tsx"),
    route("*", "routes/main/menu-page.tsx"),
  ]),
] satisfies RouteConfig;
