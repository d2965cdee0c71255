// The grid's row rules (docs/spec/widgets.md §3 "Grid row", §4 "Editable grid rows", §5 "Add-row
// settings", §6 button permissions, §8 removeRows) and its store.
import { describe, expect, it } from "vitest";
import {
  canMoveDown,
  canMoveUp,
  createRowIdFactory,
  gridButtons,
  insertIndex,
  insertRows,
  isRowDisabled,
  isTempId,
  mergeRealtimeRow,
  moveRow,
  newRow,
  randomTableId,
  removeRows,
  renumber,
  selectionState,
  toggleAll,
  toggleSelection,
  REALTIME_HIGHLIGHT_MS,
} from "~/components/widgets/grid/rows";
import {
  addRowSettingsProblem,
  effectivePosition,
  isTooFast,
  parseAddRowSettings,
  TOO_FAST_MESSAGE,
} from "~/components/widgets/grid/add-row";
import { GridStore } from "~/components/widgets/grid/grid-store";
import { valueCounts } from "~/components/widgets/grid/validation";
import type { GridColumn, GridRow } from "~/components/widgets/grid/types";

const rows = (...ids: string[]): GridRow[] => ids.map((id) => ({ id, name: id }));
const idsOf = (list: readonly GridRow[]) => list.map((row) => row.id);

describe("row ids", () => {
  it("prefixes temporary ids with the table id and marks them with the temp suffix", () => {
    const next = createRowIdFactory("abcd1234");
    const first = next();
    const second = next();
    expect(first).toBe("abcd1234_1__temp");
    expect(second).toBe("abcd1234_2__temp");
    expect(isTempId(first)).toBe(true);
    expect(isTempId("1790000000000000001")).toBe(false);
  });

  it("makes random table ids of 8 characters", () => {
    expect(randomTableId()).toMatch(/^[a-z0-9]{8}$/);
    expect(randomTableId(() => 0)).toBe("aaaaaaaa");
  });

  it("fills a new row with defaults and checkbox custom values", () => {
    const columns: GridColumn[] = [
      { key: "name", title: "名称", type: "input", defaultValue: "新" },
      { key: "on", title: "启用", type: "checkbox", customValue: ["1", "0"], defaultChecked: true },
      { key: "off", title: "停用", type: "checkbox" },
      { key: "note", title: "备注", type: "input" },
    ];
    expect(newRow(columns, "t1")).toEqual({ id: "t1", name: "新", on: "1", off: "N", note: "" });
  });
});

describe("order numbers", () => {
  it("renumbers 1..n after a move and an insert", () => {
    const moved = renumber(moveRow(rows("a", "b", "c"), 2, 0));
    expect(moved.map((row) => [row.id, row.orderNum])).toEqual([
      ["c", "1"],
      ["a", "2"],
      ["b", "3"],
    ]);
    const inserted = renumber(insertRows(moved, rows("x"), 2));
    expect(inserted.map((row) => [row.id, row.orderNum])).toEqual([
      ["c", "1"],
      ["x", "2"],
      ["a", "3"],
      ["b", "4"],
    ]);
  });

  it("uses another order key, or none", () => {
    expect(renumber(rows("a", "b"), "sort")[1].sort).toBe("2");
    expect(renumber(rows("a"), null)[0].orderNum).toBeUndefined();
  });

  it("inserts at the bottom for position 0 and beyond the rows", () => {
    expect(insertIndex(0, 3)).toBe(3);
    expect(insertIndex(1, 3)).toBe(0);
    expect(insertIndex(3, 3)).toBe(2);
    expect(insertIndex(4, 3)).toBe(3);
    expect(idsOf(insertRows(rows("a", "b"), rows("x", "y"), 0))).toEqual(["a", "b", "x", "y"]);
    expect(idsOf(insertRows(rows("a", "b"), rows("x"), 1))).toEqual(["x", "a", "b"]);
  });
});

describe("removing rows", () => {
  it("records saved ids as deleted and drops temporary rows", () => {
    const result = removeRows([...rows("s1", "s2"), { id: "t_1__temp" }], ["s1", "t_1__temp"], ["s0"]);
    expect(idsOf(result.rows)).toEqual(["s2"]);
    expect(result.deletedIds).toEqual(["s0", "s1"]);
  });

  it("takes one id as a string and refuses anything else", () => {
    expect(removeRows(rows("a", "b"), "a", []).deletedIds).toEqual(["a"]);
    expect(() => removeRows(rows("a"), 42, [])).toThrow(TypeError);
    expect(() => removeRows(rows("a"), [1], [])).toThrow(TypeError);
  });
});

describe("moving", () => {
  it("disables move up on the first row and move down on the last", () => {
    expect(canMoveUp(0)).toBe(false);
    expect(canMoveUp(1)).toBe(true);
    expect(canMoveDown(2, 3)).toBe(false);
    expect(canMoveDown(1, 3)).toBe(true);
    expect(canMoveDown(-1, 3)).toBe(false);
  });

  it("drags a row to another place and ignores impossible moves", () => {
    expect(idsOf(moveRow(rows("a", "b", "c"), 0, 2))).toEqual(["b", "c", "a"]);
    expect(idsOf(moveRow(rows("a", "b"), 0, 5))).toEqual(["a", "b"]);
  });
});

describe("disabled rows and selection", () => {
  it("disables rows by one value, by a list of values, or the whole table", () => {
    const row = { id: "1", status: "2" };
    expect(isRowDisabled(row, { status: "2" })).toBe(true);
    expect(isRowDisabled(row, { status: ["1", "3"] })).toBe(false);
    expect(isRowDisabled(row, { status: ["1", "2"] })).toBe(true);
    expect(isRowDisabled(row, undefined)).toBe(false);
    expect(isRowDisabled(row, undefined, true)).toBe(true);
  });

  it("tells none, some and all; disabled rows cannot be selected", () => {
    expect(selectionState(new Set(), ["a", "b"])).toBe("none");
    expect(selectionState(new Set(["a"]), ["a", "b"])).toBe("some");
    expect(selectionState(new Set(["a", "b"]), ["a", "b"])).toBe("all");
    expect([...toggleSelection(new Set(), "a", true)]).toEqual([]);
    expect([...toggleSelection(new Set(["a"]), "b", false, true)]).toEqual(["b"]);
    expect([...toggleSelection(new Set(["a"]), "b", false)]).toEqual(["a", "b"]);
    expect([...toggleAll(new Set(["a"]), ["a", "b"])]).toEqual(["a", "b"]);
    expect([...toggleAll(new Set(["a", "b"]), ["a", "b"])]).toEqual([]);
  });
});

describe("realtime merge", () => {
  it("merges a row edited elsewhere by id and ignores unknown ids", () => {
    const merged = mergeRealtimeRow([{ id: "1", name: "a", age: "3" }], { id: "1", name: "b" });
    expect(merged).toEqual({ rows: [{ id: "1", name: "b", age: "3" }], merged: true });
    expect(mergeRealtimeRow([{ id: "1" }], { id: "2", name: "x" }).merged).toBe(false);
  });

  it("keeps each column's value counts equal to a fresh count through edits, inserts, removals and merges", () => {
    const store = new GridStore([
      { id: "1", name: "a" },
      { id: "2", name: "a" },
      { id: "3", name: "" },
    ]);
    const fresh = () => Object.fromEntries(valueCounts(store.rows, "name"));
    const kept = () => Object.fromEntries(store.valueCounts("name"));
    expect(kept()).toEqual({ a: 2 });
    store.setCell("1", "name", "b");
    expect(kept()).toEqual({ a: 1, b: 1 });
    store.setCell("3", "name", "b");
    store.setCells("2", { name: " ", other: "x" });
    expect(kept()).toEqual({ b: 2 });
    expect(kept()).toEqual(fresh());
    store.insert([{ id: "4", name: "b" }]);
    expect(kept()).toEqual({ b: 3 });
    store.remove(["1"]);
    expect(kept()).toEqual(fresh());
    store.mergeRealtime({ id: "4", name: "c" }, false);
    expect(kept()).toEqual({ b: 1, c: 1 });
    store.reset([{ id: "9", name: "z" }]);
    expect(kept()).toEqual({ z: 1 });
  });

  it("highlights the merged row for 1.4 s", () => {
    const store = new GridStore([{ id: "1", name: "a" }]);
    let clear: (() => void) | undefined;
    let delay = 0;
    store.mergeRealtime({ id: "1", name: "b" }, true, (run, ms) => {
      clear = run;
      delay = ms;
    });
    expect(store.rowSnapshot("1")).toMatchObject({ row: { name: "b" }, highlighted: true });
    expect(delay).toBe(REALTIME_HIGHLIGHT_MS);
    expect(REALTIME_HIGHLIGHT_MS).toBe(1400);
    clear!();
    expect(store.rowSnapshot("1")?.highlighted).toBe(false);
  });
});

describe("button permissions", () => {
  it("hides add and remove when their codes under the prefix are excluded", () => {
    expect(gridButtons("parent", ["parent:add"])).toEqual({ add: false, remove: true });
    expect(gridButtons("parent:", ["parent:batch_delete"])).toEqual({ add: true, remove: false });
    expect(gridButtons("parent", ["other:add"])).toEqual({ add: true, remove: true });
    expect(gridButtons(undefined, ["parent:add"])).toEqual({ add: true, remove: true });
  });
});

describe("add-row settings", () => {
  it("needs at least one row and a position between 0 and the row count", () => {
    expect(addRowSettingsProblem({ count: 1, position: 0 }, 0)).toBeNull();
    expect(addRowSettingsProblem({ count: 0, position: 0 }, 3)).not.toBeNull();
    expect(addRowSettingsProblem({ count: 2, position: -1 }, 3)).not.toBeNull();
    expect(addRowSettingsProblem({ count: 2, position: 3 }, 3)).toBeNull();
    expect(addRowSettingsProblem({ count: 2, position: 4 }, 3)).not.toBeNull();
  });

  it("reads stored settings back, falling back on malformed ones", () => {
    expect(parseAddRowSettings('{"count":3,"position":2}')).toEqual({ count: 3, position: 2 });
    expect(parseAddRowSettings("nonsense")).toEqual({ count: 1, position: 0 });
    expect(parseAddRowSettings('{"count":0,"position":-2}')).toEqual({ count: 1, position: 0 });
    expect(effectivePosition({ count: 1, position: 5 }, 2)).toBe(0);
  });

  it("warns on a second insert within 1500 ms", () => {
    expect(isTooFast(null, 1000)).toBe(false);
    expect(isTooFast(1000, 2499)).toBe(true);
    expect(isTooFast(1000, 2500)).toBe(false);
    expect(TOO_FAST_MESSAGE).toBe("You clicked too fast, please click slower!");
  });
});

describe("the grid store", () => {
  it("re-renders only the edited row and renumbers on structural changes", () => {
    const store = new GridStore(rows("a", "b"), "orderNum");
    let aCalls = 0;
    let bCalls = 0;
    store.subscribeRow("a", () => (aCalls += 1));
    store.subscribeRow("b", () => (bCalls += 1));
    const before = store.rowSnapshot("b");
    store.setCell("a", "name", "A");
    expect([aCalls, bCalls]).toEqual([1, 0]);
    expect(store.rowSnapshot("b")).toBe(before);
    store.insert([{ id: "t__temp", name: "" }], 1);
    expect(store.rows.map((row) => [row.id, row.orderNum])).toEqual([
      ["t__temp", "1"],
      ["a", "2"],
      ["b", "3"],
    ]);
    store.remove(["a", "t__temp"]);
    expect(store.value()).toEqual({ rows: [{ id: "b", name: "b", orderNum: "1" }], deletedIds: ["a"] });
  });

  it("clears the selection and errors when the data reloads", () => {
    const store = new GridStore(rows("a", "b"));
    store.setSelection(new Set(["a"]));
    store.setCellError("b", "name", "名称不能为空");
    expect(store.rowSnapshot("a")?.selected).toBe(true);
    store.reset(rows("a", "c"));
    expect(store.selectedIds.size).toBe(0);
    expect(store.rowSnapshot("a")?.selected).toBe(false);
    expect(store.errorMap.size).toBe(0);
    expect(store.deletedIds).toEqual([]);
  });
});
