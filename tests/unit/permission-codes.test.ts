// Typed permission codes (issue #28 item 4, docs/decisions/181): the seed menu's buttons are all
// PermissionCodes (contract/permission-codes.ts), and every code an endpoint asks for is a button of
// the seed menu, so an administrator can grant it in 角色管理 → 授权. A code outside the type fails
// typecheck (the @ts-expect-error lines below).
import { describe, expect, it } from "vitest";
import { allEndpoints } from "../../backend/endpoints";
import type { Access } from "../../backend/http/endpoint";
import { menuTree } from "../../backend/seed/data/menu";
import type { MenuSeed } from "../../backend/seed/types";
import { isPermissionCode, OTHER_PERMISSION_CODES, PERMISSION_MODULES, type PermissionCode } from "#contract/permission-codes";
import { splitActions } from "~/lib/permissions";

function seededButtons(menus: readonly MenuSeed[]): string[] {
  return menus.flatMap((menu) => [...(menu.buttons ?? []).flatMap((button) => splitActions(button.perms)), ...seededButtons(menu.children ?? [])]);
}

const seeded = new Set(seededButtons(menuTree));
const asked = [...new Set(allEndpoints.map((definition) => definition.access))].filter((access) => access !== "public" && access !== "user" && !access.startsWith("menu:"));

describe("permission codes", () => {
  it("are every button the seed menu grants", () => {
    expect(seeded.size).toBeGreaterThan(250);
    expect([...seeded].filter((code) => !isPermissionCode(code))).toEqual([]);
  });

  it("asked by an endpoint are buttons of the seed menu, to be granted in 角色管理 → 授权", () => {
    expect(asked).toContain("bill:generate");
    expect(asked).toContain("student:add");
    expect(asked.filter((code) => !seeded.has(code))).toEqual([]);
  });

  it("of a page's own workflows are each a button of the seed menu (the list holds no dead code)", () => {
    expect(OTHER_PERMISSION_CODES.filter((code) => !seeded.has(code))).toEqual([]);
  });

  it("include the full view of each module's personal data, seeded for every module that has some", () => {
    const sensitive = PERMISSION_MODULES.filter((module) => Object.values(module.fields).some((field) => "sensitive" in field && field.sensitive));
    expect(sensitive.map((module) => module.permissionPrefix)).toContain("student");
    expect(sensitive.map((module) => `${module.permissionPrefix}:viewSensitive`).filter((code) => !seeded.has(code))).toEqual([]);
  });

  it("take an online form's buttons and refuse other strings", () => {
    expect(isPermissionCode("online:demo_order:edit")).toBe(true);
    expect(isPermissionCode("online:demo_order:db_sync")).toBe(false);
    expect(isPermissionCode("bill:generat")).toBe(false);
    expect(isPermissionCode("nobody:add")).toBe(false);
    expect(isPermissionCode("add")).toBe(false);
  });

  it("are the only strings an endpoint's access or a button's code takes besides public, user and menu:", () => {
    const fine: Access[] = ["public", "user", "menu:/billing/bill", "bill:generate", "student:viewSensitive", "online:demo_order:add"];
    // @ts-expect-error a typo of bill:generate
    const typo: Access = "bill:generat";
    // @ts-expect-error a prefix no module or page declares
    const unknown: PermissionCode = "nobody:add";
    expect([...fine, typo, unknown].filter((code) => isPermissionCode(code))).toEqual(["bill:generate", "student:viewSensitive", "online:demo_order:add"]);
  });
});
