// The dashboards' backend calls (issue #17 part 8): each page's loader checks its menu, then reads
// its one aggregate endpoint.
import { z } from "zod";
import { DASHBOARD_BOARD_API, type ChartMonth, type MonitorFigures, type TaskColumn, type WorkplaceFigures } from "#contract/dashboard";
import type { RouteRequest } from "./auth.server";
import { requireMenuPage } from "./menu-access.server";
import { withRouteFailures } from "./route-errors.server";

const count = z.number().int();
export const workplaceSchema: z.ZodType<WorkplaceFigures> = z.object({
  signupsToConfirm: count.nullable(),
  vouchersToPost: count.nullable(),
  failedMails: count.nullable(),
  unreadNotices: count,
  frequentPages: z.array(z.object({ path: z.string(), title: z.string(), visits: count })),
});
export const chartSchema: z.ZodType<ChartMonth[]> = z.array(
  z.object({ month: z.string(), enrolled: count, signups: count, payments: count, paymentAmount: z.string() }),
);
export const taskSchema: z.ZodType<TaskColumn[]> = z.array(
  z.object({
    kind: z.enum(["signupsToConfirm", "vouchersToPost", "failedMails", "openReceivables"]),
    title: z.string(),
    count,
    assignees: z.array(z.string()),
  }),
);
export const monitorSchema: z.ZodType<MonitorFigures> = z.object({
  onlineUsers: count,
  onlineSessions: z.array(z.object({ username: z.string(), realname: z.string().nullable(), lastActive: z.string().nullable() })),
  requestsPerMinute: z.array(z.object({ minute: z.string(), requests: count, errors: count })),
  jobRuns: z.array(z.object({ outcome: z.string(), count })),
  recentRuns: z.array(
    z.object({ jobId: z.string(), job: z.string(), outcome: z.string(), startTime: z.string().nullable(), ms: z.number().nullable() }),
  ),
});

/** A dashboard page's loader: its menu row, then its figures. */
export async function loadBoard<T>(route: RouteRequest, board: keyof typeof DASHBOARD_BOARD_API, schema: z.ZodType<T>, fallbackTitle: string) {
  const access = await requireMenuPage(route);
  const answer = await withRouteFailures(() => access.signedIn.api.get(DASHBOARD_BOARD_API[board], schema));
  return { title: access.node.meta.title ?? fallbackTitle, figures: answer.result };
}
