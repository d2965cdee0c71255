// Where each figure of 首页 leads: the filtered list, as that list's URL state (app/lib/list-query.ts).
import { studentModule } from "#contract/modules/people";
import { paymentModule, receivableModule, voucherModule } from "#contract/modules/billing";
import { mailModule } from "#contract/modules/mail";
import { ActivityStatus, activityModule, signupModule } from "#contract/modules/activity";
import { ACTIVE_STUDENT, MY_NOTICES_PAGE, DRAFT_VOUCHER, FAILED_MAIL, OPEN_RECEIVABLE_STATUSES, PENDING_SIGNUP, type PendingWorkKind } from "#contract/dashboard";

export { MY_NOTICES_PAGE };

function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/** First and last second of a `YYYY-MM` month, as the list's datetime range filters read them. */
export function monthRange(month: string): { begin: string; end: string } {
  const [year, monthNo] = month.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNo, 0)).getUTCDate();
  return { begin: `${month}-01 00:00:00`, end: `${month}-${String(lastDay).padStart(2, "0")} 23:59:59` };
}

export const dashboardLinks = {
  studentsWithStatus: (status: string) => withQuery(studentModule.page, { status }),
  activeStudentsInGrade: (grade: string) => withQuery(studentModule.page, { status: ACTIVE_STUDENT, grade }),
  activeStudentsInClass: (classId: string) => withQuery(studentModule.page, { status: ACTIVE_STUDENT, classId }),
  outstandingReceivables: (payerType?: string) =>
    withQuery(receivableModule.page, { ...(payerType ? { payerType } : {}), status: OPEN_RECEIVABLE_STATUSES.join(",") }),
  paymentsInMonth: (month: string) => {
    const { begin, end } = monthRange(month);
    return withQuery(paymentModule.page, { paidAt_begin: begin, paidAt_end: end });
  },
  signupsInMonth: (month: string) => {
    const { begin, end } = monthRange(month);
    return withQuery(signupModule.page, { signupTime_begin: begin, signupTime_end: end });
  },
  unreadNotices: () => withQuery(MY_NOTICES_PAGE, { readFlag: "0" }),
  pendingSignups: () => withQuery(signupModule.page, { status: PENDING_SIGNUP }),
  openActivities: () => withQuery(activityModule.page, { status: ActivityStatus.open }),
};

// 工作台, 图表, 任务 and 监控 (issue #17 part 8).
export const boardLinks = {
  pendingSignups: dashboardLinks.pendingSignups,
  draftVouchers: () => withQuery(voucherModule.page, { status: DRAFT_VOUCHER }),
  failedMails: () => withQuery(mailModule.page, { status: FAILED_MAIL }),
  enrolledInMonth: (month: string) => {
    const { begin, end } = monthRange(month);
    return withQuery(studentModule.page, { enrollDate_begin: begin.slice(0, 10), enrollDate_end: end.slice(0, 10) });
  },
  onlineUsers: () => "/monitor/onlineUser",
  requests: () => "/monitor/server",
  jobRuns: () => "/monitor/quartzJob",
};

/** Where each kind of pending work is done: its list, filtered to what awaits. */
export const pendingWorkLinks: Record<PendingWorkKind, () => string> = {
  signupsToConfirm: boardLinks.pendingSignups,
  vouchersToPost: boardLinks.draftVouchers,
  failedMails: boardLinks.failedMails,
  openReceivables: () => dashboardLinks.outstandingReceivables(),
};
