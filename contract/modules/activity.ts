// 活动管理 (docs/spec/school-domain.md "Activities and the shop"): activities, sign-ups, community
// activities and third-party activities. Status fields are moved by actions on the backend (never
// edited); fees are `decimal` (numeric in the database, integer fen in code: contract/money.ts).
import { defineModule } from "./module";
import { AMOUNT_PATTERN } from "./billing";

const created = { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, form: false } } as const;
const CAPACITY_PATTERN = { regex: /^[1-9]\d{0,4}$/, message: "名额请输入1到99999的整数" };

/** dict activity_status: 草稿 → 报名中 → 已结束; 草稿 or 报名中 → 取消. */
export const ActivityStatus = { draft: "1", open: "2", ended: "3", cancelled: "4" } as const;
/** dict signup_status. */
export const SignupStatus = { pending: "1", confirmed: "2", cancelled: "3", waiting: "4" } as const;
/** The statuses that hold a place (候补 and 已取消 hold none). */
export const PLACE_HOLDING_STATUSES = [SignupStatus.pending, SignupStatus.confirmed] as const;
/** dict attendance_status: 出勤 of a signed-up student at one session of an activity. */
export const AttendanceStatus = { present: "1", absent: "2", excused: "3" } as const;
export const ATTENDANCE_TEXT: Record<string, string> = { "1": "出席", "2": "缺席", "3": "请假" };
/** One bulk sign-up's outcome per student (批量报名). */
export const BulkSignupOutcome = { signedUp: "成功", waiting: "候补", notEligible: "不符合年级", already: "已报名" } as const;
/** At most this many students in one bulk sign-up (a class is well under it). */
export const MAX_BULK_SIGNUP = 500;
/** The kind of an activity row: the school's own, or a community activity (open to parents and staff). */
export const ActivityKind = { school: "1", community: "2" } as const;

/** The actions that move an activity's status, each from the statuses it may start from. */
export const ACTIVITY_TRANSITIONS = {
  open: { label: "开放报名", from: [ActivityStatus.draft], to: ActivityStatus.open },
  end: { label: "结束", from: [ActivityStatus.open], to: ActivityStatus.ended },
  cancel: { label: "取消", from: [ActivityStatus.draft, ActivityStatus.open], to: ActivityStatus.cancelled },
} as const;
export type ActivityTransition = keyof typeof ACTIVITY_TRANSITIONS;

export const ActivityMessages = {
  full: "名额已满，报名失败",
  /** A sign-up beyond capacity joins the waiting list (docs/decisions/162). */
  waiting: (position: number) => `名额已满，已加入候补，第${position}位`,
  signedUp: "报名成功",
  notEligible: (student: string, grade: string, grades: string) => `学生 ${student}（${grade}）不在本活动的适用年级（${grades}）内，不能报名`,
  bulkEmpty: "请选择班级或学生",
  bulkTooMany: `一次最多报名${MAX_BULK_SIGNUP}名学生`,
  promotedTitle: (activity: string) => `活动候补转正：${activity}`,
  promotedBody: (parent: string, student: string, activity: string) =>
    `${parent}您好：${student} 报名的活动「${activity}」有名额空出，已由候补转为正式报名（待确认）。如不再参加，请联系学校取消。`,
  attendanceNotSignedUp: "出勤只能记录已报名（待确认或已确认）的学生",
  badAttendance: "出勤请选择出席、缺席或请假",
  badSessionDate: "请选择场次日期",
  notOpen: "活动未开放报名",
  deadlinePassed: "报名已截止",
  signedUpAlready: "该学生已报名此活动",
  unknownActivity: "活动不存在",
  unknownStudent: "学生不存在",
  cancelledAlready: "该报名已取消",
  confirmedAlready: "该报名已确认",
  waitingNotConfirmable: "候补中的报名不能确认，请等待名额空出",
  billPaid: "该报名的账单已有付款，不能取消",
  noPayer: (student: string) => `学生 ${student} 无付款人（付款家长或付费企业），不能确认收费活动的报名，请先在学生档案中设置`,
  refundDue: (billNo: string) => `活动已取消，费用已缴（账单 ${billNo}），待退款`,
  /** A paid sign-up cancelled by someone without 退费 (docs/decisions/148). */
  signupRefundDue: (billNo: string) => `报名已取消，费用已缴（账单 ${billNo}），待退费`,
  activityCancelled: (cancelled: number, refundBills: readonly string[]) =>
    `取消成功${cancelled ? `，已取消${cancelled}个报名` : ""}${refundBills.length ? `；${refundBills.length}张账单已缴费，请办理退款：${refundBills.join("、")}` : ""}`,
  confirmedNotDeletable: "已确认的报名不能删除，请先取消",
  closedNotEditable: "已结束或已取消的活动不能修改",
  deadlineAfterStart: "报名截止时间不能晚于开始时间",
  endBeforeStart: "结束时间不能早于开始时间",
  badTransition: (label: string) => `当前状态不能${label}`,
  capacityBelowSignups: (count: number) => `名额不能少于已报名人数${count}`,
} as const;

const activityFields = {
  title: { label: "活动名称", required: "请输入活动名称!", maxLength: 100, show: { search: true } },
  type: { label: "活动类型", dict: "activity_type", required: "请选择活动类型!", show: { search: true } },
  cover: { label: "封面", maxLength: 500, show: { list: false, query: false } },
  startTime: { label: "开始时间", type: "datetime", required: "请输入开始时间!" },
  endTime: { label: "结束时间", type: "datetime" },
  location: { label: "地点", maxLength: 200 },
  capacity: { label: "名额", type: "int", required: "请输入名额!", pattern: CAPACITY_PATTERN },
  fee: { label: "费用", type: "decimal", money: true, pattern: AMOUNT_PATTERN },
  signupDeadline: { label: "报名截止", type: "datetime", required: "请输入报名截止时间!" },
  content: { label: "活动内容", type: "text", show: { list: false, query: false, excel: false } },
  status: { label: "状态", dict: "activity_status", readOnly: true, show: { search: true } },
  // 适用年级 (docs/decisions/162): values of the 年级 dictionary joined by commas; empty = all.
  grades: { label: "适用年级", dict: "grade", maxLength: 200, show: { query: false } },
} as const;

export const activityModule = defineModule({
  title: "活动",
  table: "act_activity",
  api: "/activity/activity",
  page: "/activity/activity",
  permissionPrefix: "activity",
  fields: { ...activityFields, createTime: created },
});

export const communityActivityModule = defineModule({
  title: "社区活动",
  table: "act_activity",
  api: "/activity/community",
  page: "/activity/community",
  permissionPrefix: "community",
  fields: { ...activityFields, organiser: { label: "组织者", maxLength: 100, show: { search: true } }, createTime: created },
});

/** The module of either kind of activity. */
export type ActivityModule = typeof activityModule | typeof communityActivityModule;

/**
 * 出勤 per kind of activity (docs/decisions/162, 168): each kind's sheet is reached from its own menu
 * page, saved with its own button (`<prefix>:attendance`), and reads only activities of its kind.
 */
export const ATTENDANCE_BOOKS = {
  school: { kind: ActivityKind.school, module: activityModule, api: "/activity/attendance", page: "/activity/attendance" },
  community: { kind: ActivityKind.community, module: communityActivityModule, api: "/activity/community/attendance", page: "/activity/community/attendance" },
} as const;
export type AttendanceBook = (typeof ATTENDANCE_BOOKS)[keyof typeof ATTENDANCE_BOOKS];
/** The button that saves a kind's attendance: `activity:attendance`, `community:attendance`. */
export const attendancePermission = (book: AttendanceBook) => `${book.module.permissionPrefix}:attendance` as const;
/** The book whose page (or print view, `<page>/print`) `pathname` is. */
export function attendanceBookOf(pathname: string): AttendanceBook {
  return Object.values(ATTENDANCE_BOOKS).find((book) => pathname === book.page || pathname === `${book.page}/print`) ?? ATTENDANCE_BOOKS.school;
}

export const signupModule = defineModule({
  title: "报名",
  table: "act_signup",
  api: "/activity/signup",
  page: "/activity/signup",
  permissionPrefix: "signup",
  fields: {
    activityId: { label: "活动", dict: "act_activity,title,id", required: "请选择活动!", fixed: true, show: { search: true } },
    studentId: { label: "学生", dict: "school_student,name_cn,id", required: "请选择学生!", fixed: true },
    parentId: { label: "家长", dict: "school_parent,name,id" },
    signupTime: { label: "报名时间", type: "datetime", readOnly: true },
    status: { label: "状态", dict: "signup_status", readOnly: true, show: { search: true } },
    paid: { label: "已缴费", dict: "yn", readOnly: true },
    // The bill a confirmed paid sign-up created or added to (its number is shown beside it).
    billId: { label: "账单", readOnly: true, show: { list: false, excel: false, query: false }, shownBy: "billNo" },
    // The refund (退费, a negative payment) made when the paid sign-up was cancelled.
    refundPaymentId: { label: "退费", readOnly: true, show: { list: false, excel: false, query: false }, shownBy: "refundNo" },
    // 候补's arrival number; the list shows the position among those still waiting (waitlistPosition).
    waitlistNo: { label: "候补序号", type: "int", readOnly: true, show: { list: false, excel: false, query: false, form: false, detail: false } },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    createTime: created,
  },
});

export const thirdPartyModule = defineModule({
  title: "第三方活动",
  table: "act_third_party",
  api: "/activity/thirdParty",
  page: "/activity/thirdParty",
  permissionPrefix: "thirdParty",
  fields: {
    provider: { label: "合作机构", required: "请输入合作机构!", maxLength: 100, show: { search: true } },
    title: { label: "活动名称", required: "请输入活动名称!", maxLength: 100, show: { search: true } },
    startTime: { label: "开始时间", type: "datetime" },
    endTime: { label: "结束时间", type: "datetime" },
    location: { label: "地点", maxLength: 200 },
    fee: { label: "费用", type: "decimal", money: true, pattern: AMOUNT_PATTERN },
    contact: { label: "联系人", maxLength: 50 },
    phone: { label: "联系电话", maxLength: 30 },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    createTime: created,
  },
});

/** The students grid of a third-party activity. */
export const THIRD_PARTY_STUDENT_FIELDS = {
  studentId: { label: "学生", dict: "school_student,name_cn,id", required: "请选择学生!" },
  remark: { label: "备注" },
} as const;
export const REPEATED_STUDENT_MESSAGE = "学生不能重复";
