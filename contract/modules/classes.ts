// 学年 and 班级管理 (issue #29 items 1-2, docs/decisions/115-116): school years with their two terms,
// one of them current, and the classes of a year with grade, homeroom teacher, capacity and room.
// A student belongs to one class per school year; school_student.class_id is the current year's.
import { defineModule } from "./module";
import { CLASS_DICT, TEACHER_DICT } from "./people";

/** The table dictionary of school years (a class's year). */
export const YEAR_DICT = "school_year,name,id";

/** `2026-2027`: two consecutive years. */
export const YEAR_NAME_PATTERN = { regex: /^(\d{4})-(\d{4})$/, message: "学年格式为2026-2027" };
const CLASS_CAPACITY_PATTERN = { regex: /^[1-9]\d{0,2}$/, message: "容量请输入1到999的整数" };

/** The name of the year after `name` (2026-2027 → 2027-2028), or undefined when not a year name. */
export function nextYearName(name: string): string | undefined {
  const match = YEAR_NAME_PATTERN.regex.exec(name);
  if (!match) return undefined;
  const first = Number(match[1]) + 1;
  return `${first}-${first + 1}`;
}

export const ClassMessages = {
  yearNameSequence: "学年的两个年份必须相连，如2026-2027",
  termDates: "学期日期须依次为：上学期开始、上学期结束、下学期开始、下学期结束",
  oneCurrentYear: "只能有一个当前学年",
  noCurrentYear: "尚未设置当前学年",
  yearHasClasses: "该学年下已有班级，不能删除",
  duplicateClass: "该学年已有同名班级",
  classFull: (name: string, capacity: number) => `班级${name}已满（容量${capacity}人）`,
  classNotCurrent: "只能选择当前学年的班级",
  classHasStudents: "班级中还有学生，不能删除",
  unknownClass: "班级不存在",
  unknownTeacher: "班主任不存在",
  capacityBelowStudents: (count: number) => `容量不能少于班级现有人数${count}`,
  promoted: (students: number, graduates: number, year: string) => `升级完成：${students}名学生升入${year}学年，${graduates}名学生毕业`,
  nothingToPromote: "当前学年没有班级，无需升级",
  nextYearHasClasses: (year: string) => `${year}学年已有班级，不能再次升级`,
  noPromotion: "没有可撤销的升级",
  undoAfterBill: (year: string) => `${year}学年已有账单，不能撤销升级`,
  undone: (students: number) => `已撤销升级，${students}名学生回到原班级`,
} as const;

export const schoolYearModule = defineModule({
  title: "学年",
  table: "school_year",
  api: "/school/year",
  page: "/school/year",
  permissionPrefix: "schoolYear",
  fields: {
    name: { label: "学年", required: "请输入学年!", pattern: YEAR_NAME_PATTERN, unique: true, show: { search: true } },
    term1Start: { label: "上学期开始", type: "date", required: "请选择上学期开始日期!" },
    term1End: { label: "上学期结束", type: "date", required: "请选择上学期结束日期!" },
    term2Start: { label: "下学期开始", type: "date", required: "请选择下学期开始日期!" },
    term2End: { label: "下学期结束", type: "date", required: "请选择下学期结束日期!" },
    isCurrent: { label: "当前学年", dict: "yn", required: "请选择是否当前学年!", show: { search: true } },
    remark: { label: "备注", maxLength: 200, show: { list: false, query: false } },
  },
});

export const classModule = defineModule({
  title: "班级",
  table: "school_class",
  api: "/school/class",
  page: "/school/class",
  permissionPrefix: "schoolClass",
  fields: {
    yearId: { label: "学年", dict: YEAR_DICT, required: "请选择学年!", show: { search: true } },
    grade: { label: "年级", dict: "grade", required: "请选择年级!", show: { search: true } },
    name: { label: "班级名称", required: "请输入班级名称!", maxLength: 50, show: { search: true } },
    teacherId: { label: "班主任", dict: TEACHER_DICT },
    capacity: { label: "容量", type: "int", pattern: CLASS_CAPACITY_PATTERN },
    room: { label: "教室", maxLength: 50 },
    remark: { label: "备注", maxLength: 200, show: { list: false, query: false } },
  },
});

/** A row of a class's roster: the student and the parent who pays. */
export interface RosterRow {
  studentId: string;
  studentNo: string;
  nameCn: string;
  nameEn: string | null;
  sex: string | null;
  status: string | null;
  payerName: string | null;
  payerPhone: string | null;
  payerRelation: string | null;
  /** The student's photo (a stored file's path), shown on the roster. */
  photo: string | null;
}

/** One class's move in a promotion's preview. */
export interface PromotionClassPlan {
  classId: string;
  className: string;
  grade: string;
  students: number;
  /** Undefined for the last grade: its students graduate. */
  nextGrade?: string;
  nextClassName?: string;
}

export interface PromotionPlan {
  fromYear: string;
  toYear: string;
  /** Whether the next year exists already or will be created with the same term dates a year on. */
  createsYear: boolean;
  classes: PromotionClassPlan[];
  students: number;
  graduates: number;
  /** Students of the year's classes who are not 在读 (休学, …): they keep last year's class only. */
  leftBehind: number;
}
