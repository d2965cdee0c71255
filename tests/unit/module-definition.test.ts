// One definition per module: the page's columns, search, form, zod schema and advanced query, and
// the backend's body rules, Excel columns and unique checks, all derived from contract/modules.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { columnName, defineModule, fieldsIn, moduleUrls, patternOf } from "#contract/modules/module";
import { NAMED_PATTERNS } from "#contract/modules/patterns";
import { modulePage, postedRows } from "~/components/widgets/list/module-page";
import { receiptModule, wechatTradeModule } from "#contract/modules/billing";
import { dataSourceModule } from "#contract/modules/data-source";

const pets = defineModule({
  title: "宠物信息",
  table: "demo_pet",
  api: "/demo/pet",
  page: "/demo/pet",
  permissionPrefix: "pet",
  fields: {
    petCode: { label: "编号", required: "请输入编号!", pattern: "code", maxLength: 8, unique: true, fixed: true, checkRule: "common", show: { search: true } },
    name: { label: "名字", required: "请输入名字!", show: { search: true } },
    kind: { label: "种类", dict: "pet_kind", show: { search: true } },
    phone: { label: "主人电话", pattern: "m", show: { list: false } },
    weight: { label: "体重", type: "decimal", show: { excel: false } },
    bornOn: { label: "生日", type: "date", show: { query: false } },
    serialNo: { label: "流水号", readOnly: true },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

describe("a module definition", () => {
  it("names its URLs, places and columns", () => {
    expect(moduleUrls(pets)).toMatchObject({ list: "/demo/pet/list", add: "/demo/pet/add", exportXls: "/demo/pet/exportXls", importExcel: "/demo/pet/importExcel" });
    expect(fieldsIn(pets, "search").map(([property]) => property)).toEqual(["petCode", "name", "kind"]);
    // Server-set fields never show in the form.
    expect(fieldsIn(pets, "form").map(([property]) => property)).toEqual(["petCode", "name", "kind", "phone", "weight", "bornOn"]);
    expect(fieldsIn(pets, "excel").map(([property]) => property)).toEqual(["petCode", "name", "kind", "phone", "bornOn", "serialNo"]);
    expect(columnName("petCode")).toBe("pet_code");
    expect(patternOf(pets.fields.phone)).toBe(NAMED_PATTERNS.m);
  });

  it("refuses a property that is not camelCase", () => {
    expect(() => defineModule({ ...pets, fields: { pet_code: { label: "x" } } })).toThrow(/camelCase/);
  });
});

describe("the page of a module", () => {
  const page = modulePage(pets, { columns: { name: { width: 120 } }, form: { bornOn: { placeholder: "哪天" } } });

  it("derives the columns with dictionary texts and the page's widths", () => {
    expect(page.columns.map((column) => column.dataIndex)).toEqual(["petCode", "name", "kind", "weight", "bornOn", "serialNo", "createTime"]);
    expect(page.columns.find((column) => column.dataIndex === "kind")).toMatchObject({ title: "种类", dict: true });
    expect(page.columns.find((column) => column.dataIndex === "name")).toMatchObject({ width: 120, sorter: true });
  });

  it("derives the search bar and the form with the loaded dictionaries", () => {
    const options = { pet_kind: [{ value: "1", label: "猫" }] };
    expect(page.dictCodes).toEqual(["pet_kind"]);
    expect(page.searchFields(options)).toEqual([
      { name: "petCode", label: "编号", kind: "text" },
      { name: "name", label: "名字", kind: "text" },
      { name: "kind", label: "种类", kind: "select", options: options.pet_kind },
    ]);
    const form = page.formFields(options);
    expect(form[0]).toEqual({
      name: "petCode",
      label: "编号",
      kind: "text",
      required: true,
      fixedOnEdit: true,
      checkRule: "common",
      duplicate: { tableName: "demo_pet", fieldName: "pet_code" },
    });
    expect(form.find((field) => field.name === "kind")).toMatchObject({ kind: "select", options: options.pet_kind });
    expect(form.find((field) => field.name === "bornOn")).toMatchObject({ kind: "date", placeholder: "哪天" });
  });

  it("checks the form with the definition's messages", () => {
    const messages = (values: Record<string, unknown>) => {
      const checked = page.list.form.safeParse(values);
      return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
    };
    expect(messages({ petCode: "cat_01", name: "咪咪" })).toEqual([]);
    expect(messages({ petCode: "", name: " " })).toEqual(["请输入编号!", "请输入名字!"]);
    expect(messages({ petCode: "cat-1", name: "x" })).toEqual([NAMED_PATTERNS.code.message]);
    expect(messages({ petCode: "cat_0123456", name: "x" })).toEqual(["最大长度8位字符"]);
    expect(messages({ petCode: "cat", name: "x", phone: "12345" })).toEqual(["请输入正确手机号"]);
    expect(messages({ petCode: "cat", name: "x", weight: "3.5kg" })).toEqual(["体重必须是数字"]);
    expect(messages({ petCode: "cat", name: "x", phone: "", weight: "3.50" })).toEqual([]);
  });

  it("offers only the operations its backend has (no 新增 on 收据 or 微信交易: issue #30)", () => {
    expect(Object.keys(modulePage(receiptModule).list.url).sort()).toEqual(["edit", "exportXls", "importExcel", "list", "queryById"]); // no 删除: a receipt is voided, never deleted (decision 106)
    expect(modulePage(wechatTradeModule).list.url.add).toBeUndefined();
    expect(modulePage(wechatTradeModule).list.url.edit).toBeUndefined();
    expect(modulePage(pets).list.url).toEqual(moduleUrls(pets));
  });

  it("requires a field on 新增 only where the definition says so (数据源管理's password: issue #30)", () => {
    const page = modulePage(dataSourceModule);
    const password = page.formFields({}).find((field) => field.name === "dbPassword");
    expect(password).toMatchObject({ requiredOnAdd: true });
    expect(password?.required).toBeUndefined();
    const values = { code: "school_pg", name: "主库", dbType: "4", dbUrl: "jdbc:postgresql://127.0.0.1:5432/school", dbUsername: "postgres", dbPassword: "" };
    const added = page.list.form.safeParse(values);
    expect(added.success ? null : added.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["dbPassword", "请输入密码!"]]);
    expect(page.list.form.safeParse({ ...values, id: "1" }).success).toBe(true);
  });

  it("sends fixed fields only when adding", () => {
    const values = { petCode: "cat", name: "咪咪" };
    expect(page.list.toBody!(values, undefined)).toEqual(values);
    expect(page.list.toBody!(values, "id-1")).toEqual({ name: "咪咪" });
  });

  it("extends its one schema with a page's own field, sent beside the rest (extendForm)", () => {
    // A grid's rows, as recordFields reads them from the form's named fields (none posted: no rows).
    const extended = page.extendForm({ lines: postedRows("请添加明细") }, ({ lines, ...values }, id, base) => ({ ...base(values, id), lines }));
    const checked = extended.list.form.safeParse({ petCode: "cat", name: "咪咪" });
    expect(checked.success ? [] : checked.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["lines", "请添加明细"]]);
    expect(extended.list.form.safeParse({ petCode: "cat", name: "咪咪", lines: '[{"amount":"1"}]' }).success).toBe(false);
    const values = extended.list.form.parse({ petCode: "cat", name: "咪咪", lines: [{ amount: "1" }] });
    // The base page's rule still holds (a fixed field goes on 新增 only), the new field goes parsed.
    expect(extended.list.toBody(values, "id-1")).toEqual({ name: "咪咪", lines: [{ amount: "1" }] });
    expect(extended.extendForm({ note: z.string().optional() }).list.toBody({ ...values, note: "x" } as never, undefined)).toEqual({ petCode: "cat", name: "咪咪", lines: [{ amount: "1" }], note: "x" });
    // The page it came from keeps its own schema.
    expect(page.list.form.safeParse({ petCode: "cat", name: "咪咪" }).success).toBe(true);
  });

  it("derives the advanced query with dictionaries and types", () => {
    expect(page.superQuery).toEqual([
      { value: "petCode", text: "编号", type: "string" },
      { value: "name", text: "名字", type: "string" },
      { value: "kind", text: "种类", type: "list", dictCode: "pet_kind" },
      { value: "phone", text: "主人电话", type: "string" },
      { value: "weight", text: "体重", type: "number" },
      { value: "serialNo", text: "流水号", type: "string" },
      { value: "createTime", text: "创建时间", type: "datetime" },
    ]);
  });
});

describe("the backend's CRUD of a module", async () => {
  const { positionCrud } = await import("../../backend/modules/system/position/position-endpoints");
  const { positionModule } = await import("#contract/modules/position");

  it("derives the URLs, the Excel sheet and its unique checks from the definition", () => {
    expect(positionCrud.config).toMatchObject({ basePath: positionModule.api, pagePath: positionModule.page, permissionPrefix: "position" });
    expect(positionCrud.config.excel).toMatchObject({
      title: "职务信息",
      columns: [
        { property: "code", title: "职务编码", required: true },
        { property: "name", title: "职务名称", required: true },
        { property: "postRank", title: "职级" },
      ],
      unique: ["code"],
    });
    expect(positionCrud.entity.fields.find((field) => field.property === "postRank")?.dictCode).toBe("position_rank");
    expect(positionCrud.endpoints.map((endpoint) => endpoint.path)).toEqual(expect.arrayContaining(["/sys/position/list", "/sys/position/exportXls", "/sys/position/importExcel"]));
  });

  it("serves only the operations the definition offers", async () => {
    const { receiptCrud } = await import("../../backend/modules/billing/receipt/receipt-endpoints");
    const paths = receiptCrud.endpoints.map((endpoint) => endpoint.path);
    expect(paths).toEqual(expect.arrayContaining(["/billing/receipt/list", "/billing/receipt/edit", "/billing/receipt/queryById"]));
    expect(paths).not.toContain("/billing/receipt/add");
  });

  it("checks bodies with the same messages as the page, and never takes server fields", () => {
    const problem = (body: Record<string, unknown>) => {
      try {
        positionCrud.validate(body, "add");
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problem({ name: "x" })).toBe(positionModule.fields.code.required);
    expect(problem({ code: "a-b", name: "x" })).toBe(NAMED_PATTERNS.code.message);
    expect(problem({ code: "abc", name: "名".repeat(101) })).toBe("职务名称长度不能超过100个字符");
    expect(positionCrud.validate({ code: "abc", name: "x", createTime: "2020-01-01 00:00:00" }, "add")).toEqual({ code: "abc", name: "x" });
  });
});
