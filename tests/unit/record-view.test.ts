// 详情 as a description (issue #19): each field's text is what a reader understands.
import { describe, expect, it } from "vitest";
import { detailFields, fieldText } from "~/components/widgets/list/record-view";
import type { FormField } from "~/components/widgets/list/types";

const sex: FormField = { name: "sex", label: "性别", kind: "select", options: [{ value: "1", label: "男" }, { value: "2", label: "女" }] };
const roles: FormField = { name: "roles", label: "角色", kind: "multi-select", options: [{ value: "a", label: "教师" }, { value: "b", label: "财务" }] };

describe("the description of a record", () => {
  it("shows an option's label, several labels for a multiple choice", () => {
    expect(fieldText(sex, { sex: "2" })).toBe("女");
    expect(fieldText(roles, { roles: "a,b" })).toBe("教师，财务");
  });

  it("falls back to the backend's dictionary text, then to the value", () => {
    expect(fieldText(sex, { sex: "9", sex_dictText: "未知" })).toBe("未知");
    expect(fieldText({ name: "departs", label: "部门", kind: "custom" }, { departs: "d1", departs_dictText: "教务处" })).toBe("教务处");
    expect(fieldText({ name: "name", label: "名称", kind: "text" }, { name: "张三" })).toBe("张三");
    expect(fieldText({ name: "name", label: "名称", kind: "text" }, { name: null })).toBe("");
  });

  it("leaves out passwords, fields only for adding and fields hidden for the record", () => {
    const fields: FormField[] = [
      { name: "username", label: "账号", kind: "text" },
      { name: "password", label: "密码", kind: "password", onlyOnAdd: true },
      { name: "initial", label: "初始值", kind: "text", onlyOnAdd: true },
      { name: "url", label: "地址", kind: "text", visibleWhen: (values) => values.menuType === "1" },
    ];
    expect(detailFields(fields, { menuType: "0" }).map((field) => field.name)).toEqual(["username"]);
    expect(detailFields(fields, { menuType: "1" }).map((field) => field.name)).toEqual(["username", "url"]);
  });
});
