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
  layout("routes/main/layout.tsx", [
    route("dashboard/analysis", "routes/main/dashboard-analysis.tsx"),
    route("isps/userAnnouncement", "routes/main/user-announcements.tsx"),
    route("exception/:status", "routes/main/exception.tsx"),
    route("*", "routes/main/menu-page.tsx"),
  ]),
] satisfies RouteConfig;
