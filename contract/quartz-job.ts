// 定时任务 (/monitor/quartzJob, api-contract.md §5 sys_quartz_job): what the web page and the
// backend scheduler agree on. The kinds a job may run are listed here by class name (the
// original's `job_class_name`); their code lives in backend/modules/monitor/quartz-job/job-kinds.ts.

/** sys_quartz_job.status (dictionary quartz_status). */
export const JobStatus = { normal: 0, stopped: -1 } as const;

/** How a run started: its fire time, a fire caught up after a stop, or 立即执行. */
export type RunTrigger = "cron" | "misfire" | "manual";
export type RunOutcome = "running" | "success" | "failed";

export const RunTriggerLabels: Record<RunTrigger, string> = { cron: "定时", misfire: "补执行", manual: "立即执行" };
export const RunOutcomeLabels: Record<RunOutcome, string> = { running: "运行中", success: "成功", failed: "失败" };

export interface JobKindInfo {
  className: string;
  label: string;
  /** What `parameter` means for this kind (shown under the form field). */
  parameterHint: string;
}

export const JOB_KINDS: readonly JobKindInfo[] = [
  {
    className: "org.jeecg.modules.quartz.job.SampleParamJob",
    label: "示例任务（带参数）",
    parameterHint: "任意文字，写入运行日志",
  },
  {
    className: "org.jeecg.modules.quartz.job.PurgeExpiredJob",
    label: "清理过期会话与验证码",
    parameterHint: "运行日志保留天数，默认30",
  },
  {
    className: "org.jeecg.modules.quartz.job.RetryFailedMailJob",
    label: "重发失败邮件",
    parameterHint: "每次最多重发的封数，默认100",
  },
  {
    className: "org.jeecg.modules.quartz.job.RetryFailedComposeJob",
    label: "重发失败的群发消息",
    parameterHint: "无需参数：群发中失败且有地址的短信、微信和邮件，以及停机前未能发出的待发送消息",
  },
  {
    className: "org.jeecg.modules.quartz.job.RemindUnpaidBillJob",
    label: "催缴未付账单",
    parameterHint: "应缴日期后超过几天算逾期，默认0",
  },
  {
    className: "org.jeecg.modules.quartz.job.ChargeLateFeeJob",
    label: "计收滞纳金",
    parameterHint: "无需参数：规则在收费项目中设置，每张账单每天最多计收一次",
  },
];

export const QuartzJobMessages = {
  paused: "停止定时任务成功",
  resumed: "启动定时任务成功",
  executed: "执行成功!",
  unknownClass: "任务类名不存在",
  classRequired: "请选择任务类名",
  cronRequired: "请输入Cron表达式",
} as const;

/** One row of a job's run log (GET /sys/quartzJob/runs). */
export interface JobRunRecord {
  id: string;
  jobId: string;
  /** The scheduled fire time (`YYYY-MM-DD HH:mm:ss`); null for 立即执行. */
  fireTime: string | null;
  trigger: RunTrigger;
  instance: string;
  startTime: string;
  endTime: string | null;
  outcome: RunOutcome;
  message: string | null;
}
