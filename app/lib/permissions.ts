// Button permissions (docs/spec/app-shell.md §6, docs/spec/api-contract.md §4 "Button permissions"), kept
// pure (no React, no DOM) in the manner of Ant Design Pro's access.ts so every rule is unit-tested.
//
// Inputs: `auth` — the user's own buttons (rows with menu_type=2 and status '1' that the user's
// roles grant); `allAuth` — every button rule whatever the user (with `status`). `type` '1' means
// "hide when not granted", '2' means "show disabled when not granted"; `status` '0' means the rule
// is inactive, so the button is shown to everyone (api-contract §4).
//
// How the two texts were reconciled:
// - app-shell §6 has two bullets. The has-directive bullet ("removes an element unless its action
//   code is among the user's permissions; kept if all-auth marks that action with status '0'. Type 2
//   is treated as a button permission, other types not") is the same rule as the contract's
//   `v-has`: status '0' in allAuth keeps it, else keep only when the user's auth has the code with
//   type != '2'. That is `isButtonVisible`.
// - The contract adds "type '2' entries are handled by a separate disable filter". The first §6
//   bullet ("allowed if the user's own list has a type-2 entry; otherwise fall back to the stored
//   authorised list: status 0 ..., enabled entries ... unless the user's list has them (the user's
//   own entry governs)") describes that filter: it only looks at type-2 entries. Its wording
//   "status 0 deny" is read against contract §4 ("'0' means the rule is inactive, so the button is
//   shown to everyone"): an inactive rule never restricts, so it neither hides nor disables. An
//   enabled type-2 rule disables the button unless the user's own list has a type-2 entry for it.
//   That is `isButtonDisabled`.
// - Consequence for visibility: a code governed by a type-2 rule is never removed by the has-check
//   (otherwise "show disabled" could never happen); it is shown and the disable filter decides.
// - Codes that no rule and no grant mention are hidden, as the has-directive removes "unless its
//   action code is among the user's permissions".
// - "Comma-separated actions are split" (§6, contract "action may hold several codes"): an entry
//   whose action is "a,b" governs both "a" and "b".
// - The buttons of the platform's kinds (contract/permission.ts PlatformOwnedKinds: 新增/编辑/删除 of
//   填值规则, 校验规则, 数据字典, 分类字典, 菜单, 数据规则, 表单开发's 同步数据库 and 加入菜单, 报表's
//   生成菜单) are shown to a platform administrator only, whatever a school's roles grant: the
//   backend refuses them to anyone else (docs/decisions/144, 150). That is `isButtonShown`.
import { isPlatformOwnedButton, type AuthEntry } from "#contract/permission";

/** The fields of an auth / allAuth entry the rules read (describe is display-only). */
export type PermissionEntry = Pick<AuthEntry, "action" | "type"> & { status?: string | null };
export type PermissionList = readonly PermissionEntry[];

/** Rule types and statuses of api-contract §4. */
export const RULE_TYPE = { hide: "1", disable: "2" } as const;
export const RULE_STATUS = { inactive: "0", active: "1" } as const;

/** Toolbar actions whose permission code differs from the action name (app-shell §6 toolbars). */
const TOOLBAR_PERMISSION_CODES: Readonly<Record<string, string>> = { remove: "batch_delete" };

/**
 * Splits an entry's action into its codes: "a, b,,c" → ["a", "b", "c"]. Spec app-shell §6
 * "Comma-separated actions are split"; api-contract §4 "`action` may hold several codes separated
 * by commas".
 */
export function splitActions(action: string | null | undefined): string[] {
  return (action ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code !== "");
}

function mentions(entry: PermissionEntry, code: string): boolean {
  return splitActions(entry.action).includes(code);
}

function isDisableType(entry: PermissionEntry): boolean {
  return String(entry.type ?? RULE_TYPE.hide) === RULE_TYPE.disable;
}

function isInactive(entry: PermissionEntry): boolean {
  return String(entry.status ?? "") === RULE_STATUS.inactive;
}

/** An active (not status '0') type-2 rule of allAuth mentions the code. */
function hasActiveDisableRule(code: string, allAuth: PermissionList): boolean {
  return allAuth.some((entry) => isDisableType(entry) && !isInactive(entry) && mentions(entry, code));
}

/**
 * The has-check (app-shell §6 has-directive; api-contract §4 `v-has`): keep the element when
 * allAuth marks the code with status '0' (the rule is inactive, shown to everyone); else keep it
 * when the user's auth has the code with a type other than '2'; else hide it. Codes governed by a
 * type-2 rule are kept too and left to `isButtonDisabled` ("type '2' entries are handled by a
 * separate disable filter").
 */
export function isButtonVisible(code: string, auth: PermissionList, allAuth: PermissionList): boolean {
  const wanted = code.trim();
  if (wanted === "") return false;
  if (allAuth.some((entry) => isInactive(entry) && mentions(entry, wanted))) return true;
  if (auth.some((entry) => !isDisableType(entry) && mentions(entry, wanted))) return true;
  return hasActiveDisableRule(wanted, allAuth) || auth.some((entry) => isDisableType(entry) && mentions(entry, wanted));
}

/**
 * The has-check for this user: `isButtonVisible`, and a button of a platform-owned kind's write only
 * for a platform administrator (the same list the backend refuses them by).
 */
export function isButtonShown(code: string, auth: PermissionList, allAuth: PermissionList, platformAdmin: boolean): boolean {
  return (platformAdmin || !isPlatformOwnedButton(code)) && isButtonVisible(code, auth, allAuth);
}

/**
 * The disable filter for type-2 rules (app-shell §6 first bullet; api-contract §4 type '2' = "show
 * disabled"): disabled when allAuth has an enabled type-2 rule for the code and the user's own list
 * has no type-2 entry for it (the user's own entry governs). An inactive rule (status '0') never
 * disables, and codes without a type-2 rule are never disabled (visibility alone governs them).
 */
export function isButtonDisabled(code: string, auth: PermissionList, allAuth: PermissionList): boolean {
  const wanted = code.trim();
  if (wanted === "") return false;
  if (allAuth.some((entry) => isDisableType(entry) && isInactive(entry) && mentions(entry, wanted))) return false;
  if (!hasActiveDisableRule(wanted, allAuth)) return false;
  return !auth.some((entry) => isDisableType(entry) && mentions(entry, wanted));
}

/**
 * Whether the user may use the button at all (app-shell §6 "an action is allowed ..."): it is shown
 * by the has-check and not disabled by the type-2 filter. Useful to guard a handler, not only the
 * element.
 */
export function hasButton(code: string, auth: PermissionList, allAuth: PermissionList): boolean {
  return isButtonVisible(code, auth, allAuth) && !isButtonDisabled(code, auth, allAuth);
}

function prefixHead(prefix: string): string {
  const trimmed = prefix.trim();
  return trimmed.endsWith(":") ? trimmed : `${trimmed}:`;
}

function suffixesAfter(head: string, entries: PermissionList): string[] {
  return entries
    .flatMap((entry) => splitActions(entry.action))
    .filter((code) => code.startsWith(head) && code.length > head.length)
    .map((code) => code.slice(head.length));
}

/**
 * The menu-level check (app-shell §6 "Menu-level check (type 1) returns the action suffixes after a
 * given prefix that are enabled but not granted, i.e. items to hide"): for allAuth entries of type
 * '1' and status '1' whose action starts with `prefix + ':'`, the suffixes the user's auth does not
 * grant (with a type other than '2'). `prefix` may be given with or without its trailing colon
 * ("user" and "user:" are the same). The result has no duplicates and keeps allAuth's order.
 */
export function excludedActions(prefix: string, auth: PermissionList, allAuth: PermissionList, platformAdmin = true): string[] {
  const head = prefixHead(prefix);
  if (head === ":") return [];
  if (!platformAdmin) {
    const platformOwned = allAuth.flatMap((entry) => splitActions(entry.action)).filter((code) => code.startsWith(head) && isPlatformOwnedButton(code));
    return [...new Set([...excludedActions(prefix, auth, allAuth), ...platformOwned.map((code) => code.slice(head.length))])];
  }
  const enabled = allAuth.filter(
    (entry) => String(entry.type ?? "") === RULE_TYPE.hide && String(entry.status ?? "") === RULE_STATUS.active,
  );
  const granted = new Set(suffixesAfter(head, auth.filter((entry) => !isDisableType(entry))));
  return [...new Set(suffixesAfter(head, enabled))].filter((suffix) => !granted.has(suffix));
}

/**
 * The permission code (suffix after the prefix) a toolbar action is checked against. App-shell §6:
 * "excluding batch_delete hides remove" — the stock batch-delete permission is `batch_delete`, so
 * the toolbar's `remove` button is governed by it; other actions use their own name.
 */
export function toolbarPermissionCode(action: string): string {
  return TOOLBAR_PERMISSION_CODES[action] ?? action;
}

/**
 * App-shell §6 "Toolbars hide buttons whose permission codes (prefix plus code) are excluded":
 * `excluded` is the result of `excludedActions(prefix, …)`, i.e. suffixes after the prefix.
 */
export function isToolbarActionHidden(action: string, excluded: readonly string[]): boolean {
  return excluded.includes(toolbarPermissionCode(action));
}

/**
 * Which toolbar buttons to show for a permission prefix (app-shell §6 toolbars): a map from each
 * action to true when it is shown, e.g. `toolbarButtons("user", auth, allAuth, ["add", "remove"])`.
 */
export function toolbarButtons<Action extends string>(
  prefix: string,
  auth: PermissionList,
  allAuth: PermissionList,
  actions: readonly Action[],
): Record<Action, boolean> {
  const excluded = excludedActions(prefix, auth, allAuth);
  const shown = {} as Record<Action, boolean>;
  for (const action of actions) shown[action] = !isToolbarActionHidden(action, excluded);
  return shown;
}
