// 首页 (/dashboard/analysis): the figures GET /school/dashboard/figures answers, read by the page's
// loader. Counts are numbers; money is yuan text as the database sums it (contract/money.ts).

import { activityModule, signupModule } from "./modules/activity";
import { paymentModule, receivableModule } from "./modules/billing";
import { studentModule } from "./modules/people";

export const DASHBOARD_PAGE = "/dashboard/analysis";
/** 我的消息: the caller's notices. */
export const MY_NOTICES_PAGE = "/isps/userAnnouncement";
export const DASHBOARD_FIGURES_API = "/school/dashboard/figures";
/** student_status 在读: the students by grade count only these. */
export const ACTIVE_STUDENT = "1";
/** receivable_status 未收, 部分收款: what is still owed. */
export const OPEN_RECEIVABLE_STATUSES = ["1", "2"] as const;

export interface CountBy {
  /** The dictionary value (student_status, grade, payer_type). */
  key: string;
  count: number;
}

export interface AmountBy {
  key: string;
  count: number;
  /** Yuan, two decimals. */
  amount: string;
}

/** One of the caller's classes (he is its 班主任), of the current school year. */
export interface TeacherClass {
  id: string;
  name: string;
  /** Its 在读 students. */
  students: number;
}

export interface MonthAmount {
  /** `YYYY-MM` in the school's time zone. */
  month: string;
  count: number;
  amount: string;
}

/**
 * 首页's figures. Each is in the answer only for a caller who may open the list it summarises
 * (FIGURE_PAGES, issue #30 item 1, docs/decisions/126): a teacher gets no finance figure at all.
 */
export interface DashboardFigures {
  studentsByStatus?: CountBy[];
  /** 在读 students only. */
  studentsByGrade?: CountBy[];
  /** 未收 and 部分收款 receivables: what is still owed. */
  receivablesOutstanding?: AmountBy[];
  /** The last 12 months, oldest first, months without payments included; 冲销 payments left out. */
  paymentsByMonth?: MonthAmount[];
  signupsThisMonth?: number;
  /** Sign-ups 待确认. */
  signupsToConfirm?: number;
  /** The school's activities 报名中 (kind 学校活动). */
  openActivities?: number;
  unreadNotices?: number;
  /**
   * The classes of the current school year whose 班主任 is the caller (his account is a teacher's
   * 登录账号: docs/decisions/186), by grade; absent for an account that is no teacher's.
   */
  myClasses?: TeacherClass[];
}

export type DashboardFigureName = keyof DashboardFigures;

/** The list page each figure of 首页 summarises: the caller must be granted it to get the figure. */
export const FIGURE_PAGES: Record<DashboardFigureName, string> = {
  studentsByStatus: studentModule.page,
  studentsByGrade: studentModule.page,
  receivablesOutstanding: receivableModule.page,
  paymentsByMonth: paymentModule.page,
  signupsThisMonth: signupModule.page,
  signupsToConfirm: signupModule.page,
  openActivities: activityModule.page,
  unreadNotices: MY_NOTICES_PAGE,
  myClasses: studentModule.page,
};

// ---- The dashboards besides 首页 (issue #17 part 8, docs/decisions/054) -------------------------

export const WORKPLACE_PAGE = "/dashboard/workplace";
export const CHART_PAGE = "/dashboard/chart";
export const TASK_PAGE = "/dashboard/task";
export const MONITOR_DASHBOARD_PAGE = "/dashboard/monitor";
export const DASHBOARD_BOARD_API = {
  workplace: "/school/dashboard/workplace",
  chart: "/school/dashboard/chart",
  task: "/school/dashboard/task",
  monitor: "/school/dashboard/monitor",
} as const;

/** The kinds of pending work, each with the button (or page) that lets a user do it. */
export const PENDING_WORK = {
  signupsToConfirm: { title: "待确认报名", button: "signup:confirm", page: null },
  vouchersToPost: { title: "待过账凭证", button: "voucher:post", page: null },
  failedMails: { title: "发送失败邮件", button: null, page: "/communication/mail" },
  openReceivables: { title: "待收应收", button: "receivableBill:email", page: null },
} as const;
export type PendingWorkKind = keyof typeof PENDING_WORK;
/** signup status 待确认, voucher status 未过账, mail status 失败. */
export const PENDING_SIGNUP = "1";
export const DRAFT_VOUCHER = "1";
export const FAILED_MAIL = "2";

export interface WorkplaceFigures {
  /** null: the user may not do that work (the figure is not shown). */
  signupsToConfirm: number | null;
  vouchersToPost: number | null;
  failedMails: number | null;
  unreadNotices: number;
  /** Most opened pages first, only pages of the user's menu. */
  frequentPages: Array<{ path: string; title: string; visits: number }>;
}

export interface ChartMonth {
  /** `YYYY-MM`, school time zone. */
  month: string;
  enrolled: number;
  signups: number;
  payments: number;
  paymentAmount: string;
}

export interface TaskColumn {
  kind: PendingWorkKind;
  title: string;
  count: number;
  /** Who can do it: the tenant's active users whose roles grant the button or page. */
  assignees: string[];
}

export interface MonitorFigures {
  onlineUsers: number;
  onlineSessions: Array<{ username: string; realname: string | null; lastActive: string | null }>;
  /** The last 60 minutes, oldest first, minutes without requests included. */
  requestsPerMinute: Array<{ minute: string; requests: number; errors: number }>;
  /** Runs of the tenant's jobs in the last 24 hours by outcome. */
  jobRuns: Array<{ outcome: string; count: number }>;
  recentRuns: Array<{ jobId: string; job: string; outcome: string; startTime: string | null; ms: number | null }>;
}
