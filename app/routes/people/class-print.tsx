// A class roster's print view (/school/class/print?id=): plain HTML with print CSS for A4 paper
// and no script, printed with the browser's print (like the receipt's, issue #29 item 6).
import { classModule } from "#contract/modules/classes";
import type { Route } from "./+types/class-print";
import { RELATION_TEXT, SEX_TEXT, STATUS_TEXT, rosterSchema, type ClassRosterData } from "~/components/people/class-roster";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { A4_LIST_STYLE, escapeHtml as escape } from "~/services/print-sheet";
import { fileUrl } from "~/components/widgets/upload/upload-logic";

export function rosterPage(roster: ClassRosterData): string {
  const rows = roster.students
    .map(
      (student, index) =>
        `<tr><td>${index + 1}</td><td class="photo">${student.photo ? `<img src="${escape(fileUrl(student.photo.split(",")[0]!))}" alt="照片">` : ""}</td><td>${escape(student.studentNo)}</td><td>${escape(student.nameCn)}</td><td>${escape(student.nameEn)}</td><td>${escape(SEX_TEXT[student.sex ?? ""])}</td><td>${escape(STATUS_TEXT[student.status ?? ""])}</td><td>${escape(student.payerName)}</td><td>${escape(RELATION_TEXT[student.payerRelation ?? ""])}</td><td>${escape(student.payerPhone)}</td></tr>`,
    )
    .join("");
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>班级名单 ${escape(roster.yearName)} ${escape(roster.name)}</title><style>${A4_LIST_STYLE}</style></head>
<body><main class="sheet">
<h1>${escape(roster.yearName)}学年 ${escape(roster.name)} 学生名单</h1>
<div class="meta"><span>年级：${escape(roster.gradeText)}</span><span>班主任：${escape(roster.teacherName)}</span><span>教室：${escape(roster.room)}</span><span>人数：${roster.students.length}${roster.capacity !== null ? ` / ${roster.capacity}` : ""}</span></div>
<table><thead><tr><th>序号</th><th>照片</th><th>学号</th><th>中文名</th><th>英文名</th><th>性别</th><th>状态</th><th>付款家长</th><th>关系</th><th>家长手机号</th></tr></thead>
<tbody>${rows || `<tr><td colspan="10">暂无学生</td></tr>`}</tbody></table>
<div class="sign"><span>班主任签字：</span><span>教务处（盖章）：</span></div>
</main>
<p class="hint">使用浏览器的打印（Ctrl+P）打印本名单，纸张 A4 纵向。</p>
</body></html>`;
}

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, classModule.page);
  const id = route.url.searchParams.get("id") ?? "";
  try {
    const { result } = await access.signedIn.api.get("/school/class/roster", rosterSchema, { id });
    return new Response(rosterPage(result), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    const failure = failureData(error);
    return new Response(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>班级名单</title></head><body><p>${escape(failure.failure.message)}</p></body></html>`, {
      status: failure.failure.kind === "forbidden" || failure.failure.kind === "no-permission" ? 403 : 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
}
