// Plain dictionaries (sys_dict + sys_dict_item), cached in memory until refreshCache.
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sysDict, sysDictItem } from "../../db/schema";

export interface DictOption {
  value: string;
  text: string;
  title: string;
}

export class DictionaryService {
  private enabledCache: Record<string, DictOption[]> | null = null;

  constructor(private readonly db: Database) {}

  /** Every dictionary's enabled items, by sort order (login's sysAllDictItems, queryAllDictItems). */
  async allEnabled(): Promise<Record<string, DictOption[]>> {
    if (this.enabledCache) return this.enabledCache;
    const rows = await this.db.orm
      .select({ code: sysDict.dictCode, value: sysDictItem.itemValue, text: sysDictItem.itemText })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1)))
      .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder), asc(sysDictItem.id));
    const all: Record<string, DictOption[]> = {};
    for (const row of rows) (all[row.code] ??= []).push({ value: row.value, text: row.text, title: row.text });
    this.enabledCache = all;
    return all;
  }

  /** One plain dictionary's items, disabled ones included as in 3.0 (contract §7); equal sort orders keep the order of creation. */
  async items(code: string): Promise<DictOption[]> {
    const rows = await this.db.orm
      .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(eq(sysDict.dictCode, code), eq(sysDict.delFlag, 0)))
      .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.id));
    return rows.map((row) => ({ value: row.value, text: row.text, title: row.text }));
  }

  clearCache(): void {
    this.enabledCache = null;
  }
}
