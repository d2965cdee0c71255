// 部门管理's pure parts: the tree as the page reads it, the department chosen by the address, the
// nodes to open, and the form's schema and body (shared by the browser and the route action).
import { describe, expect, it } from "vitest";
import { ancestorKeys, findDepart, parentKeys, selectedDepart, toDepartNodes } from "~/components/system/depart/depart-tree-logic";
import { departBody, departFormSchema } from "~/routes/system/departs.data";
import { positionPage } from "~/routes/system/positions.data";

const raw = [
  {
    key: "school",
    title: "北京国际学校",
    parentId: null,
    orgCode: "A01",
    orgCategory: "1",
    departOrder: 0,
    mobile: null,
    children: [
      { key: "office", title: "校长办公室", parentId: "school", orgCode: "A01A01", orgCategory: "2", departOrder: "2", children: null },
      {
        key: "academic",
        title: "教务处",
        parentId: "school",
        orgCode: "A01A02",
        orgCategory: "2",
        departOrder: null,
        address: "一号楼",
        children: [{ key: "primary", title: "小学部", parentId: "academic", orgCode: "A01A02A01", orgCategory: "2", children: [] }],
      },
    ],
  },
  { id: "campus", departName: "新校区", orgCode: "A03", orgCategory: "1", children: null },
];
const tree = toDepartNodes(raw);

describe("the department tree of 部门管理", () => {
  it("keeps what the page shows, with text for empty values and no empty child lists", () => {
    expect(findDepart(tree, "academic")).toMatchObject({ title: "教务处", parentId: "school", orgCode: "A01A02", departOrder: null, address: "一号楼", mobile: "" });
    expect(findDepart(tree, "office")?.departOrder).toBe(2);
    expect(findDepart(tree, "primary")?.children).toBeNull();
    // The backend's own key and title fall back to id and departName.
    expect(findDepart(tree, "campus")).toMatchObject({ key: "campus", title: "新校区", parentId: null });
    expect(findDepart(tree, "nowhere")).toBeUndefined();
  });

  it("chooses the address's department, else the first root, else none", () => {
    expect(selectedDepart(tree, "primary")?.title).toBe("小学部");
    expect(selectedDepart(tree, "deleted-since")?.key).toBe("school");
    expect(selectedDepart(tree, null)?.key).toBe("school");
    expect(selectedDepart([], "primary")).toBeUndefined();
  });

  it("opens the parents of a department, and every parent for 展开全部", () => {
    expect(ancestorKeys(tree, "primary")).toEqual(["school", "academic"]);
    expect(ancestorKeys(tree, "school")).toEqual([]);
    expect(ancestorKeys(tree, "nowhere")).toEqual([]);
    expect(parentKeys(tree)).toEqual(["school", "academic"]);
  });
});

describe("the department form", () => {
  const valid = { departName: " 体育组 ", orgCategory: "2", departOrder: "3", mobile: "", fax: "", address: "体育馆", memo: "" };

  it("needs a name and a known type, and an integer order", () => {
    const problems = (values: Record<string, unknown>) => {
      const checked = departFormSchema.safeParse(values);
      return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
    };
    expect(problems(valid)).toEqual([]);
    expect(problems({ ...valid, departName: "  " })).toEqual(["请输入机构/部门名称!"]);
    expect(problems({ ...valid, orgCategory: "9" })).toEqual(["请选择机构类型!"]);
    expect(problems({ ...valid, departOrder: "1.5" })).toEqual(["排序必须是整数"]);
    expect(problems({ ...valid, memo: "备".repeat(501) })).toEqual(["最大长度500位字符"]);
  });

  it("sends the parent only when adding, and the order as a number", () => {
    const added = departBody(departFormSchema.parse({ ...valid, parentId: "school" }));
    expect(added).toEqual({ departName: "体育组", orgCategory: "2", departOrder: 3, mobile: "", fax: "", address: "体育馆", memo: "", parentId: "school" });
    const edited = departBody(departFormSchema.parse({ ...valid, departOrder: "", parentId: "school", id: "sports" }));
    expect(edited).toMatchObject({ id: "sports", departOrder: 0 });
    expect(edited).not.toHaveProperty("parentId");
    expect(departBody(departFormSchema.parse(valid))).not.toHaveProperty("parentId");
  });
});

describe("the position form", () => {
  it("needs a code of letters, digits and _ and a name; the rank is optional", () => {
    const messages = (values: Record<string, unknown>) => {
      const checked = positionPage.list.form.safeParse(values);
      return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
    };
    expect(messages({ code: "pe_teacher2", name: "体育老师", postRank: "3" })).toEqual([]);
    expect(messages({ code: "", name: "", postRank: "" })).toEqual(["请输入职务编码!", "请输入职务名称!"]);
    expect(messages({ code: "体育", name: "x", postRank: "1" })).toEqual(["编码只能由字母、数字、下划线组成"]);
    expect(messages({ code: "pe-teacher", name: "x" })).toEqual(["编码只能由字母、数字、下划线组成"]);
  });
});
