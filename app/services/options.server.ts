// Option lists that forms and search bars show: dictionaries, cached on this web server for five
// minutes and dropped by 清理缓存 / 刷新缓存. (Rows of other tables come through the pickers.)
import { z } from "zod";
import type { BackendClient } from "./api.server";
import type { FieldOption } from "~/components/list/types";

const DICT_TTL_MS = 5 * 60 * 1000;
const dictCache = new Map<string, { options: FieldOption[]; loadedAt: number }>();
const dictItemsSchema = z.array(z.object({ value: z.coerce.string(), text: z.coerce.string().nullish(), title: z.string().nullish() }).passthrough());

export async function dictOptions(api: BackendClient, code: string): Promise<FieldOption[]> {
  const cached = dictCache.get(code);
  if (cached && Date.now() - cached.loadedAt < DICT_TTL_MS) return cached.options;
  const { result } = await api.get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, dictItemsSchema);
  const options = result.map((item) => ({ value: item.value, label: item.text ?? item.title ?? item.value }));
  dictCache.set(code, { options, loadedAt: Date.now() });
  return options;
}

export function clearDictOptions(): void {
  dictCache.clear();
}
