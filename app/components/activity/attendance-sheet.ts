// The attendance sheet of an activity (GET <book api>/sheet, docs/decisions/162, 168): what the
// attendance page and its print view share.
import { z } from "zod";

export const attendanceSheetSchema = z.object({
  activity: z.object({ id: z.string(), title: z.string(), location: z.string().nullable(), start: z.string(), end: z.string(), capacity: z.number() }),
  sessions: z.array(z.string()),
  date: z.string(),
  students: z.array(
    z.object({
      signupId: z.string(),
      studentNo: z.string().nullable(),
      studentName: z.string().nullable(),
      className: z.string().nullable(),
      status: z.string(),
      attendance: z.string().nullable(),
    }),
  ),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

/** The print view of a kind's attendance page (ATTENDANCE_BOOKS in contract/modules/activity.ts). */
export const attendancePrint = (page: string) => `${page}/print`;
/** The form field of one student's mark: `mark_<signupId>`. */
export const MARK_PREFIX = "mark_";

export const attendanceHref = (base: string, activityId: string, date?: string) =>
  `${base}?id=${encodeURIComponent(activityId)}${date ? `&date=${encodeURIComponent(date)}` : ""}`;
