// 表格示例: the demo grid's 20 columns, one of every column type of docs/spec/widgets.md §3, and the
// rows the backend keeps (backend/modules/demo/grid). Declarations only (docs/style.md).
import type { GridColumn, GridRow } from "~/components/widgets/grid";

export const DEMO_GRID_URL = { list: "/demo/gridRow/list", saveAll: "/demo/gridRow/saveAll" } as const;
export const DEMO_GRID_FIELD = "rows";

const LEVELS = [
  { value: "A", text: "优" },
  { value: "B", text: "良" },
  { value: "C", text: "中" },
];
const HOBBIES = [
  { value: "music", text: "音乐" },
  { value: "sport", text: "运动" },
  { value: "art", text: "美术" },
  { value: "reading", text: "阅读" },
];
const CITIES = [
  { value: "beijing", text: "北京" },
  { value: "shanghai", text: "上海" },
  { value: "guangzhou", text: "广州" },
  { value: "shenzhen", text: "深圳" },
];

export const demoGridColumns: GridColumn[] = [
  { key: "name", title: "名称", type: "input", placeholder: "请输入${title}", validateRules: [{ required: true }, { unique: true }] },
  { key: "age", title: "年龄", type: "inputNumber", statistics: ["sum", "average"], validateRules: [{ pattern: "n" }] },
  { key: "sex", title: "性别", type: "select", dictCode: "sex" },
  { key: "birthday", title: "生日", type: "date" },
  { key: "checkIn", title: "报到时间", type: "datetime" },
  { key: "classTime", title: "上课时间", type: "time" },
  { key: "active", title: "在读", type: "checkbox", customValue: ["1", "0"], defaultChecked: true },
  { key: "level", title: "等级", type: "radio", options: LEVELS, width: 170 },
  { key: "hobbies", title: "爱好", type: "list_multi", options: HOBBIES, width: 160 },
  { key: "city", title: "城市", type: "sel_search", options: CITIES },
  { key: "teacher", title: "老师", type: "sel_search_async", dictCode: "sys_user,realname,username", width: 150 },
  { key: "depart", title: "部门", type: "sel_depart" },
  { key: "owner", title: "负责人", type: "sel_user" },
  { key: "remark", title: "备注", type: "textarea", width: 150 },
  { key: "attachment", title: "附件", type: "file", width: 160 },
  { key: "photo", title: "照片", type: "image", width: 160 },
  { key: "document", title: "文档", type: "upload", width: 160 },
  // The popup picker over the users list: the chosen user's account fills this cell, the name 备注.
  { key: "reportCode", title: "联系人", type: "popup", popupCode: "users", orgFields: "username,realname", destFields: "reportCode,remark", width: 140 },
  { key: "summary", title: "概要", type: "slot", width: 140 },
  { key: "hiddenCode", title: "隐藏", type: "hidden", defaultValue: "demo" },
];

/** The fields a demo row stores (the slot column shows, it does not store). */
export const DEMO_GRID_FIELDS = ["orderNum", ...demoGridColumns.filter((column) => column.type !== "slot").map((column) => column.key)];

/** A backend record as a grid row: text values, blanks for nulls. */
export function toDemoGridRow(record: Record<string, unknown>): GridRow {
  const row: GridRow = { id: String(record.id) };
  for (const field of DEMO_GRID_FIELDS) row[field] = record[field] === null || record[field] === undefined ? "" : String(record[field]);
  return row;
}

/** Rows for the benchmark: `count` rows of every column. */
export function generatedDemoRows(count: number): GridRow[] {
  const rows: GridRow[] = [];
  for (let index = 0; index < count; index += 1) {
    rows.push({
      id: `bench${index}`,
      orderNum: String(index + 1),
      name: `学生${index + 1}`,
      age: String(6 + (index % 12)),
      sex: index % 2 === 0 ? "1" : "2",
      birthday: "2015-09-01",
      checkIn: "2024-09-01 08:00:00",
      classTime: "08:30:00",
      active: "1",
      level: LEVELS[index % 3].value,
      hobbies: "music,art",
      city: CITIES[index % 4].value,
      teacher: "",
      depart: "",
      owner: "",
      remark: "",
      attachment: "",
      photo: "",
      document: "",
      reportCode: "",
      hiddenCode: "demo",
    });
  }
  return rows;
}
