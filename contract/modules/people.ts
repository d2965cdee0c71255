// 学籍管理 (school-domain.md "People"): students with their parents, parents, the corporations
// that employ them and pay fees, and teachers. Each is one definition; the backend
// (backend/modules/people) and the pages (app/routes/people) derive from it.
import { defineModule, type ModuleField } from "./module";

/** The table dictionary of corporations: what corpId fields choose from and show. */
export const CORPORATION_DICT = "school_corporation,name,id";
/** The table dictionary of parents (the student's parents grid). */
export const PARENT_DICT = "school_parent,name,id";
/** The table dictionary of classes: the current school year's only (contract/modules/classes.ts). */
export const CLASS_DICT = "school_class,name,id";
/** The table dictionary of teachers (a class's homeroom teacher). */
export const TEACHER_DICT = "school_teacher,name,id";
/** The table dictionary of staff accounts (a teacher's 登录账号). */
export const TEACHER_ACCOUNT_DICT = "sys_user,realname,id";
/** A teacher's 登录账号 that is not an account of the school, or is another teacher's already. */
export const TeacherAccountMessages = {
  unknown: "登录账号不存在",
  taken: (name: string) => `该登录账号已是教师「${name}」的账号`,
};

/** What parents and teachers both are: a person with a name, sex and contacts. */
const personFields = {
  name: { label: "姓名", required: "请输入姓名!", maxLength: 50, show: { search: true } },
  nameEn: { label: "英文名", maxLength: 100 },
  sex: { label: "性别", dict: "sex" },
  phone: { label: "手机号", pattern: "m", maxLength: 20, sensitive: "phone" },
  email: { label: "邮箱", pattern: "e", maxLength: 100, sensitive: "email" },
} as const satisfies Record<string, ModuleField>;

export const corporationModule = defineModule({
  title: "企业信息",
  table: "school_corporation",
  api: "/school/corporation",
  page: "/school/corporation",
  permissionPrefix: "corporation",
  fields: {
    name: { label: "企业名称", required: "请输入企业名称!", maxLength: 100, unique: true, show: { search: true } },
    shortName: { label: "简称", maxLength: 50 },
    contact: { label: "联系人", maxLength: 50 },
    email: { label: "账单邮箱", pattern: "e", maxLength: 100 },
    phone: { label: "电话", maxLength: 30 },
    taxNo: { label: "税号", pattern: "alnum20", show: { list: false } },
    address: { label: "地址", maxLength: 200, show: { list: false } },
    billingCycle: { label: "结算周期", dict: "corp_billing_cycle", show: { search: true } },
    status: { label: "状态", dict: "corp_status", required: "请选择状态!", show: { search: true } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, list: false } },
  },
});

export const studentModule = defineModule({
  title: "学生信息",
  table: "school_student",
  api: "/school/student",
  page: "/school/student",
  permissionPrefix: "student",
  fields: {
    // From the fill rule `student_no` when added (backend); shown, never typed.
    studentNo: { label: "学号", readOnly: true, show: { search: true } },
    nameCn: { label: "中文名", required: "请输入中文名!", maxLength: 50, show: { search: true } },
    nameEn: { label: "英文名", maxLength: 100, show: { search: true } },
    sex: { label: "性别", dict: "sex", required: "请选择性别!" },
    birthday: { label: "生日", type: "date", show: { list: false } },
    nationality: { label: "国籍", dict: "nationality" },
    passportNo: { label: "护照号", pattern: "idNumber", maxLength: 50, sensitive: "idNumber", show: { list: false } },
    grade: { label: "年级", dict: "grade", required: "请选择年级!", show: { search: true } },
    // The class of the current school year (班级管理); the grade follows it.
    classId: { label: "班级", dict: CLASS_DICT, show: { search: true } },
    enrollDate: { label: "入学日期", type: "date" },
    status: { label: "状态", dict: "student_status", required: "请选择状态!", show: { search: true } },
    corpId: { label: "付费企业", dict: CORPORATION_DICT },
    photo: { label: "照片", maxLength: 500, show: { list: false, excel: false, query: false } },
    remark: { label: "备注", type: "text", maxLength: 500, show: { list: false, query: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, list: false } },
  },
});

/** The fields of a row of the student's parents grid (school_student_parent). */
export const STUDENT_PARENT_FIELDS = {
  parentId: { label: "家长", dict: PARENT_DICT, required: "请选择家长!" },
  relation: { label: "关系", dict: "parent_relation", required: "请选择关系!" },
  isPayer: { label: "付款人" },
} as const satisfies Record<string, ModuleField>;

/**
 * A parent added with the student (the form's 新增家长, an imported family): the parent module's own
 * fields, checked by it. Saved in the student's transaction; a parent with the same phone (found by its
 * search hash) is that parent, not a second one (docs/decisions/163).
 */
export interface NewParent {
  name: string;
  nameEn?: string;
  sex?: string;
  phone?: string;
  email?: string;
}

/** A row of the student's parents grid, as the form sends it and the backend saves it: an existing parent, or a new one. */
export interface StudentParentRow {
  /** The chosen parent; empty when `parent` is new. */
  parentId: string;
  relation: string;
  isPayer: boolean;
  parent?: NewParent;
}

export const StudentParentMessages = {
  /** A new parent's phone is another parent's (names differ). */
  phoneOfOther: (name: string) => `该手机号已是家长${name}的手机号`,
  /** A masked phone (an export without 查看敏感信息) that names no parent of that name: never written. */
  maskedUnmatched: "手机号已脱敏，找不到同名同号的家长",
  /** Adding a parent with the student needs the parent's own 添加 button. */
  mayNotAdd: "没有新增家长的权限",
} as const;

/**
 * The student export's and import's parent columns (家长1姓名 … 家长2付款人): two parents per student,
 * the payer flagged; the import matches a parent by phone or adds him (docs/decisions/163).
 */
export const EXCEL_PARENT_SLOTS = 2;
export const EXCEL_PARENT_COLUMNS = [
  { key: "Name", title: "姓名" },
  { key: "Relation", title: "关系" },
  { key: "Phone", title: "手机" },
  { key: "Email", title: "邮箱" },
  { key: "Payer", title: "付款人" },
] as const;
export const excelParentProperty = (slot: number, key: (typeof EXCEL_PARENT_COLUMNS)[number]["key"]) => `parent${slot}${key}`;

/** 批量操作 of the student list beyond 删除: each its own button, granted where 编辑 is (migration 0850). */
export const StudentBulkButtons = { assignClass: "student:batch_class", changeStatus: "student:batch_status", setPayer: "student:batch_payer" } as const;
export const StudentBulkMessages = {
  noStudents: "请选择学生",
  unknownStatus: "请选择状态",
  assigned: (count: number, className: string) => `已将${count}名学生分到${className}`,
  statusChanged: (count: number, status: string) => `已将${count}名学生的状态改为${status}`,
  noPayer: "请选择付款方",
  unknownPayer: "付款方不存在",
  notTheirParent: (parentName: string, students: readonly string[]) => `${parentName}不是以下学生的家长：${students.join("、")}，请先在学生表单中添加`,
  payerSet: (count: number, payerName: string, bills: number) =>
    `已将${count}名学生的付款方设为${payerName}${bills > 0 ? `，${bills}张未结清的账单随之转给新付款方` : ""}`,
} as const;

/** A parent listed twice in one student's grid. */
export const REPEATED_PARENT_MESSAGE = "同一位家长不能重复添加";

/** At most one payer among a student's parents (checked by the form and by the backend). */
export const ONE_PAYER_MESSAGE = "每个学生最多只能有一位付款人";

export const parentModule = defineModule({
  title: "家长信息",
  table: "school_parent",
  api: "/school/parent",
  page: "/school/parent",
  permissionPrefix: "parent",
  fields: {
    ...personFields,
    phone: { ...personFields.phone, show: { search: true } },
    wechatOpenId: { label: "微信OpenID", maxLength: 64, sensitive: "wechat", show: { list: false } },
    nationality: { label: "国籍", dict: "nationality" },
    corpId: { label: "工作单位", dict: CORPORATION_DICT, show: { search: true } },
    position: { label: "职位", maxLength: 100, show: { list: false } },
    remark: { label: "备注", type: "text", maxLength: 500, show: { list: false, query: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, list: false } },
  },
});

export const teacherModule = defineModule({
  title: "教师信息",
  table: "school_teacher",
  api: "/school/teacher",
  page: "/school/teacher",
  permissionPrefix: "teacher",
  fields: {
    teacherNo: { label: "工号", required: "请输入工号!", pattern: "alnum20", unique: true, fixed: true, show: { search: true } },
    ...personFields,
    subject: { label: "任教学科", dict: "subject", show: { search: true } },
    departId: { label: "所属部门", dict: "sys_depart,depart_name,id" },
    hireDate: { label: "入职日期", type: "date" },
    status: { label: "状态", dict: "teacher_status", required: "请选择状态!", show: { search: true } },
    // The staff account that is this teacher: his 首页 shows the classes he is 班主任 of (docs/decisions/186).
    userId: { label: "登录账号", dict: TEACHER_ACCOUNT_DICT, show: { list: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, list: false } },
  },
});
