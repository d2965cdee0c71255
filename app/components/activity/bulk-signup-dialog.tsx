// 批量报名 (issue #29 item 5, docs/decisions/162): an activity, then a class (its 在读 students) or
// a selection of students by 学号; the backend signs them up in one transaction and answers each
// student's outcome (成功 / 候补 with its position / 不符合年级 / 已报名), shown here.
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert, App, Button, Form, Input, Modal, Radio, Select, Table, Tag } from "antd";
import { BulkSignupOutcome } from "#contract/modules/activity";
import type { FieldOption } from "~/components/widgets/list/types";

export interface BulkSignupResult {
  studentId: string;
  studentName: string;
  outcome: string;
  position?: number;
}

export interface BulkSignupAnswer {
  intent: "bulk";
  ok: boolean;
  message?: string;
  results?: BulkSignupResult[];
}

const OUTCOME_COLOR: Record<string, string> = {
  [BulkSignupOutcome.signedUp]: "green",
  [BulkSignupOutcome.waiting]: "orange",
  [BulkSignupOutcome.notEligible]: "red",
  [BulkSignupOutcome.already]: "default",
};

export function BulkSignupDialog({ open, onClose, activities, classes }: { open: boolean; onClose: () => void; activities: FieldOption[]; classes: FieldOption[] }) {
  const fetcher = useFetcher<BulkSignupAnswer>();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ activityId: string; by: "class" | "students"; classId?: string; studentNos?: string }>();
  const by = Form.useWatch("by", form) ?? "class";
  const [results, setResults] = useState<BulkSignupResult[] | null>(null);
  const [summary, setSummary] = useState("");

  useEffect(() => {
    if (open) return;
    setResults(null);
    setSummary("");
  }, [open]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (!answer.ok) {
      if (answer.message) void message.error(answer.message);
      return;
    }
    setResults(answer.results ?? []);
    setSummary(answer.message ?? "");
    revalidator.revalidate();
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const submit = async () => {
    const values = await form.validateFields();
    void fetcher.submit(
      { intent: "bulk", activityId: values.activityId, classId: values.by === "class" ? (values.classId ?? "") : "", studentNos: values.by === "students" ? (values.studentNos ?? "") : "" },
      { method: "post" },
    );
  };

  return (
    <Modal
      title="批量报名"
      open={open}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        results ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={fetcher.state !== "idle"} onClick={() => void submit()}>
              报名
            </Button>
          </>
        )
      }
    >
      {results ? (
        <>
          <Alert type="success" showIcon message={summary} style={{ marginBottom: 12 }} />
          <Table<BulkSignupResult>
            className="bulk-signup-results"
            size="small"
            rowKey="studentId"
            pagination={false}
            scroll={{ y: 400 }}
            dataSource={results}
            columns={[
              { title: "学生", dataIndex: "studentName" },
              {
                title: "结果",
                dataIndex: "outcome",
                render: (outcome: string, row) => <Tag color={OUTCOME_COLOR[outcome]}>{row.position ? `${outcome} 第${row.position}位` : outcome}</Tag>,
              },
            ]}
          />
        </>
      ) : (
        <Form form={form} name="bulkSignup" layout="vertical" preserve={false} initialValues={{ by: "class" }}>
          <Form.Item name="activityId" label="活动" rules={[{ required: true, message: "请选择活动!" }]}>
            <Select options={activities} showSearch={{ optionFilterProp: "label" }} placeholder="请选择活动" />
          </Form.Item>
          <Form.Item name="by" label="报名对象">
            <Radio.Group
              options={[
                { value: "class", label: "整个班级" },
                { value: "students", label: "选择学生" },
              ]}
            />
          </Form.Item>
          {by === "class" ? (
            <Form.Item name="classId" label="班级" rules={[{ required: true, message: "请选择班级!" }]}>
              <Select options={classes} showSearch={{ optionFilterProp: "label" }} placeholder="请选择班级" />
            </Form.Item>
          ) : (
            <Form.Item name="studentNos" label="学号" extra="多个学号以逗号、空格或换行分隔" rules={[{ required: true, whitespace: true, message: "请输入学号!" }]}>
              <Input.TextArea rows={4} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
