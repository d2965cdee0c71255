// The menu paths of the pages no module owns (system administration, monitoring, the demos), declared
// once here and part of PAGES (contract/pages.ts, docs/decisions/181). Apart from PAGES, which imports
// every module definition and with them their zod schemas: a page's browser code reads its own path
// from here without pulling those into its first paint (tests/e2e/page-load.test.ts).
export const PAGES_WITHOUT_MODULE = {
  "system/UserList": "/isystem/user",
  "system/DepartList": "/isystem/depart",
  "system/PermissionList": "/isystem/permission",
  "system/DictList": "/isystem/dict",
  "system/SysCategoryList": "/isystem/category",
  "system/SysAnnouncementList": "/isystem/annountCement",
  "system/QuartzJobList": "/monitor/quartzJob",
  "system/LogList": "/monitor/log",
  "system/OnlineUserList": "/monitor/onlineUser",
  "monitor/ServerInfo": "/monitor/server",
  "monitor/ApiDoc": "/monitor/apiDoc",
  "demo/GridDemo": "/demo/grid",
  "demo/WidgetsDemo": "/demo/widgets",
  "demo/EditorsDemo": "/demo/editors",
} as const satisfies Record<string, string>;
