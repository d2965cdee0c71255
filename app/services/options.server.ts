// Option lists that forms and search bars show: dictionaries (cached on this web server for five
// minutes and dropped by 清理缓存), and the rows of small tables (roles, departments, positions).
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

const rowsSchema = z.array(z.record(z.string(), z.unknown()));
const pageOrRows = z.union([z.object({ records: rowsSchema }).transform((page) => page.records), rowsSchema]);

/** Rows of a small list endpoint as options (`pageSize` large enough for a school's roles, positions…). */
export async function rowOptions(api: BackendClient, path: string, value: string, label: string, query: Record<string, string> = {}): Promise<FieldOption[]> {
  const { result } = await api.get(path, pageOrRows, { pageSize: "1000", ...query });
  return result.map((row) => ({ value: String(row[value] ?? ""), label: String(row[label] ?? row[value] ?? "") }));
}

interface TreeNode {
  key?: unknown;
  id?: unknown;
  title?: unknown;
  departName?: unknown;
  children?: TreeNode[] | null;
}
const treeSchema = z.array(z.record(z.string(), z.unknown()));

/** A department tree flattened into indented options. */
export async function departOptions(api: BackendClient): Promise<FieldOption[]> {
  const { result } = await api.get("/sys/sysDepart/queryTreeList", treeSchema);
  const options: FieldOption[] = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      options.push({ value: String(node.key ?? node.id ?? ""), label: `${"　".repeat(depth)}${String(node.title ?? node.departName ?? "")}` });
      if (node.children?.length) walk(node.children, depth + 1);
    }
  };
  walk(result as TreeNode[], 0);
  return options;
}
