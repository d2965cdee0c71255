// An activity session's attendance sheet for print (/activity/attendance/print?id=&date=): plain
// HTML with print CSS for A4 paper and no script, printed with the browser's print, like the class
// roster's (issue #29 items 5-6, docs/decisions/162). A mark not taken yet prints as three boxes
// to tick by hand.
import { ATTENDANCE_TEXT, attendanceBookOf } from "#contract/modules/activity";
import type { Route } from "./+types/attendance-print";
import { attendanceSheetSchema, type AttendanceSheet } from "~/components/activity/attendance-sheet";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { A4_LIST_STYLE, escapeHtml as escape } from "~/services/print-sheet";

const BOXES = Object.values(ATTENDANCE_TEXT)
  .map((text) => `□${text}`)
  .join("　");

export function attendancePage(sheet: AttendanceSheet): string {
  const rows = sheet.students
    .map(
      (student, index) =>
        `<tr><td>${index + 1}</td><td>${escape(student.studentNo)}</td><td>${escape(student.studentName)}</td><td>${escape(student.className)}</td><td>${
          student.attendance ? escape(ATTENDANCE_TEXT[student.attendance]) : BOXES
        }</td><td></td></tr>`,
    )
    .join("");
  const present = sheet.students.filter((student) => student.attendance === "1").length;
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>出勤表 ${escape(sheet.activity.title)} ${escape(sheet.date)}</title><style>${A4_LIST_STYLE}</style></head>
<body><main class="sheet">
<h1>${escape(sheet.activity.title)} 出勤表</h1>
<div class="meta"><span>场次：${escape(sheet.date)}</span><span>地点：${escape(sheet.activity.location)}</span><span>人数：${sheet.students.length}</span><span>出席：${present}</span></div>
<table><thead><tr><th>序号</th><th>学号</th><th>学生</th><th>班级</th><th>出勤</th><th>备注</th></tr></thead>
<tbody>${rows || `<tr><td colspan="6">暂无已报名的学生</td></tr>`}</tbody></table>
<div class="sign"><span>带队老师签字：</span><span>日期：</span></div>
</main>
<p class="hint">使用浏览器的打印（Ctrl+P）打印本出勤表，纸张 A4 纵向。</p>
</body></html>`;
}

export async function loader(route: Route.LoaderArgs) {
  const book = attendanceBookOf(route.url.pathname);
  const access = await requireMenuPage(route, book.module.page);
  const id = route.url.searchParams.get("id") ?? "";
  const date = route.url.searchParams.get("date") ?? "";
  try {
    const { result } = await access.signedIn.api.get(`${book.api}/sheet`, attendanceSheetSchema, { activityId: id, ...(date ? { date } : {}) });
    return new Response(attendancePage(result), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    const failure = failureData(error);
    return new Response(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>出勤表</title></head><body><p>${escape(failure.failure.message)}</p></body></html>`, {
      status: failure.failure.kind === "forbidden" || failure.failure.kind === "no-permission" ? 403 : 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
}
