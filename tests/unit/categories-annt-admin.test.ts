// Pure rules of the 分类字典 and 通知公告 admin pages: the lazy tree's rows, the notice form's
// schema and body, the editor's links and emptiness.
import { describe, expect, it } from "vitest";
import { treeRows } from "~/components/system/category/category-tree";
import { announcementBody, announcementFormSchema, joinUserIds, splitUserIds } from "~/routes/system/announcements.data";
import { categoryBody, categoryFormSchema } from "~/routes/system/categories.data";

describe("category tree rows", () => {
  const roots = [
    { id: "a", name: "学科", code: "A01", hasChild: "1" },
    { id: "b", name: "空", code: "A02", hasChild: "0" },
  ];

  it("gives unloaded parents an empty child list (the expand icon) and leaves none", () => {
    const rows = treeRows(roots, {});
    expect(rows[0]!.children).toEqual([]);
    expect(rows[1]).not.toHaveProperty("children");
  });

  it("nests loaded children with their parent's name, lazily at every level", () => {
    const rows = treeRows(roots, { a: [{ id: "a1", name: "数学", code: "A01A01", hasChild: "1" }], a1: [{ id: "a11", name: "代数", code: "A01A01A01", hasChild: "0" }] });
    expect(rows[0]!.children![0]).toMatchObject({ id: "a1", parentName: "学科" });
    expect(rows[0]!.children![0]!.children![0]).toMatchObject({ id: "a11", parentName: "数学" });
    expect(rows[0]!.children![0]!.children![0]).not.toHaveProperty("children");
  });

  it("drops the expand icon when the loaded answer has no children left", () => {
    expect(treeRows(roots, { a: [] })[0]).not.toHaveProperty("children");
  });
});

describe("category form", () => {
  it("checks name and code, and leaves a blank code for the backend to generate", () => {
    const missing = categoryFormSchema.safeParse({ name: " ", code: "" });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.message)).toEqual(["请输入分类名称!"]);
    const bad = categoryFormSchema.safeParse({ name: "x", code: "A-1" });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.message)).toEqual(["分类编码只允许字母和数字"]);
    expect(categoryBody(categoryFormSchema.parse({ name: "根", code: "", pid: "" }))).toEqual({ name: "根" });
    expect(categoryBody(categoryFormSchema.parse({ name: "子", code: "A01A09", pid: "p1", id: "x" }))).toEqual({ name: "子", code: "A01A09", pid: "p1" });
    expect(categoryBody(categoryFormSchema.parse({ name: "根", pid: "0" }))).toEqual({ name: "根" });
  });
});

describe("announcement form", () => {
  const base = { titile: "通知", msgType: "ALL" };
  const problems = (values: Record<string, unknown>) => {
    const checked = announcementFormSchema.safeParse(values);
    return checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("needs a title, a target and, for 指定用户, at least one user", () => {
    expect(problems({ titile: "", msgType: "" })).toEqual({ titile: "请输入标题!", msgType: "请选择通告类型" });
    expect(problems({ ...base, msgType: "USER", userIds: ",," })).toEqual({ userIds: "指定用户不能为空！" });
    expect(problems({ ...base, msgType: "USER", userIds: "u1" })).toEqual({});
  });

  it("checks the period and the open page", () => {
    expect(problems({ ...base, startTime: "2026-05-01 08:00:00", endTime: "2026-04-30 08:00:00" })).toEqual({ endTime: "结束时间不能早于开始时间" });
    expect(problems({ ...base, startTime: "2026-05-01" })).toEqual({ startTime: "开始时间格式不正确" });
    expect(problems({ ...base, openType: "url" })).toEqual({ openPage: "请输入组件/路由地址" });
  });

  it("sends the recipients with the trailing comma, only for USER notices, 通知公告 by default", () => {
    expect(splitUserIds("u1,u2,u1,")).toEqual(["u1", "u2"]);
    expect(joinUserIds(["u1", "u2"])).toBe("u1,u2,");
    const toUsers = announcementBody(announcementFormSchema.parse({ ...base, msgType: "USER", userIds: "u1,u2", id: "x" }));
    expect(toUsers).toMatchObject({ titile: "通知", msgType: "USER", userIds: "u1,u2,", msgCategory: "1" });
    expect(toUsers).not.toHaveProperty("id");
    expect(announcementBody(announcementFormSchema.parse({ ...base, userIds: "u1,", msgCategory: "2", openPage: "/x" }))).toMatchObject({
      userIds: "",
      msgCategory: "2",
      openPage: "",
    });
  });
});
