// Option lists that forms and search bars show: dictionaries, cached on this web server for five
// minutes and dropped by 清理缓存 / 刷新缓存. (Rows of other tables come through the pickers.)
import { z } from "zod";
import type { BackendClient } from "./api.server";
import type { FieldOption } from "~/components/widgets/list/types";

const DICT_TTL_MS = 5 * 60 * 1000;
// One cache per app context (one in a running server; tests run several, one per backend).
const dictCaches = new WeakMap<BackendClient["app"], Map<string, { options: FieldOption[]; loadedAt: number }>>();

function dictCacheOf(api: BackendClient): Map<string, { options: FieldOption[]; loadedAt: number }> {
  let cache = dictCaches.get(api.app);
  if (!cache) dictCaches.set(api.app, (cache = new Map()));
  return cache;
}
const dictItemsSchema = z.array(z.object({ value: z.coerce.string(), text: z.coerce.string().nullish(), title: z.string().nullish() }).passthrough());

export async function dictOptions(api: BackendClient, code: string): Promise<FieldOption[]> {
  // A table dictionary (`table,text,code`) lists rows that change all day: never cached.
  const cacheable = !code.includes(",");
  const dictCache = dictCacheOf(api);
  const cached = cacheable ? dictCache.get(code) : undefined;
  if (cached && Date.now() - cached.loadedAt < DICT_TTL_MS) return cached.options;
  const { result } = await api.get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, dictItemsSchema);
  const options = result.map((item) => ({ value: item.value, label: item.text ?? item.title ?? item.value }));
  if (cacheable) dictCache.set(code, { options, loadedAt: Date.now() });
  return options;
}

/** The options of several dictionaries at once, by code (a module page's form and search). */
export async function dictOptionsByCode(api: BackendClient, codes: readonly string[]): Promise<Record<string, FieldOption[]>> {
  return Object.fromEntries(await Promise.all(codes.map(async (code) => [code, await dictOptions(api, code)] as const)));
}

export function clearDictOptions(api: BackendClient): void {
  dictCacheOf(api).clear();
}
