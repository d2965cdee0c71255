// The tree selects' rules (docs/spec/widgets.md §2, §3 "Tree dictionary node" and "Category node", §5
// "Tree selects", §9 tree dropdown 400 px; contract §7 loadTreeData).
import { describe, expect, it } from "vitest";
import {
  attachChildren,
  CATEGORY_CONDITION_ERROR,
  conditionProblem,
  knownTitles,
  labelledValues,
  parseTableDict,
  titlesFromTexts,
  toTreeOptions,
  TREE_CONDITION_ERROR,
  TREE_POPUP_MAX_HEIGHT,
  type TreeOption,
} from "~/components/widgets/tree-select/tree-logic";

describe("tree select condition", () => {
  it("accepts no condition or a JSON object string", () => {
    expect(conditionProblem(undefined, TREE_CONDITION_ERROR)).toBeNull();
    expect(conditionProblem("", TREE_CONDITION_ERROR)).toBeNull();
    expect(conditionProblem('{"status":"1"}', TREE_CONDITION_ERROR)).toBeNull();
    expect(conditionProblem("{}", TREE_CONDITION_ERROR)).toBeNull();
  });

  it("refuses anything else with the widget's own message", () => {
    expect(TREE_CONDITION_ERROR).toBe("JTreeSelect-condition value wrong, needs a json string");
    expect(CATEGORY_CONDITION_ERROR).toBe("组件JTreeSelect-condition传值有误，需要一个json字符串!");
    for (const condition of ["status=1", '"text"', "42", "null", "[1,2]", "{status:1}"]) {
      expect(conditionProblem(condition, TREE_CONDITION_ERROR)).toBe(TREE_CONDITION_ERROR);
      expect(conditionProblem(condition, CATEGORY_CONDITION_ERROR)).toBe(CATEGORY_CONDITION_ERROR);
    }
  });
});

describe("tree dictionary", () => {
  it("reads table, text and code from table,text,code", () => {
    expect(parseTableDict("sys_depart,depart_name,id")).toEqual({ tableName: "sys_depart", text: "depart_name", code: "id" });
    expect(parseTableDict(" sys_depart , depart_name , id ")).toEqual({ tableName: "sys_depart", text: "depart_name", code: "id" });
    expect(parseTableDict("sys_depart,depart_name")).toBeNull();
    expect(parseTableDict("")).toBeNull();
  });

  it("turns wire nodes into options: value is the key, isLeaf is leaf", () => {
    const options = toTreeOptions([
      { key: "A01", title: "总部", leaf: false, parentId: "", value: null },
      { key: "A02", title: "分校", leaf: true },
      { id: "c1", name: "数学", leaf: "1" },
      { id: "d1", departName: "教务处", isLeaf: true },
      { title: "no key" },
    ]);
    expect(options).toEqual([
      { key: "A01", value: "A01", title: "总部", isLeaf: false },
      { key: "A02", value: "A02", title: "分校", isLeaf: true },
      { key: "c1", value: "c1", title: "数学", isLeaf: true },
      { key: "d1", value: "d1", title: "教务处", isLeaf: true },
    ]);
  });

  it("keeps nested children and never marks a node with children as a leaf", () => {
    const [root] = toTreeOptions([{ key: "r", title: "根", leaf: true, children: [{ key: "c", title: "子", leaf: true }] }]);
    expect(root).toEqual({ key: "r", value: "r", title: "根", isLeaf: false, children: [{ key: "c", value: "c", title: "子", isLeaf: true }] });
  });

  it("drops its popup height to at most 400 px", () => {
    expect(TREE_POPUP_MAX_HEIGHT).toBe(400);
  });
});

describe("lazy children", () => {
  const tree: TreeOption[] = [
    { key: "a", value: "a", title: "A", isLeaf: false },
    { key: "b", value: "b", title: "B", isLeaf: false, children: [{ key: "b1", value: "b1", title: "B1", isLeaf: false }] },
  ];

  it("hangs loaded children under their parent, at any depth, without touching the original", () => {
    const child: TreeOption = { key: "b1x", value: "b1x", title: "B1X", isLeaf: true };
    const next = attachChildren(tree, "b1", [child]);
    expect(next[1]!.children![0]!.children).toEqual([child]);
    expect(tree[1]!.children![0]!.children).toBeUndefined();
    expect(next[0]).toBe(tree[0]);
  });

  it("makes a node without children a leaf", () => {
    const next = attachChildren(tree, "a", []);
    expect(next[0]).toEqual({ key: "a", value: "a", title: "A", isLeaf: true });
  });
});

describe("value labels", () => {
  const tree: TreeOption[] = [{ key: "a", value: "a", title: "A", isLeaf: false, children: [{ key: "a1", value: "a1", title: "A1", isLeaf: true }] }];

  it("labels values with the loaded tree's titles, else a text lookup's, else the value", () => {
    expect(knownTitles(tree, ["a1", "zz"])).toEqual({ a1: "A1" });
    expect(titlesFromTexts(["x", "y", "z"], ["叉", "", "Z"])).toEqual({ x: "叉", z: "Z" });
    expect(labelledValues(["a1", "x", "q"], { a1: "A1", x: "叉" })).toEqual([
      { value: "a1", label: "A1" },
      { value: "x", label: "叉" },
      { value: "q", label: "q" },
    ]);
  });
});
