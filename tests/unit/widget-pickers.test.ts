// The pickers' rules (docs/spec/widgets.md §2 "Pickers", §3 rows, §4 "Popup picker", §9 paging,
// widths and separator).
import { describe, expect, it } from "vitest";
import {
  clickChoice,
  departKeysOf,
  departLabels,
  departValueOf,
  flattenDeparts,
  fieldText,
  keepValues,
  keysToReveal,
  labelsOf,
  pickedValue,
  pickerPagination,
  pickerScroll,
  pickerTotalText,
  pickFields,
  PICKER_FIELDS,
  PICKER_WIDTHS,
  positionRankText,
  rootOpenedKeys,
  rowsForKeys,
  rowsOfValue,
  singleChoice,
  toDepartNodes,
  toggleRow,
  unlabelledValues,
} from "~/components/widgets/pickers/picker-logic";

const li = { id: "u1", username: "teacher_li", realname: "李老师" };
const wang = { id: "u2", username: "teacher_wang", realname: "王老师" };
const zhao = { id: "u3", username: "dean_zhao", realname: "赵主任" };

describe("picker paging", () => {
  it("pages by 10 with 10/20/30, quick jumper, size changer and 'a-b 共N条'", () => {
    const pagination = pickerPagination(2, 10, 23);
    expect(pagination).toMatchObject({ current: 2, pageSize: 10, total: 23, pageSizeOptions: ["10", "20", "30"], showQuickJumper: true, showSizeChanger: true });
    expect(pagination.showTotal(23, [11, 20])).toBe("11-20 共23条");
    expect(pickerTotalText(0, [0, 0])).toBe("0-0 共0条");
  });

  it("has the spec's widths and scrolls 800 px wide below a 500 px screen", () => {
    expect(PICKER_WIDTHS).toEqual({ user: 1200, userByDepartment: 1250, depart: 500, role: 900, position: 1000 });
    expect(pickerScroll(499)).toEqual({ x: 800 });
    expect(pickerScroll(500)).toBeUndefined();
  });
});

describe("record selection", () => {
  it("toggles a clicked row in multi-select", () => {
    let selected = toggleRow([], li, true, "id");
    selected = toggleRow(selected, wang, true, "id");
    expect(selected).toEqual([li, wang]);
    expect(toggleRow(selected, { ...li }, true, "id")).toEqual([wang]);
  });

  it("keeps only the last clicked row in single-select, and a second click clears it", () => {
    let selected = toggleRow([], li, false, "id");
    selected = toggleRow(selected, wang, false, "id");
    expect(selected).toEqual([wang]);
    expect(toggleRow(selected, wang, false, "id")).toEqual([]);
  });

  it("maps checkbox keys back to rows seen on any page, each once", () => {
    expect(rowsForKeys(["u3", "u1", "u9", "u1"], [li, wang, zhao], "id")).toEqual([zhao, li]);
  });

  it("stores the chosen rows' field comma-joined, each value once", () => {
    expect(pickedValue([li, wang, li], "username")).toBe("teacher_li,teacher_wang");
    expect(pickedValue([li, wang], "id")).toBe("u1,u2");
    expect(pickedValue([], "id")).toBe("");
  });

  it("names stored values by a label field and knows which values still need a lookup", () => {
    const labels = labelsOf([li, { id: "u4", username: "nameless" }], "username", "realname");
    expect(labels).toEqual({ teacher_li: "李老师", nameless: "nameless" });
    expect(unlabelledValues("teacher_li,dean_zhao,", labels)).toEqual(["dean_zhao"]);
    expect(rowsOfValue("teacher_wang,nobody,teacher_li", [li, wang], "username")).toEqual([wang, li]);
  });

  it("keeps the values whose tags remain in the field", () => {
    expect(keepValues("a,b,c", ["c", "a"])).toBe("a,c");
    expect(keepValues("a,b", [])).toBe("");
  });

  it("reads cells as text and hands the browser only the fields it shows", () => {
    expect(fieldText({ sex: 1, phone: null }, "sex")).toBe("1");
    expect(fieldText({ phone: null }, "phone")).toBe("");
    expect(pickFields({ id: "u1", username: "li", password: "x", salt: "y", phone: null }, PICKER_FIELDS.user)).toEqual({ id: "u1", username: "li" });
  });

  it("shows a position's rank by its dictionary text", () => {
    expect(positionRankText({ postRank: "3", postRank_dictText: "中级" })).toBe("中级");
    expect(positionRankText({ rank_dictText: "初级" })).toBe("初级");
    expect(positionRankText({ postRank: "3" })).toBe("3");
  });
});

describe("department tree", () => {
  const tree = toDepartNodes([
    {
      id: "d1",
      key: "d1",
      title: "国际学校",
      departName: "国际学校",
      orgCode: "A01",
      children: [
        { id: "d2", departName: "教务处", orgCode: "A01A01", children: [{ id: "d4", departName: "教研组", orgCode: "A01A01A01" }] },
        { id: "d3", departName: "财务处", orgCode: "A01A02", children: [] },
      ],
    },
    { id: "d5", departName: "后勤", orgCode: "A02" },
  ]);

  it("reads queryTreeList nodes", () => {
    expect(flattenDeparts(tree).map((node) => [node.key, node.title, node.orgCode])).toEqual([
      ["d1", "国际学校", "A01"],
      ["d2", "教务处", "A01A01"],
      ["d4", "教研组", "A01A01A01"],
      ["d3", "财务处", "A01A02"],
      ["d5", "后勤", "A02"],
    ]);
    expect(flattenDeparts(tree).find((node) => node.key === "d3")!.children).toBeUndefined();
  });

  it("opens the roots that have children", () => {
    expect(rootOpenedKeys(tree)).toEqual(["d1"]);
  });

  it("stores ids by default and shows department names, or stores org codes", () => {
    expect(departValueOf(tree, ["d4", "d5"], "id")).toBe("d4,d5");
    expect(departValueOf(tree, ["d4", "d5"], "orgCode")).toBe("A01A01A01,A02");
    expect(departKeysOf(tree, "A02,A01A01", "orgCode")).toEqual(["d5", "d2"]);
    expect(departKeysOf(tree, "d3,gone", "id")).toEqual(["d3"]);
    expect(departLabels(tree, "id").d2).toBe("教务处");
    expect(departLabels(tree, "orgCode").A01A02).toBe("财务处");
  });

  it("keeps a single choice: checking another replaces it, unchecking clears it", () => {
    expect(singleChoice(["d2"], ["d2", "d3"])).toEqual(["d3"]);
    expect(singleChoice(["d2"], [])).toEqual([]);
    expect(singleChoice([], ["d5"])).toEqual(["d5"]);
    expect(clickChoice(["d2"], "d3", false)).toEqual(["d3"]);
    expect(clickChoice(["d2"], "d3", true)).toEqual(["d2", "d3"]);
    expect(clickChoice(["d2", "d3"], "d2", true)).toEqual(["d3"]);
  });

  it("opens the parents of the departments a search finds", () => {
    expect(keysToReveal(tree, "教研")).toEqual(["d1", "d2"]);
    expect(keysToReveal(tree, "后勤")).toEqual([]);
    expect(keysToReveal(tree, " ")).toEqual([]);
  });
});
