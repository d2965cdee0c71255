// 定时任务 (/monitor/quartzJob, JeecgBoot QuartzJobList): the jobs on the list engine; the form
// builds the expression in the cron modal; 启动 / 停止 / 立即执行 go through the list's fetcher;
// 运行日志 shows a job's runs (backend/modules/monitor/quartz-job).
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/quartz-jobs";
import { QuartzJobMessages } from "#contract/quartz-job";
import { ListPage } from "~/components/widgets/list/list-page";
import type { RowAction } from "~/components/widgets/list/types";
import { CronInput } from "~/components/widgets/cron";
import { JobRunLog } from "~/components/monitor/job-run-log";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { appOf } from "~/services/app-context.server";
import { listAction, loadList, type CustomAction, type ListPageDefinition, type ListRecord } from "~/services/list.server";
import {
  NEW_JOB,
  QUARTZ_JOB_PAGE,
  isRunning,
  quartzJobBody,
  quartzJobColumns,
  quartzJobFormFields,
  quartzJobFormSchema,
  quartzJobSearchFields,
} from "./quartz-jobs.data";

const page: ListPageDefinition<typeof quartzJobFormSchema> = {
  url: QUARTZ_JOB_PAGE.url,
  form: quartzJobFormSchema,
  toBody: (values) => quartzJobBody(values),
};

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const list = await loadList(access, route.url, page);
  return { title: access.node.meta.title ?? "定时任务", list, timezone: appOf(route.context).config.schoolTimeZone };
}

const idOf = (form: FormData) => String(form.get("id") ?? "");

export async function action(route: Route.ActionArgs) {
  const run =
    (path: string, fallback: string): CustomAction =>
    async (api, form) => {
      const answer = await api.get(path, z.unknown(), { id: idOf(form) });
      return { message: answer.message || fallback };
    };
  return listAction(route, page, {
    resume: run(QUARTZ_JOB_PAGE.url.resume, QuartzJobMessages.resumed),
    pause: run(QUARTZ_JOB_PAGE.url.pause, QuartzJobMessages.paused),
    execute: run(QUARTZ_JOB_PAGE.url.execute, QuartzJobMessages.executed),
  });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "定时任务" }];

const JOBS_FETCHER = "quartz-jobs-list";

export default function QuartzJobsPage({ loaderData }: Route.ComponentProps) {
  const { title, list, timezone } = loaderData;
  const status = useFetcher({ key: JOBS_FETCHER });
  const [runLog, setRunLog] = useState<{ id: string; title: string } | null>(null);
  const formFields = useMemo(() => quartzJobFormFields(() => <CronInput timezone={timezone} />), [timezone]);

  const rowActions = useMemo<RowAction<ListRecord>[]>(() => {
    const submit = (intent: string) => (row: ListRecord) => void status.submit({ intent, id: row.id }, { method: "post" });
    return [
      { key: "resume", label: "启动", permission: "quartzJob:resume", visible: (row) => !isRunning(row), confirm: "确定启动吗?", run: submit("resume") },
      { key: "pause", label: "停止", permission: "quartzJob:pause", visible: isRunning, confirm: "确定停止吗?", run: submit("pause") },
      { key: "execute", label: "立即执行", permission: "quartzJob:execute", confirm: "确定立即执行吗?", run: submit("execute") },
      { key: "runs", label: "运行日志", run: (row) => setRunLog({ id: row.id, title: String(row.description || row.jobClassName) }) },
    ];
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ListPage
        title={title}
        data={list}
        columns={quartzJobColumns}
        searchFields={quartzJobSearchFields}
        permissionPrefix={QUARTZ_JOB_PAGE.permissionPrefix}
        url={QUARTZ_JOB_PAGE.url}
        fetcherKey={JOBS_FETCHER}
        rowActions={rowActions}
        form={{ fields: formFields, schema: quartzJobFormSchema, width: 700, defaults: NEW_JOB }}
      />
      <JobRunLog job={runLog} onClose={() => setRunLog(null)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
