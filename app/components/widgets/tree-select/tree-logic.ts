// Pure rules of the tree selects (docs/spec/widgets.md §2 "tree select by dictionary table, category
// tree select", §3 "Tree dictionary node", "Category node", §5 "Tree selects", §9 tree dropdown
// 400 px). Unit-tested in tests/unit/widget-tree-select.test.ts.

/** A node in antd's TreeSelect shape; `value` is the stored key. */
export interface TreeOption {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: TreeOption[];
}

/** docs/spec/widgets.md §5 "Tree selects". */
export const TREE_CONDITION_ERROR = "JTreeSelect-condition value wrong, needs a json string";
export const CATEGORY_CONDITION_ERROR = "组件JTreeSelect-condition传值有误，需要一个json字符串!";
/** contract §7: a table dictionary with fewer than three parts. */
export const TREE_DICT_FORMAT_ERROR = "字典Code格式不正确！";

/** docs/spec/widgets.md §9: tree dropdown maximum height 400 px. */
export const TREE_POPUP_MAX_HEIGHT = 400;

/** docs/spec/api-contract.md §5: the root pid of the category table. */
export const CATEGORY_ROOT_PCODE = "0";

/** The condition must be empty or a JSON object string, else `message`. */
export function conditionProblem(condition: string | null | undefined, message: string): string | null {
  if (!condition || condition.trim() === "") return null;
  try {
    const parsed = JSON.parse(condition) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? null : message;
  } catch {
    return message;
  }
}

export interface TableDict {
  tableName: string;
  text: string;
  code: string;
}

/** `table,text,code` → its parts; null when a part is missing. */
export function parseTableDict(dict: string | null | undefined): TableDict | null {
  const [tableName = "", text = "", code = ""] = (dict ?? "").split(",").map((part) => part.trim());
  return tableName && text && code ? { tableName, text, code } : null;
}

/** A node as the tree endpoints send it: loadTreeData `{key,title,leaf}`, category, departments. */
export interface RawTreeNode {
  [field: string]: unknown;
  children?: readonly RawTreeNode[] | null;
}

function truthy(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === "1" || flag === "true";
}

function text(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

/**
 * Wire nodes to options: key from key/id/value, title from title/name; a leaf when `leaf` (or
 * `isLeaf`) says so (contract §7: "the client copies value=key and isLeaf=leaf").
 */
export function toTreeOptions(nodes: readonly RawTreeNode[] | null | undefined): TreeOption[] {
  const options: TreeOption[] = [];
  for (const node of nodes ?? []) {
    const key = text(node.key ?? node.id ?? node.value);
    if (key === "") continue;
    const children = Array.isArray(node.children) && node.children.length > 0 ? toTreeOptions(node.children) : undefined;
    const leafFlag = node.leaf ?? node.isLeaf;
    const option: TreeOption = {
      key,
      value: key,
      title: text(node.title ?? node.name ?? node.departName ?? key),
      isLeaf: children ? false : truthy(leafFlag),
    };
    if (children) option.children = children;
    options.push(option);
  }
  return options;
}

/**
 * The tree with `children` hung under `parentKey`; a node that turns out to have none becomes a
 * leaf (docs/spec/widgets.md §4 "Tree table": "if none come back the children are removed").
 */
export function attachChildren(tree: readonly TreeOption[], parentKey: string, children: readonly TreeOption[]): TreeOption[] {
  return tree.map((node) => {
    if (node.key === parentKey) {
      if (children.length === 0) {
        const { children: _dropped, ...leaf } = node;
        return { ...leaf, isLeaf: true };
      }
      return { ...node, isLeaf: false, children: [...children] };
    }
    return node.children ? { ...node, children: attachChildren(node.children, parentKey, children) } : node;
  });
}

/** The titles the loaded tree knows for the given keys. */
export function knownTitles(tree: readonly TreeOption[], keys: readonly string[]): Record<string, string> {
  const wanted = new Set(keys);
  const titles: Record<string, string> = {};
  const walk = (nodes: readonly TreeOption[]) => {
    for (const node of nodes) {
      if (wanted.has(node.key)) titles[node.key] = node.title;
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return titles;
}

/** The values in antd's `labelInValue` shape, labelled with what is known (else the value). */
export function labelledValues(keys: readonly string[], titles: Readonly<Record<string, string>>): { value: string; label: string }[] {
  return keys.map((key) => ({ value: key, label: titles[key] ?? key }));
}

/** Titles from a text lookup answered in key order (loadDictItem, category loadDictItem). */
export function titlesFromTexts(keys: readonly string[], texts: readonly string[]): Record<string, string> {
  const titles: Record<string, string> = {};
  keys.forEach((key, index) => {
    const title = texts[index];
    if (title) titles[key] = title;
  });
  return titles;
}
