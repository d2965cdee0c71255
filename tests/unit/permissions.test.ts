// Button-permission rules of docs/spec/app-shell.md §6 and docs/spec/api-contract.md §4, one test per rule.
import { describe, expect, it } from "vitest";
import { PlatformOwnedKinds, type AuthEntry } from "#contract/permission";
import {
  excludedActions,
  hasButton,
  isButtonDisabled,
  isButtonShown,
  isButtonVisible,
  isToolbarActionHidden,
  splitActions,
  toolbarButtons,
  toolbarPermissionCode,
} from "~/lib/permissions";

/** A user's own entry (auth carries no status). */
const grant = (action: string, type = "1"): AuthEntry => ({ action, type, describe: action });
/** An allAuth rule. */
const rule = (action: string, type = "1", status = "1"): AuthEntry => ({ action, type, status, describe: action });

describe("splitActions", () => {
  it("splits comma-separated actions and trims them", () => {
    expect(splitActions(" user:add, user:edit ,,user:delete")).toEqual(["user:add", "user:edit", "user:delete"]);
  });
  it("gives no codes for an empty or missing action", () => {
    expect(splitActions("")).toEqual([]);
    expect(splitActions(null)).toEqual([]);
    expect(splitActions(undefined)).toEqual([]);
  });
});

describe("has-check (v-has)", () => {
  it("keeps a button whose rule is inactive (status 0) for everyone", () => {
    expect(isButtonVisible("user:add", [], [rule("user:add", "1", "0")])).toBe(true);
  });
  it("keeps a button the user is granted with type 1", () => {
    expect(isButtonVisible("user:add", [grant("user:add")], [rule("user:add")])).toBe(true);
  });
  it("keeps a button the user is granted with any type other than 2", () => {
    expect(isButtonVisible("user:add", [grant("user:add", "3")], [rule("user:add", "3")])).toBe(true);
  });
  it("removes a button whose active type-1 rule the user is not granted", () => {
    expect(isButtonVisible("user:add", [grant("user:edit")], [rule("user:add"), rule("user:edit")])).toBe(false);
  });
  it("removes a button whose code is unknown to both lists", () => {
    expect(isButtonVisible("user:unknown", [grant("user:add")], [rule("user:add")])).toBe(false);
  });
  it("removes everything for a user with no permissions unless the rule is inactive", () => {
    expect(isButtonVisible("user:add", [], [rule("user:add")])).toBe(false);
    expect(isButtonVisible("user:edit", [], [rule("user:edit", "1", "0")])).toBe(true);
  });
  it("removes a button with an empty code", () => {
    expect(isButtonVisible("  ", [grant("")], [rule("", "1", "0")])).toBe(false);
  });
  it("matches a code inside a comma-separated granted action", () => {
    expect(isButtonVisible("user:edit", [grant("user:add,user:edit")], [rule("user:add,user:edit")])).toBe(true);
  });
  it("matches a code inside a comma-separated inactive rule", () => {
    expect(isButtonVisible("user:edit", [], [rule("user:add, user:edit", "1", "0")])).toBe(true);
  });
  it("does not match a code that is only a prefix of a granted one", () => {
    expect(isButtonVisible("user:add", [grant("user:addAll")], [rule("user:addAll")])).toBe(false);
  });
  it("leaves a type-2 code shown, for the disable filter to decide", () => {
    expect(isButtonVisible("user:edit", [], [rule("user:edit", "2")])).toBe(true);
    expect(isButtonVisible("user:edit", [grant("user:edit", "2")], [rule("user:edit", "2")])).toBe(true);
  });
});

describe("disable filter (type 2)", () => {
  it("disables a button whose active type-2 rule the user is not granted", () => {
    expect(isButtonDisabled("user:edit", [grant("user:add")], [rule("user:edit", "2")])).toBe(true);
  });
  it("enables a type-2 button the user's own list grants (the user's entry governs)", () => {
    expect(isButtonDisabled("user:edit", [grant("user:edit", "2")], [rule("user:edit", "2")])).toBe(false);
  });
  it("never disables when the type-2 rule is inactive (status 0)", () => {
    expect(isButtonDisabled("user:edit", [], [rule("user:edit", "2", "0")])).toBe(false);
  });
  it("never disables a code without a type-2 rule", () => {
    expect(isButtonDisabled("user:add", [], [rule("user:add")])).toBe(false);
    expect(isButtonDisabled("user:unknown", [], [])).toBe(false);
  });
  it("ignores a type-1 grant when the rule is type 2", () => {
    expect(isButtonDisabled("user:edit", [grant("user:edit", "1")], [rule("user:edit", "2")])).toBe(true);
  });
  it("matches comma-separated type-2 rules and grants", () => {
    const allAuth = [rule("user:edit,user:reset", "2")];
    expect(isButtonDisabled("user:reset", [], allAuth)).toBe(true);
    expect(isButtonDisabled("user:reset", [grant("user:reset, user:edit", "2")], allAuth)).toBe(false);
  });
});

describe("hasButton (may the user use it)", () => {
  it("allows a granted type-1 button and an inactive rule", () => {
    expect(hasButton("user:add", [grant("user:add")], [rule("user:add")])).toBe(true);
    expect(hasButton("user:add", [], [rule("user:add", "1", "0")])).toBe(true);
  });
  it("refuses a hidden button and a disabled one", () => {
    expect(hasButton("user:add", [], [rule("user:add")])).toBe(false);
    expect(hasButton("user:edit", [], [rule("user:edit", "2")])).toBe(false);
  });
  it("allows a type-2 button the user's own list grants", () => {
    expect(hasButton("user:edit", [grant("user:edit", "2")], [rule("user:edit", "2")])).toBe(true);
  });
});

describe("menu-level check (type 1)", () => {
  const allAuth = [
    rule("user:add"),
    rule("user:edit"),
    rule("user:batch_delete"),
    rule("user:export", "1", "0"),
    rule("user:freeze", "2"),
    rule("role:add"),
  ];
  it("returns the enabled type-1 suffixes after the prefix that the user is not granted", () => {
    expect(excludedActions("user", [grant("user:add")], allAuth)).toEqual(["edit", "batch_delete"]);
  });
  it("skips inactive (status 0) and type-2 rules", () => {
    expect(excludedActions("user", [], allAuth)).not.toContain("export");
    expect(excludedActions("user", [], allAuth)).not.toContain("freeze");
  });
  it("only looks at actions under the prefix followed by a colon", () => {
    expect(excludedActions("use", [], allAuth)).toEqual([]);
    expect(excludedActions("role", [], allAuth)).toEqual(["add"]);
  });
  it("accepts the prefix with its trailing colon", () => {
    expect(excludedActions("user:", [grant("user:add")], allAuth)).toEqual(["edit", "batch_delete"]);
  });
  it("returns nothing for an empty prefix", () => {
    expect(excludedActions("", [], allAuth)).toEqual([]);
  });
  it("splits comma-separated rules and grants", () => {
    const combined = [rule("dept:add,dept:edit, dept:delete")];
    expect(excludedActions("dept", [grant("dept:edit,dept:delete")], combined)).toEqual(["add"]);
  });
  it("does not count a type-2 grant as granting a type-1 rule", () => {
    expect(excludedActions("role", [grant("role:add", "2")], allAuth)).toEqual(["add"]);
  });
  it("returns each suffix once", () => {
    expect(excludedActions("user", [], [rule("user:add"), rule("user:add,user:edit")])).toEqual(["add", "edit"]);
  });
});

describe("toolbars", () => {
  it("hides a button whose permission code is excluded", () => {
    expect(isToolbarActionHidden("add", ["add"])).toBe(true);
    expect(isToolbarActionHidden("add", ["edit"])).toBe(false);
  });
  it("hides remove when batch_delete is excluded", () => {
    expect(toolbarPermissionCode("remove")).toBe("batch_delete");
    expect(isToolbarActionHidden("remove", ["batch_delete"])).toBe(true);
    expect(isToolbarActionHidden("remove", ["add"])).toBe(false);
  });
  it("maps each toolbar action to whether it is shown for a prefix", () => {
    const allAuth = [rule("user:add"), rule("user:batch_delete"), rule("user:export")];
    expect(toolbarButtons("user", [grant("user:export")], allAuth, ["add", "remove", "export", "clearSelection"])).toEqual({
      add: false,
      remove: false,
      export: true,
      clearSelection: true,
    });
  });
});

describe("buttons of the platform's kinds (docs/decisions/150)", () => {
  const everyButton = Object.values(PlatformOwnedKinds).flatMap((kind) => kind.buttons);
  it("are shown to a platform administrator who holds them, hidden from a school's administrator who holds them too", () => {
    for (const code of ["fillRule:add", "permission:edit", "dict:delete", "online:cgform:db_sync", "online:cgform:add_menu", "onlCgreport:menu"]) {
      expect(everyButton).toContain(code);
      expect(isButtonShown(code, [grant(code)], [rule(code)], true)).toBe(true);
      expect(isButtonShown(code, [grant(code)], [rule(code)], false)).toBe(false);
      // Even a rule made inactive (shown to everyone) does not show it.
      expect(isButtonShown(code, [grant(code)], [rule(code, "1", "0")], false)).toBe(false);
    }
  });
  it("leave a school's own kinds and readings alone", () => {
    for (const code of ["onlCgreport:add", "onlCgreport:edit", "dict:refresh", "user:add", "role:authorize"]) {
      expect(isButtonShown(code, [grant(code)], [rule(code)], false)).toBe(true);
    }
    expect(isButtonShown("user:add", [], [rule("user:add")], true)).toBe(false);
  });
  it("are excluded from a school administrator's toolbars", () => {
    const granted = ["fillRule:add", "fillRule:batch_delete", "fillRule:export"];
    expect(excludedActions("fillRule", granted.map((code) => grant(code)), granted.map((code) => rule(code)), false).sort()).toEqual(["add", "batch_delete"]);
    expect(excludedActions("fillRule", granted.map((code) => grant(code)), granted.map((code) => rule(code)), true)).toEqual([]);
  });
});
