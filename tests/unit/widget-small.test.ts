// The small widgets of docs/spec/widgets.md §2 (prompt, context menu, slider, tag cell, input pop-up,
// tree table, business-record picker paging): their pure rules.
import { describe, expect, it } from "vitest";
import { promptProblem } from "~/components/widgets/prompt/prompt-logic";
import { menuPosition } from "~/components/widgets/context-menu/context-menu-logic";
import { dragOffset, maxOffset, release, SLIDER_TEXT } from "~/components/widgets/slider-verify/slider-logic";
import { tagItems, tagText, tagValue } from "~/components/widgets/tag-input/tag-logic";
import { inputPopPreview, inputPopSize } from "~/components/widgets/input-pop/input-pop-logic";
import {
  levelUrl,
  needsLoading,
  rowsOfAnswer,
  setChildren,
  TREE_LOADING_TEXT,
  TREE_UNKNOWN_ANSWER,
  withPlaceholders,
} from "~/components/widgets/tree-table/tree-table-logic";
import { BIZ_PICKER_PAGING, pickerPagination, toggleRow } from "~/components/widgets/pickers/picker-logic";

describe("prompt dialog", () => {
  const rules = [
    { required: true, message: "请输入名称" },
    { pattern: /^[a-z]+$/, message: "只能是小写字母" },
    { validator: (value: string) => (value === "admin" ? "名称已存在" : null) },
  ];

  it("answers the first failing rule's message, in order", () => {
    expect(promptProblem("", rules)).toBe("请输入名称");
    expect(promptProblem("  ", rules)).toBe("请输入名称");
    expect(promptProblem("Abc", rules)).toBe("只能是小写字母");
    expect(promptProblem("admin", rules)).toBe("名称已存在");
    expect(promptProblem("school", rules)).toBeNull();
  });

  it("checks a pattern only on a value that is not empty", () => {
    expect(promptProblem("", [{ pattern: /^\d+$/ }])).toBeNull();
    expect(promptProblem("x", [{ pattern: /^\d+$/ }])).toBe("格式不正确");
  });
});

describe("context menu", () => {
  const viewport = { width: 1000, height: 800 };
  it("opens at the pointer, or to its left / above when it would leave the window", () => {
    expect(menuPosition({ x: 100, y: 100 }, { width: 160, height: 200 }, viewport)).toEqual({ x: 100, y: 100 });
    expect(menuPosition({ x: 900, y: 100 }, { width: 160, height: 200 }, viewport)).toEqual({ x: 740, y: 100 });
    expect(menuPosition({ x: 100, y: 700 }, { width: 160, height: 200 }, viewport)).toEqual({ x: 100, y: 500 });
    expect(menuPosition({ x: 50, y: 50 }, { width: 160, height: 900 }, viewport)).toEqual({ x: 50, y: 0 });
  });
});

describe("drag-to-verify slider", () => {
  const max = maxOffset(300, 40);
  it("keeps the handle on the track", () => {
    expect(max).toBe(260);
    expect(dragOffset(0, -20, max)).toBe(0);
    expect(dragOffset(0, 120, max)).toBe(120);
    expect(dragOffset(100, 500, max)).toBe(260);
  });

  it("verifies at the end and snaps back from anywhere else", () => {
    expect(release(260, max)).toEqual({ verified: true, offset: 260 });
    expect(release(259, max)).toEqual({ verified: true, offset: 260 });
    expect(release(200, max)).toEqual({ verified: false, offset: 0 });
    expect(release(0, 0)).toEqual({ verified: false, offset: 0 });
    expect(SLIDER_TEXT).toEqual({ idle: "拖动滑块验证", verified: "验证通过" });
  });
});

describe("tag cell", () => {
  it("cuts the text into 2-character items joined by semicolons, stripping typed semicolons", () => {
    expect(tagValue("语文数学英")).toBe("语文;数学;英");
    expect(tagValue("语;文数;学")).toBe("语文;数学");
    expect(tagItems("语文;数学")).toEqual(["语文", "数学"]);
    expect(tagText("语文;数学")).toBe("语文数学");
    expect(tagValue("")).toBe("");
    expect(tagItems("😀a")).toEqual(["😀a"]);
  });
});

describe("input pop-up textarea", () => {
  it("is 200×150 as a field and 300×210 in a cell, previewed on one line", () => {
    expect(inputPopSize(false)).toEqual({ width: 200, height: 150 });
    expect(inputPopSize(true)).toEqual({ width: 300, height: 210 });
    expect(inputPopPreview("一\n二\r\n三")).toBe("一 二 三");
  });
});

describe("tree table", () => {
  const roots = [
    { id: "a", name: "初中部", hasChildren: "1" },
    { id: "b", name: "高中部", hasChildren: false },
  ];

  it("gives rows with children a loading... placeholder child", () => {
    const shown = withPlaceholders(roots, "name");
    expect(shown[0]!.children).toEqual([{ id: "a_loadChild", placeholder: true, name: TREE_LOADING_TEXT }]);
    expect(shown[1]!.children).toBeUndefined();
    expect(needsLoading(shown[0]!)).toBe(true);
  });

  it("replaces the placeholder with the loaded children, or drops the children when none come back", () => {
    const shown = withPlaceholders(roots, "name");
    const loaded = setChildren(shown, "a", [{ id: "a1", name: "七年级", hasChildren: true }], "name");
    expect(loaded[0]!.children!.map((row) => row.id)).toEqual(["a1"]);
    expect(loaded[0]!.children![0]!.children![0]!.name).toBe(TREE_LOADING_TEXT);
    expect(needsLoading(loaded[0]!)).toBe(false);
    const empty = setChildren(loaded, "a1", [], "name");
    expect(empty[0]!.children![0]!.children).toBeUndefined();
  });

  it("reads an array or a records array, and refuses anything else", () => {
    expect(rowsOfAnswer([{ id: "x" }])).toEqual([{ id: "x" }]);
    expect(rowsOfAnswer({ records: [{ id: "y" }] })).toEqual([{ id: "y" }]);
    expect(rowsOfAnswer({ success: true, result: { records: [{ id: "z" }] } })).toEqual([{ id: "z" }]);
    expect(() => rowsOfAnswer({ rows: [] })).toThrow(TREE_UNKNOWN_ANSWER);
    expect(() => rowsOfAnswer("x")).toThrow("returned data type not recognised");
  });

  it("asks a level by the parent key, default parentId, with the extra query", () => {
    expect(levelUrl("/api/t", "parentId", null)).toBe("/api/t");
    expect(levelUrl("/api/t", "parentId", "a", { type: "1" })).toBe("/api/t?type=1&parentId=a");
    expect(levelUrl("/api/t?x=1", "pid", "a")).toBe("/api/t?x=1&pid=a");
  });
});

describe("business-record picker", () => {
  it("pages by 5 with options 5/10/20/30", () => {
    expect(BIZ_PICKER_PAGING).toEqual({ pageSize: 5, pageSizeOptions: ["5", "10", "20", "30"] });
    expect(pickerPagination(1, 5, 12, BIZ_PICKER_PAGING.pageSizeOptions)).toMatchObject({ pageSize: 5, pageSizeOptions: ["5", "10", "20", "30"], total: 12 });
  });

  it("removes a row from the selected table by its key", () => {
    const a = { id: "1", name: "甲" };
    const b = { id: "2", name: "乙" };
    expect(toggleRow([a, b], { id: "1", name: "甲" }, true, "id")).toEqual([b]);
  });
});
