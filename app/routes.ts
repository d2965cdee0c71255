import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// spec/app-shell.md §2. Menu pages are matched by the main layout's splat and resolved against
// the user's server menu.
export default [
  index("routes/home-redirect.tsx"),
  route("user", "routes/user/layout.tsx", [
    index("routes/user/index.tsx"),
    route("login", "routes/user/login.tsx"),
  ]),
  route("user/logout", "routes/user/logout.tsx"),
  route("api/account/password", "routes/api/account-password.tsx"),
  route("api/account/departs", "routes/api/account-departs.tsx"),
  route("api/dict/refresh-cache", "routes/api/dict-refresh.tsx"),
  route("api/validate/:kind", "routes/api/validate.tsx"),
  route("api/system/user-relations", "routes/api/system/user-relations.tsx"),
  route("api/system/menu-check", "routes/api/system/menu-check.tsx"),
  route("api/system/dict-items", "routes/api/system/dict-items.tsx"),
  route("api/system/dict-item-check", "routes/api/system/dict-item-check.tsx"),
  route("api/notices/stream", "routes/api/notices/stream.tsx"),
  route("api/notices/list", "routes/api/notices/list.tsx"),
  route("api/notices/read", "routes/api/notices/read.tsx"),
  route("api/notices/read-all", "routes/api/notices/read-all.tsx"),
  route("api/notices/detail", "routes/api/notices/detail.tsx"),
  route("api/notices/mine", "routes/api/notices/mine.tsx"),
  route("api/widgets/dict/:code", "routes/api/widgets/dict.tsx"),
  route("api/widgets/dict-search/:code", "routes/api/widgets/dict-search.tsx"),
  route("api/widgets/dict-text/:code", "routes/api/widgets/dict-text.tsx"),
  route("api/widgets/tree", "routes/api/widgets/tree.tsx"),
  route("api/widgets/category", "routes/api/widgets/category.tsx"),
  route("api/widgets/users", "routes/api/widgets/users.tsx"),
  route("api/widgets/departs", "routes/api/widgets/departs.tsx"),
  route("api/widgets/roles", "routes/api/widgets/roles.tsx"),
  route("api/widgets/positions", "routes/api/widgets/positions.tsx"),
  layout("routes/main/layout.tsx", [
    route("dashboard/analysis", "routes/main/dashboard-analysis.tsx"),
    route("isps/userAnnouncement", "routes/main/user-announcements.tsx"),
    route("exception/:status", "routes/main/exception.tsx"),
    route("isystem/user", "routes/system/users.tsx"),
    route("isystem/permission", "routes/system/menus.tsx"),
    route("isystem/dict", "routes/system/dicts.tsx"),
    route("*", "routes/main/menu-page.tsx"),
  ]),
] satisfies RouteConfig;
