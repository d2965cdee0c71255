// GET /api/widgets/report/:code — an online report as a popup picker sees it (docs/spec/widgets.md
// §3 "Online report popup config", §7 getRpColumns / getQueryInfo): `{ ok, items: [{ report, queryInfo }] }`.
import { z } from "zod";
import { reportApi, type ReportColumns, type ReportQueryField } from "#contract/modules/online-report";
import type { Route } from "./+types/report";
import { requireSignedIn } from "~/services/auth.server";
import { answerWidget } from "./widget-answer.server";

const columnsSchema = z.custom<ReportColumns>((value) => typeof value === "object" && value !== null && Array.isArray((value as ReportColumns).columns));
const queryInfoSchema = z.array(z.custom<ReportQueryField>((value) => typeof value === "object" && value !== null));

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const code = route.params.code;
  return answerWidget(async () => {
    const { result: report } = await signedIn.api.get(reportApi.columns(code), columnsSchema);
    const { result: queryInfo } = await signedIn.api.get(reportApi.queryInfo(report.cgRpConfigId), queryInfoSchema);
    return { items: [{ report, queryInfo }] };
  });
}
