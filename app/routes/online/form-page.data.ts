// The page of an online form (issue #18 part 1): the module page (app/components/widgets/list/module-page.ts)
// of the definition the backend's 同步数据库 last gave the form, on the generic endpoints. The same
// derivation as 职务管理's page; only the URLs and the tree's / sub-table's link fields are added.
import { z } from "zod";
import { MAIN_ID_COLUMN, onlineFormDefaults, onlineFormModule, onlineFormPermissionPrefix, onlineFormUrls, propertyOf, TableType, TREE_PARENT_COLUMN, type OnlineFormDefinition } from "#contract/modules/online-form";
import { modulePage } from "~/components/widgets/list/module-page";

export const SUB_LIST_ROUTE = "/api/online/form-sub";
export const PARENT_PROPERTY = propertyOf(TREE_PARENT_COLUMN);
export const MAIN_ID_PROPERTY = propertyOf(MAIN_ID_COLUMN);

/** The list engine's page of a form (a sub-table's buttons are its main table's). */
export function onlineFormPage(definition: OnlineFormDefinition, owner = definition.mainTable ?? definition.code) {
  const derived = modulePage(onlineFormModule(definition, owner));
  const links: Record<string, z.ZodType<string | undefined>> = {};
  if (definition.isTree) links[PARENT_PROPERTY] = z.string().optional();
  if (definition.tableType === TableType.sub) links[MAIN_ID_PROPERTY] = z.string().optional();
  // A row keeps its parent and its main row; only an add names them.
  const extended = derived.extendForm(links, (values, id) => {
    const sent = values as Record<string, unknown>;
    return id ? Object.fromEntries(Object.entries(sent).filter(([property]) => property !== PARENT_PROPERTY && property !== MAIN_ID_PROPERTY)) : sent;
  });
  return {
    ...extended,
    permissionPrefix: onlineFormPermissionPrefix(owner),
    defaults: onlineFormDefaults(definition),
    list: { ...extended.list, url: onlineFormUrls(definition.code) },
  };
}

export type OnlineFormPage = ReturnType<typeof onlineFormPage>;

/** Every dictionary the form and its sub-tables choose from. */
export function onlineDictCodes(definition: OnlineFormDefinition): string[] {
  const all = [definition, ...(definition.subTables ?? [])].flatMap((form) => onlineFormPage(form, definition.code).dictCodes);
  return [...new Set(all)];
}
