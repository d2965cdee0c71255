import { describe, expect, it } from "vitest";
import { pageModules, type ManifestRoute } from "~/lib/prefetch-page-modules";

// The shape of React Router's browser manifest once the layout, 首页 and the students list are known.
const routes: Record<string, ManifestRoute> = {
  root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/client.js"] },
  "routes/main/layout": { id: "routes/main/layout", parentId: "root", module: "/assets/layout.js", imports: ["/assets/client.js", "/assets/antd.js"] },
  "routes/main/dashboard-analysis": { id: "routes/main/dashboard-analysis", parentId: "routes/main/layout", path: "dashboard/analysis", module: "/assets/dashboard.js" },
  "routes/people/students": {
    id: "routes/people/students",
    parentId: "routes/main/layout",
    path: "school/student",
    module: "/assets/students.js",
    imports: ["/assets/antd.js", "/assets/module-list-page.js"],
  },
};

describe("pageModules", () => {
  it("lists a page's route modules and their imports from the root down, each once", () => {
    expect(pageModules(routes, "/school/student")).toEqual([
      "/assets/root.js",
      "/assets/client.js",
      "/assets/layout.js",
      "/assets/antd.js",
      "/assets/students.js",
      "/assets/module-list-page.js",
    ]);
  });

  it("answers null for a page whose route is not discovered yet, even when the layout's splat would take it", () => {
    expect(pageModules(routes, "/billing/payment")).toBeNull();
    const withSplat = { ...routes, "routes/main/menu-page": { id: "routes/main/menu-page", parentId: "routes/main/layout", path: "*", module: "/assets/menu-page.js" } };
    expect(pageModules(withSplat, "/billing/payment")).toBeNull();
    expect(pageModules(withSplat, "/school/student")).toContain("/assets/students.js");
  });
});
