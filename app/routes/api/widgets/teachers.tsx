// GET /api/widgets/teachers — the teacher picker's data (班级's 班主任; the backend's /school/teacher/list):
//   ?pageNo&pageSize&name          one page, the name matched anywhere
//   ?valueField=id&values          the teachers of stored ids
import type { Route } from "./+types/teachers";
import { tableRowsLoader } from "./widget-answer.server";

const load = tableRowsLoader({ listPath: "/school/teacher/list", valueFields: ["id"], searchParam: "name", fields: ["id", "teacherNo", "name", "subject", "subject_dictText"] });

export function loader(route: Route.LoaderArgs) {
  return load(route);
}
