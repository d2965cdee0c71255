// 定时任务 (/monitor/quartzJob, JeecgBoot QuartzJobList): columns, search fields, the form and its
// zod schema, as declarations (docs/style.md). The expression is checked by the scheduler's own
// engine (contract/cron.ts) in the browser, in the action and again in the backend.
import type { ReactNode } from "react";
import { z } from "zod";
import { cronError } from "#contract/cron";
import { JOB_KINDS, JobStatus, QuartzJobMessages } from "#contract/quartz-job";
import type { ListColumn } from "~/components/widgets/list/list-page";
import type { FormField, SearchField } from "~/components/widgets/list/types";
import type { ListRecord } from "~/services/list.server";

export const QUARTZ_JOB_PAGE = {
  path: "/monitor/quartzJob",
  permissionPrefix: "quartzJob",
  url: {
    list: "/sys/quartzJob/list",
    add: "/sys/quartzJob/add",
    edit: "/sys/quartzJob/edit",
    delete: "/sys/quartzJob/delete",
    deleteBatch: "/sys/quartzJob/deleteBatch",
    exportXls: "/sys/quartzJob/exportXls",
    importExcel: "/sys/quartzJob/importExcel",
    pause: "/sys/quartzJob/pause",
    resume: "/sys/quartzJob/resume",
    execute: "/sys/quartzJob/execute",
    runs: "/sys/quartzJob/runs",
  },
} as const;

export const isRunning = (row: ListRecord) => Number(row.status) === JobStatus.normal;

const kindOptions = JOB_KINDS.map((kind) => ({ value: kind.className, label: `${kind.label}（参数：${kind.parameterHint}）` }));
const statusOptions = [
  { value: String(JobStatus.normal), label: "正常" },
  { value: String(JobStatus.stopped), label: "停止" },
];

export const quartzJobFormSchema = z.object({
  id: z.string().optional(),
  jobClassName: z.string().trim().refine((name) => JOB_KINDS.some((kind) => kind.className === name), QuartzJobMessages.classRequired),
  cronExpression: z
    .string()
    .trim()
    .min(1, QuartzJobMessages.cronRequired)
    .superRefine((expression, context) => {
      const problem = cronError(expression);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  parameter: z.string().trim().max(255, "最大长度255位字符").default(""),
  description: z.string().trim().max(255, "最大长度255位字符").default(""),
  status: z.coerce.string().refine((status) => status === "0" || status === "-1", "请选择状态").default("-1"),
});

export type QuartzJobForm = z.infer<typeof quartzJobFormSchema>;

export function quartzJobBody(values: QuartzJobForm): Record<string, unknown> {
  const { id: _id, ...body } = values;
  return { ...body, status: Number(body.status) };
}

export const NEW_JOB = { status: String(JobStatus.stopped), jobClassName: JOB_KINDS[0]!.className };

export const quartzJobColumns: ListColumn[] = [
  {
    title: "任务类名",
    dataIndex: "jobClassName",
    sorter: true,
    width: 260,
    // The kind's name, with its class name on hover.
    render: (value) => <span title={String(value)}>{JOB_KINDS.find((kind) => kind.className === value)?.label ?? String(value)}</span>,
  },
  { title: "Cron表达式", dataIndex: "cronExpression", width: 160 },
  { title: "参数", dataIndex: "parameter", width: 120 },
  { title: "描述", dataIndex: "description", width: 220 },
  { title: "状态", dataIndex: "status", dict: true, sorter: true, width: 90 },
];

export const quartzJobSearchFields: SearchField[] = [
  { name: "jobClassName", label: "任务类名", kind: "text" },
  { name: "status", label: "任务状态", kind: "select", options: statusOptions },
];

export function quartzJobFormFields(cronInput: () => ReactNode): FormField[] {
  return [
    { name: "jobClassName", label: "任务类名", kind: "select", required: true, options: kindOptions },
    { name: "cronExpression", label: "Cron表达式", kind: "custom", required: true, render: cronInput },
    { name: "parameter", label: "参数", kind: "text", placeholder: "见任务类名中的参数说明" },
    { name: "description", label: "描述", kind: "textarea" },
    { name: "status", label: "状态", kind: "radio", options: statusOptions },
  ];
}
