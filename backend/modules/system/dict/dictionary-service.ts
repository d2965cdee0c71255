// Plain dictionaries (sys_dict + sys_dict_item), cached in memory until refreshCache or a change
// through 数据字典 on this instance; other instances of a scaled-out backend see a change within
// a minute (CACHE_TTL_MS).
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { sysDict, sysDictItem } from "../../../db/schema";

export interface DictOption {
  value: string;
  text: string;
  title: string;
}

const CACHE_TTL_MS = 60_000;

export class DictionaryService {
  private enabledCache: { all: Record<string, DictOption[]>; at: number } | null = null;
  /** Per dictionary code: every list with a dictionary column translates through these. */
  private readonly itemsCache = new Map<string, { items: DictOption[]; at: number }>();

  constructor(private readonly db: Database) {}

  /** Every dictionary's enabled items, by sort order (login's sysAllDictItems, queryAllDictItems). */
  async allEnabled(): Promise<Record<string, DictOption[]>> {
    if (this.enabledCache && Date.now() - this.enabledCache.at < CACHE_TTL_MS) return this.enabledCache.all;
    const rows = await this.db.orm
      .select({ code: sysDict.dictCode, value: sysDictItem.itemValue, text: sysDictItem.itemText })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1)))
      .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder), asc(sysDictItem.id));
    const all: Record<string, DictOption[]> = {};
    for (const row of rows) (all[row.code] ??= []).push({ value: row.value, text: row.text, title: row.text });
    this.enabledCache = { all, at: Date.now() };
    return all;
  }

  /** One plain dictionary's items, disabled ones included as in 3.0 (contract §7); equal sort orders keep the order of creation. */
  async items(code: string): Promise<DictOption[]> {
    const cached = this.itemsCache.get(code);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.items;
    const rows = await this.db.orm
      .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(eq(sysDict.dictCode, code), eq(sysDict.delFlag, 0)))
      .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.id));
    const items = rows.map((row) => ({ value: row.value, text: row.text, title: row.text }));
    // Unknown codes are not kept: any caller could otherwise grow the map without bound.
    if (items.length > 0) this.itemsCache.set(code, { items, at: Date.now() });
    return items;
  }

  clearCache(): void {
    this.enabledCache = null;
    this.itemsCache.clear();
  }
}
