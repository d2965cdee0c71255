// `<field>_dictText` of list records (api-contract.md §1 "Dictionary translation"): for every
// field with a dictCode, plain (`sex`) or table (`sys_position,name,code`, allow-listed), each
// comma-separated value is translated on its own and the texts are joined with `,`; a value with
// no match stays itself. One query per dictionary per page, never one per row.
import type { EntityDefinition } from "./entity";
import type { ListRecord } from "./page";
import type { CrudContext, Executor } from "./context";
import { databaseExecutor } from "./context";
import { isTableDictCode, parseTableDictCode, tableDictItems } from "./table-dict";

export const DICT_TEXT_SUFFIX = "_dictText";

/** Splits a stored value into its codes: `"1,2"` → ["1", "2"]. */
export function dictKeys(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return String(value)
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** The text of a stored value with `texts` (code → text); unknown codes stay as they are. */
export function translateValue(value: unknown, texts: ReadonlyMap<string, string>): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  if (text.trim() === "") return text;
  return text
    .split(",")
    .map((part) => texts.get(part.trim()) ?? part)
    .join(",");
}

/** Adds `<field>_dictText` to every record, in place. */
export async function addDictText(
  context: Pick<CrudContext, "services" | "tenantId">,
  entity: EntityDefinition,
  records: ListRecord[],
  executor: Executor = databaseExecutor(context.services.db),
): Promise<void> {
  if (records.length === 0) return;
  for (const field of entity.fields) {
    if (!field.dictCode || field.secret) continue;
    const texts = await dictTexts(context, field.dictCode, records.flatMap((record) => dictKeys(record[field.property])), executor);
    for (const record of records) record[`${field.property}${DICT_TEXT_SUFFIX}`] = translateValue(record[field.property], texts);
  }
}

async function dictTexts(
  context: Pick<CrudContext, "services" | "tenantId">,
  dictCode: string,
  keys: string[],
  executor: Executor,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (keys.length === 0) return texts;
  if (isTableDictCode(dictCode)) {
    const items = await tableDictItems(executor, parseTableDictCode(dictCode), context.tenantId, { keys: [...new Set(keys)] });
    for (const item of items) if (!texts.has(item.value)) texts.set(item.value, item.text);
    return texts;
  }
  for (const item of await context.services.dictionaries.items(dictCode)) if (!texts.has(item.value)) texts.set(item.value, item.text);
  return texts;
}
