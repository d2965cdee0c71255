// Button permissions in the UI (docs/spec/app-shell.md §6, docs/spec/api-contract.md §4): the React form of
// the `v-has` directive plus the type-2 disable filter. The rules live in ~/lib/permissions; this
// file only carries the user's `auth` / `allAuth` (given by the main layout from its loader) down
// the tree.
import { cloneElement, createContext, isValidElement, useContext, useMemo, type ReactNode } from "react";
import type { PermissionCode, PermissionPrefix, StandardAction } from "#contract/permission-codes";
import { excludedActions, isButtonDisabled, isButtonShown, type PermissionList } from "~/lib/permissions";

interface PermissionLists {
  auth: PermissionList;
  allAuth: PermissionList;
  /** A platform administrator sees the buttons of the platform's kinds (docs/decisions/150). */
  platformAdmin: boolean;
}

const EMPTY: PermissionLists = { auth: [], allAuth: [], platformAdmin: false };

// Without a provider both lists are empty, so every coded element is hidden: failing closed is the
// safe default.
const PermissionContext = createContext<PermissionLists>(EMPTY);

export interface PermissionProviderProps {
  auth: PermissionList;
  allAuth: PermissionList;
  platformAdmin?: boolean;
  children?: ReactNode;
}

/** Supplies the user's button permissions (getUserPermissionByToken's `auth`, `allAuth` and `platformAdmin`). */
export function PermissionProvider({ auth, allAuth, platformAdmin = false, children }: PermissionProviderProps) {
  const value = useMemo(() => ({ auth, allAuth, platformAdmin }), [auth, allAuth, platformAdmin]);
  return <PermissionContext value={value}>{children}</PermissionContext>;
}

export interface PermissionChecks {
  /** The has-check: whether an element with this code is rendered at all. */
  isVisible: (code: PermissionCode) => boolean;
  /** The has-check of a standard action under a list's prefix (`student` + `add`), for the list engine. */
  isStandardVisible: (prefix: PermissionPrefix, action: StandardAction) => boolean;
  /** The type-2 filter: whether the rendered element is disabled. */
  isDisabled: (code: PermissionCode) => boolean;
  /** Action suffixes after `prefix:` to hide (menu-level check, e.g. for toolbars). */
  excluded: (prefix: string) => string[];
}

/** The permission checks bound to the current user's lists. */
export function usePermission(): PermissionChecks {
  const { auth, allAuth, platformAdmin } = useContext(PermissionContext);
  return useMemo(
    () => ({
      isVisible: (code: PermissionCode) => isButtonShown(code, auth, allAuth, platformAdmin),
      isStandardVisible: (prefix: PermissionPrefix, action: StandardAction) => isButtonShown(`${prefix}:${action}`, auth, allAuth, platformAdmin),
      isDisabled: (code: PermissionCode) => isButtonDisabled(code, auth, allAuth),
      excluded: (prefix: string) => excludedActions(prefix, auth, allAuth, platformAdmin),
    }),
    [auth, allAuth, platformAdmin],
  );
}

export interface HasPermissionProps {
  /** The button's permission code, e.g. "user:add". */
  code: PermissionCode;
  /** One element (a button) to guard; it receives `disabled` when a type-2 rule applies. */
  children?: ReactNode;
}

/**
 * Renders its child only when the has-check keeps it; when a type-2 rule disables it, the single
 * child is cloned with `disabled` ("type '2' = show disabled", api-contract §4). A disabled rule
 * over something that cannot take `disabled` (text, several children) renders nothing, so a
 * permission is never granted by accident.
 */
export function HasPermission({ code, children }: HasPermissionProps) {
  const { isVisible, isDisabled } = usePermission();
  if (!isVisible(code)) return null;
  if (!isDisabled(code)) return <>{children}</>;
  if (!isValidElement<{ disabled?: boolean }>(children)) return null;
  return cloneElement(children, { disabled: true });
}
