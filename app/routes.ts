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
  layout("routes/main/layout.tsx", [
    route("dashboard/analysis", "routes/main/dashboard-analysis.tsx"),
    route("*", "routes/main/menu-page.tsx"),
  ]),
] satisfies RouteConfig;
