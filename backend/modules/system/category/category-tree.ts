// Reads of the category tree (api-contract.md §7 "Category"): TreeSelectModel nodes
// `{key:id, title:name, code, leaf, parentId}` (`leaf` is has_child != '1'), levels, subtrees and
// the lookups by code.
import { and, asc, eq, inArray, like, type SQL } from "drizzle-orm";
import { sysCategory } from "../../../db/schema";
import type { Executor } from "../../../crud/context";
import { CATEGORY_ROOT_PID } from "./category-entity";

export interface CategoryNode {
  key: string;
  value: string;
  title: string;
  code: string;
  leaf: boolean;
  parentId: string;
  icon: null;
  children: CategoryNode[] | null;
}

type CategoryRow = typeof sysCategory.$inferSelect;

export function categoryNode(row: CategoryRow): CategoryNode {
  return {
    key: row.id,
    value: row.id,
    title: row.name,
    code: row.code,
    leaf: row.hasChild !== "1",
    parentId: row.pid,
    icon: null,
    children: null,
  };
}

export async function categoryByCode(executor: Executor, code: string): Promise<CategoryRow | undefined> {
  const [row] = await executor.orm.select().from(sysCategory).where(eq(sysCategory.code, code)).limit(1);
  return row;
}

export async function categoryById(executor: Executor, id: string): Promise<CategoryRow | undefined> {
  const [row] = await executor.orm.select().from(sysCategory).where(eq(sysCategory.id, id)).limit(1);
  return row;
}

/** The children of `pid`, in code order, with extra conditions (loadTreeData's `condition`). */
export async function categoryChildren(executor: Executor, pid: string, extra: SQL[] = []): Promise<CategoryRow[]> {
  return executor.orm
    .select()
    .from(sysCategory)
    .where(and(eq(sysCategory.pid, pid), ...extra))
    .orderBy(asc(sysCategory.code));
}

/** Nodes with every level below them filled in (loadTreeRoot with async=false). */
export async function withSubtrees(executor: Executor, nodes: CategoryNode[]): Promise<CategoryNode[]> {
  let level = nodes;
  while (level.length > 0) {
    const rows = await executor.orm
      .select()
      .from(sysCategory)
      .where(inArray(sysCategory.pid, level.map((node) => node.key)))
      .orderBy(asc(sysCategory.code));
    const byParent = new Map<string, CategoryNode[]>();
    for (const row of rows) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), categoryNode(row)]);
    for (const node of level) {
      const children = byParent.get(node.key);
      node.children = children ?? null;
      if (children) node.leaf = false;
    }
    level = rows.map((row) => byParent.get(row.pid)!.find((node) => node.key === row.id)!);
  }
  return nodes;
}

/** `value=id, text=name` of the categories whose code starts with `code` (loadAllData). */
export async function categoriesUnderCode(executor: Executor, code: string) {
  const escaped = code.replace(/[\\%_]/g, (character) => `\\${character}`);
  return executor.orm
    .select({ value: sysCategory.id, text: sysCategory.name })
    .from(sysCategory)
    .where(like(sysCategory.code, `${escaped}%`))
    .orderBy(asc(sysCategory.code));
}

export { CATEGORY_ROOT_PID };
