// GET /api/monitor/quartz-job-runs?jobId=&pageNo= — one page of a job's run log (backend
// /sys/quartzJob/runs) for the 运行日志 modal of 定时任务. Reading needs the page's menu.
import { z } from "zod";
import type { Route } from "./+types/quartz-job-runs";
import type { JobRunRecord } from "#contract/quartz-job";
import { requireMenuPage } from "~/services/menu-access.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { QUARTZ_JOB_PAGE } from "~/routes/monitor/quartz-jobs.data";

const RUNS_PAGE_SIZE = 10;

const runsSchema = z.object({
  records: z.array(z.custom<JobRunRecord>((value) => typeof value === "object" && value !== null)),
  total: z.coerce.number(),
});

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, QUARTZ_JOB_PAGE.path);
  const jobId = route.url.searchParams.get("jobId") ?? "";
  const pageNo = Math.max(1, Number(route.url.searchParams.get("pageNo")) || 1);
  const answer = await withRouteFailures(() =>
    access.signedIn.api.get(QUARTZ_JOB_PAGE.url.runs, runsSchema, { jobId, pageNo, pageSize: RUNS_PAGE_SIZE }),
  );
  return { records: answer.result.records, total: answer.result.total, pageNo, pageSize: RUNS_PAGE_SIZE };
}
