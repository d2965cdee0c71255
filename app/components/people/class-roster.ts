// A class's roster as the backend answers it (GET /school/class/roster), shared by the form's
// roster table and the A4 print view.
import { z } from "zod";

export const rosterSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string(),
  gradeText: z.string(),
  yearName: z.string(),
  teacherName: z.string().nullable(),
  capacity: z.number().nullable(),
  room: z.string().nullable(),
  students: z.array(
    z.object({
      studentId: z.string(),
      studentNo: z.string(),
      nameCn: z.string(),
      nameEn: z.string().nullable(),
      sex: z.string().nullable(),
      status: z.string().nullable(),
      payerName: z.string().nullable(),
      payerPhone: z.string().nullable(),
      payerRelation: z.string().nullable(),
      photo: z.string().nullable(),
    }),
  ),
});
export type ClassRosterData = z.infer<typeof rosterSchema>;

/** dict sex, parent_relation, student_status (the print view has no dictionary loader). */
export const SEX_TEXT: Record<string, string> = { "1": "男", "2": "女" };
export const RELATION_TEXT: Record<string, string> = { "1": "父亲", "2": "母亲", "3": "监护人" };
export const STATUS_TEXT: Record<string, string> = { "1": "在读", "2": "休学", "3": "毕业", "4": "退学" };

/** The roster's print view and its .xlsx (through the web app's export route). */
export const rosterPrintHref = (classId: string) => `/school/class/print?id=${encodeURIComponent(classId)}`;
export const rosterExportHref = (classId: string) => `/api/export?${new URLSearchParams({ url: "/school/class/roster/exportXls", id: classId })}`;
