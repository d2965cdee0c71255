// The attendance sheet of an activity (GET /activity/attendance/sheet, docs/decisions/162): what the
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

/** The attendance page and its print view. */
export const ATTENDANCE_PAGE = "/activity/attendance";
export const ATTENDANCE_PRINT = "/activity/attendance/print";
/** The form field of one student's mark: `mark_<signupId>`. */
export const MARK_PREFIX = "mark_";

export const attendanceHref = (base: string, activityId: string, date?: string) =>
  `${base}?id=${encodeURIComponent(activityId)}${date ? `&date=${encodeURIComponent(date)}` : ""}`;
