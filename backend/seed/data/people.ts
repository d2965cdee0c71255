// The demo school's people (issue #12 A): 20 corporations, 40 teachers, about 300 students in
// families of one to three children with two parents each, and the fill rules of numbers.
// Deterministic: a seeded random generator and stable ids, so every fresh database is the same
// (student numbers carry the seeding year). Inserted in a few multi-row statements.
import { stableId } from "../../db/ids";
import * as schema from "../../db/schema";
import { demoTerm } from "./billing";
import { formatNumber, periodOf, type SerialRule } from "../../modules/system/fill-rule/fill-number";

export interface FillRuleSeed extends SerialRule {
  code: string;
  name: string;
}

export const fillRules: FillRuleSeed[] = [
  { code: "student_no", name: "学号", prefix: "S", datePattern: "yyyy", seqDigits: 4, resetCycle: "year" },
  { code: "bill_no", name: "账单号", prefix: "BL", datePattern: "yyyyMMdd", seqDigits: 4, resetCycle: "day" },
  { code: "receivable_no", name: "应收账单号", prefix: "AR", datePattern: "yyyyMM", seqDigits: 4, resetCycle: "month" },
  { code: "receipt_no", name: "收据号", prefix: "RC", datePattern: "yyyyMMdd", seqDigits: 4, resetCycle: "day" },
];

export const DEMO_STUDENT_COUNT = 300;

/** mulberry32: a small seeded generator (the same sequence on every run; also the topology bench's think times). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭", "何", "林", "高", "罗"];
const GIVEN = ["子涵", "欣怡", "梓萱", "浩然", "宇轩", "雨桐", "思远", "一诺", "佳琪", "俊杰", "沐晨", "若曦", "天佑", "诗涵", "明轩", "可馨", "博文", "语嫣", "皓轩", "心怡"];
const FIRST_EN = ["Oliver", "Emma", "Liam", "Sophia", "Noah", "Mia", "Lucas", "Chloe", "Ethan", "Lily", "Leo", "Grace", "Max", "Hannah", "Felix", "Zoe", "Adam", "Ella", "Owen", "Ava"];
const LAST_EN = ["Smith", "Müller", "Martin", "Tanaka", "Kim", "Tan", "Brown", "Wilson", "Rossi", "Jansen", "Larsson", "Taylor", "Schmidt", "Dubois", "Sato", "Lee"];
const NATIONALITIES = ["US", "GB", "DE", "FR", "JP", "KR", "SG", "CA", "AU", "HK", "IT", "NL", "SE", "CN"];
const CORPORATIONS = [
  "西门子（中国）有限公司", "宝马（中国）汽车贸易有限公司", "巴斯夫（中国）有限公司", "三星（中国）投资有限公司", "丰田汽车（中国）投资有限公司",
  "空中客车（北京）工程技术中心", "诺华（中国）生物医学研究有限公司", "壳牌（中国）有限公司", "雀巢（中国）有限公司", "博世（中国）投资有限公司",
  "索尼（中国）有限公司", "欧莱雅（中国）有限公司", "汇丰银行（中国）有限公司", "微软（中国）有限公司", "宜家（中国）投资有限公司",
  "大众汽车（中国）投资有限公司", "松下电器（中国）有限公司", "联合利华（中国）有限公司", "阿斯利康投资（中国）有限公司", "施耐德电气（中国）有限公司",
];
const SUBJECTS = ["1", "2", "3", "4", "5", "6", "7", "8"];
const TEACHER_DEPARTS = ["A01A02A01", "A01A02A02", "A01A02"];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const pad = (value: number, width: number) => String(value).padStart(width, "0");
const day = (random: () => number, fromYear: number, years: number) =>
  `${fromYear + Math.floor(random() * years)}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 28), 2)}`;

export interface PeopleRows {
  fillRules: Array<typeof schema.sysFillRule.$inferInsert>;
  counters: Array<typeof schema.sysFillRuleCounter.$inferInsert>;
  corporations: Array<typeof schema.schoolCorporation.$inferInsert>;
  teachers: Array<typeof schema.schoolTeacher.$inferInsert>;
  students: Array<typeof schema.schoolStudent.$inferInsert>;
  parents: Array<typeof schema.schoolParent.$inferInsert>;
  links: Array<typeof schema.schoolStudentParent.$inferInsert>;
  years: Array<typeof schema.schoolYear.$inferInsert>;
  classes: Array<typeof schema.schoolClass.$inferInsert>;
}

/** 年级 texts of the demo classes' names (dictionary grade; 学前班's classes are 学前1班…). */
const GRADE_NAMES = ["学前", "一年级", "二年级", "三年级", "四年级", "五年级", "六年级", "七年级", "八年级", "九年级", "十年级", "十一年级", "十二年级"];
/** Classes per grade in the demo school. */
const CLASSES_PER_GRADE = 3;

/**
 * The demo's teachers who sign in (docs/decisions/186): the account's username → the demo teacher it
 * is (its index). Teacher 0 is 班主任 of 学前1班, teacher 1 of 学前2班 (classes go to teachers in turn).
 */
export const DEMO_TEACHER_ACCOUNTS: Record<string, number> = { teacher_li: 0, teacher_chen: 1 };

/** The id of the demo's teacher `index`. */
export const demoTeacherId = (index: number) => stableId("teacher", String(index));

/** The id of the demo year's class `number` (1…) of a grade (0 学前班 … 12). */
function demoClassId(grade: number, number: number): string {
  return stableId("school-class", "1", String(grade), String(number));
}

/** Every row of the demo people, for a seed made at `now` in the school's time zone. */
export function demoPeople(now: Date, timeZone: string, createBy: string): PeopleRows {
  const random = seededRandom(20260901);
  const studentRule = fillRules[0]!;
  const fillRuleRows = fillRules.map(({ code, name, ...rule }) => ({
    id: stableId("fill-rule", code),
    ruleCode: code,
    ruleName: name,
    ruleClass: "serial",
    ruleParams: JSON.stringify(rule),
    ...rule,
    createBy,
  }));

  const corporations = CORPORATIONS.map((name, index) => ({
    id: stableId("corporation", String(index)),
    tenantId: 1,
    name,
    shortName: name.replace(/（.*$/, ""),
    contact: `${pick(random, SURNAMES)}${pick(random, ["经理", "女士", "先生"])}`,
    email: `hr${pad(index + 1, 2)}@corp${pad(index + 1, 2)}.example`,
    phone: `010-${pad(60000000 + Math.floor(random() * 39999999), 8)}`,
    taxNo: `91110000${pad(Math.floor(random() * 1e9), 10)}`,
    address: `北京市朝阳区建国路${index + 1}号`,
    billingCycle: pick(random, ["1", "2", "3"]),
    status: index < 18 ? "1" : "0",
    createBy,
  }));

  const teachers = Array.from({ length: 40 }, (_, index) => {
    const foreign = random() < 0.4;
    return {
      id: demoTeacherId(index),
      tenantId: 1,
      teacherNo: `T${pad(index + 1, 4)}`,
      name: foreign ? `${pick(random, FIRST_EN)} ${pick(random, LAST_EN)}` : `${pick(random, SURNAMES)}${pick(random, GIVEN)}`,
      nameEn: foreign ? null : `${pick(random, FIRST_EN)}`,
      sex: random() < 0.6 ? "2" : "1",
      phone: `139${pad(10000000 + index * 7919, 8)}`,
      email: `teacher${pad(index + 1, 2)}@school.example`,
      subject: pick(random, SUBJECTS),
      departId: stableId("depart", pick(random, TEACHER_DEPARTS)),
      hireDate: day(random, 2012, 13),
      status: index < 37 ? "1" : pick(random, ["2", "3"]),
      createBy,
    };
  });

  const students: PeopleRows["students"] = [];
  const parents: PeopleRows["parents"] = [];
  const links: PeopleRows["links"] = [];
  const timeOf = (index: number) => new Date(now.getTime() - (DEMO_STUDENT_COUNT - index) * 60_000);
  for (let family = 0; students.length < DEMO_STUDENT_COUNT; family++) {
    const surnameEn = pick(random, LAST_EN);
    const surnameCn = pick(random, SURNAMES);
    const nationality = pick(random, NATIONALITIES);
    const corp = random() < 0.7 ? corporations[Math.floor(random() * corporations.length)]! : undefined;
    const familyParents = (["1", "2"] as const).map((relation, index) => {
      const id = stableId("parent", String(family), relation);
      parents.push({
        id,
        tenantId: 1,
        name: `${surnameCn}${pick(random, GIVEN)}`,
        nameEn: `${pick(random, FIRST_EN)} ${surnameEn}`,
        sex: relation,
        phone: `13${pick(random, ["5", "6", "8", "9"])}${pad((family * 2 + index) * 4099 + 10000000, 8).slice(-8)}`,
        email: `family${pad(family + 1, 3)}.${relation === "1" ? "father" : "mother"}@mail.example`,
        nationality,
        corpId: index === 0 ? (corp?.id ?? null) : null,
        position: index === 0 ? pick(random, ["经理", "工程师", "总监", "顾问"]) : null,
        createBy,
        createTime: timeOf(students.length),
      });
      return { id, relation };
    });
    const children = Math.min(1 + Math.floor(random() * 3), DEMO_STUDENT_COUNT - students.length);
    for (let child = 0; child < children; child++) {
      const index = students.length;
      const id = stableId("student", String(index));
      const grade = Math.floor(random() * 13);
      const enrollYear = Number(now.getUTCFullYear()) - Math.min(grade, 5);
      students.push({
        id,
        tenantId: 1,
        studentNo: formatNumber(studentRule, index + 1, now, timeZone),
        nameCn: `${surnameCn}${pick(random, GIVEN)}`,
        nameEn: `${pick(random, FIRST_EN)} ${surnameEn}`,
        sex: random() < 0.5 ? "1" : "2",
        birthday: day(random, now.getUTCFullYear() - 6 - grade, 1),
        nationality,
        passportNo: `${nationality}${pad(Math.floor(random() * 1e8), 8)}`,
        grade: String(grade),
        // The class of the demo year (在读 and 休学 only: see below), drawn where 班级 was typed.
        classId: demoClassId(grade, 1 + Math.floor(random() * CLASSES_PER_GRADE)) as string | null,
        enrollDate: `${enrollYear}-09-01`,
        status: random() < 0.94 ? "1" : pick(random, ["2", "3", "4"]),
        corpId: corp?.id ?? null,
        createBy,
        createTime: timeOf(index),
      });
      const student = students[students.length - 1]!;
      if (student.status !== "1" && student.status !== "2") student.classId = null;
      familyParents.forEach((parent, position) => {
        // The employer's parent pays when there is an employer, else the mother.
        const payer = corp ? position === 0 : position === 1;
        links.push({ id: stableId("student-parent", id, parent.id), tenantId: 1, studentId: id, parentId: parent.id, relation: parent.relation, isPayer: payer, sortNo: position });
      });
    }
  }
  // The counter continues after the demo numbers, so the next student gets 301.
  const counters = [{ tenantId: 1, ruleCode: studentRule.code, period: periodOf(studentRule.resetCycle, now, timeZone), value: students.length }];
  // The demo school year, current, with three classes per grade; each has a homeroom teacher.
  // The year today falls in, as the demo's bills (billing.ts demoTerm, issue #30 item 7).
  const DEMO_SCHOOL_YEAR = demoTerm(now, timeZone).schoolYear;
  const yearId = stableId("school-year", "1", DEMO_SCHOOL_YEAR);
  const first = Number(DEMO_SCHOOL_YEAR.slice(0, 4));
  const years = [
    {
      id: yearId,
      tenantId: 1,
      name: DEMO_SCHOOL_YEAR,
      term1Start: `${first}-09-01`,
      term1End: `${first + 1}-01-20`,
      term2Start: `${first + 1}-02-20`,
      term2End: `${first + 1}-07-10`,
      isCurrent: "Y",
      createBy,
    },
  ];
  const classes = GRADE_NAMES.flatMap((gradeName, grade) =>
    Array.from({ length: CLASSES_PER_GRADE }, (_, index) => ({
      id: demoClassId(grade, index + 1),
      tenantId: 1,
      yearId,
      grade: String(grade),
      name: `${gradeName}${index + 1}班`,
      teacherId: teachers[(grade * CLASSES_PER_GRADE + index) % teachers.length]!.id,
      capacity: 30,
      room: `${grade < 7 ? "A" : "B"}${pad(grade, 2)}${index + 1}`,
      createBy,
    })),
  );
  return { fillRules: fillRuleRows, counters, corporations, teachers, students, parents, links, years, classes };
}
