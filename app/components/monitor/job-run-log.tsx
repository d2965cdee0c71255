// 运行日志 of one scheduled job: its runs newest first (planned fire time, start, end, outcome,
// the run's log lines or error, the instance that ran it), paged, with 刷新.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button, Modal, Table, Tag } from "antd";
import { RunOutcomeLabels, RunTriggerLabels, type JobRunRecord } from "#contract/quartz-job";

export const RUN_LOG_RESOURCE = "/api/monitor/quartz-job-runs";

interface RunsAnswer {
  records: JobRunRecord[];
  total: number;
  pageNo: number;
  pageSize: number;
}

const OUTCOME_COLORS: Record<JobRunRecord["outcome"], string> = { running: "processing", success: "success", failed: "error" };

export function JobRunLog({ job, onClose }: { job: { id: string; title: string } | null; onClose(): void }) {
  const runs = useFetcher<RunsAnswer>();
  const [pageNo, setPageNo] = useState(1);
  const load = (page: number) => {
    if (job) void runs.load(`${RUN_LOG_RESOURCE}?${new URLSearchParams({ jobId: job.id, pageNo: String(page) })}`);
  };
  useEffect(() => {
    setPageNo(1);
    load(1);
    // `runs.load` is stable; reload when another job is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.id]);

  return (
    <Modal
      title={job ? `运行日志：${job.title}` : "运行日志"}
      open={job !== null}
      width={960}
      onCancel={onClose}
      footer={[
        <Button key="refresh" onClick={() => load(pageNo)} loading={runs.state === "loading"}>
          刷新
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Table<JobRunRecord>
        size="small"
        rowKey="id"
        loading={runs.state === "loading"}
        dataSource={runs.data?.records ?? []}
        pagination={{
          current: pageNo,
          pageSize: runs.data?.pageSize ?? 10,
          total: runs.data?.total ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page) => {
            setPageNo(page);
            load(page);
          },
        }}
        columns={[
          { title: "触发方式", dataIndex: "trigger", width: 90, render: (trigger: JobRunRecord["trigger"]) => RunTriggerLabels[trigger] ?? trigger },
          { title: "计划时间", dataIndex: "fireTime", width: 160, render: (time: string | null) => time ?? "—" },
          { title: "开始时间", dataIndex: "startTime", width: 160 },
          { title: "结束时间", dataIndex: "endTime", width: 160, render: (time: string | null) => time ?? "—" },
          {
            title: "结果",
            dataIndex: "outcome",
            width: 80,
            render: (outcome: JobRunRecord["outcome"]) => <Tag color={OUTCOME_COLORS[outcome]}>{RunOutcomeLabels[outcome] ?? outcome}</Tag>,
          },
          { title: "日志", dataIndex: "message", render: (message: string | null) => <span style={{ whiteSpace: "pre-wrap" }}>{message ?? ""}</span> },
          { title: "实例", dataIndex: "instance", width: 140, ellipsis: true },
        ]}
      />
    </Modal>
  );
}
