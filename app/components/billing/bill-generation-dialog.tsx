// 生成账单 (docs/spec/school-domain.md "Bill"): choose the school year and term, see every bill the
// generation would create (student, payer, amounts, allowances) and who is skipped because they
// are billed already, then confirm: the backend creates them all in one transaction.
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert, App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { BillingMessages, type BillPlan, type PlannedBill } from "#contract/modules/billing";
import { formatMoney } from "#contract/money";
import type { FieldOption } from "~/components/widgets/list/types";

/** Where a student's payer is set (学生 → 家长 付款人, or 企业). */
const STUDENT_PAGE = "/school/student";

export interface GenerationAnswer {
  intent: "preview" | "generate";
  ok: boolean;
  message?: string;
  plan?: BillPlan;
}

/** The school year a term of today belongs to: from September on, the year that starts now. */
export function currentSchoolYear(today = new Date()): string {
  const year = today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1;
  return `${year}-${year + 1}`;
}

export function BillGenerationDialog({ open, onClose, terms, payerTypes }: { open: boolean; onClose: () => void; terms: FieldOption[]; payerTypes: FieldOption[] }) {
  const fetcher = useFetcher<GenerationAnswer>();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ schoolYear: string; term: string; dueDate?: Dayjs }>();
  const [preview, setPreview] = useState<GenerationAnswer["plan"] | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!open) setPreview(null);
  }, [open]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (!answer.ok) {
      if (answer.message) void message.error(answer.message);
      return;
    }
    if (answer.intent === "preview") setPreview(answer.plan ?? null);
    else {
      void message.success(answer.message ?? "操作成功");
      revalidator.revalidate();
      onClose();
    }
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const submit = async (intent: "preview" | "generate") => {
    const values = await form.validateFields();
    void fetcher.submit(
      { intent, schoolYear: values.schoolYear.trim(), term: values.term, dueDate: values.dueDate ? values.dueDate.format("YYYY-MM-DD") : "" },
      { method: "post" },
    );
  };
  const payerText = (value: string) => payerTypes.find((option) => option.value === value)?.label ?? value;

  return (
    <Modal
      title="生成账单"
      open={open}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button onClick={() => void submit("preview")} loading={busy && fetcher.formData?.get("intent") === "preview"}>
            预览
          </Button>
          <Button type="primary" disabled={!preview} onClick={() => void submit("generate")} loading={busy && fetcher.formData?.get("intent") === "generate"}>
            确认生成
          </Button>
        </Space>
      }
    >
      <Form form={form} name="billGeneration" layout="inline" initialValues={{ schoolYear: currentSchoolYear(), term: "1" }} onValuesChange={() => setPreview(null)}>
        <Form.Item name="schoolYear" label="学年" rules={[{ required: true, pattern: /^\d{4}-\d{4}$/, message: "学年格式不正确，例如 2026-2027" }]}>
          <Input style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="term" label="学期" rules={[{ required: true, message: BillingMessages.badTerm }]}>
          <Select style={{ width: 110 }} options={terms.map((option) => ({ value: option.value, label: option.label }))} />
        </Form.Item>
        <Form.Item name="dueDate" label="到期日">
          <DatePicker />
        </Form.Item>
      </Form>
      {preview ? (
        <div style={{ marginTop: 16 }}>
          <Alert
            type={preview.bills.length > 0 ? "info" : "warning"}
            title={`将生成 ${preview.bills.length} 张账单，应付合计 ${formatMoney(preview.payableTotal)}`}
            description={
              preview.skipped.length > 0
                ? `跳过 ${preview.skipped.length} 名本学期已有账单的学生：${preview.skipped
                    .slice(0, 20)
                    .map((student) => `${student.studentName}(${student.billNo})`)
                    .join("、")}${preview.skipped.length > 20 ? " 等" : ""}`
                : undefined
            }
          />
          {preview.noPayer.length > 0 ? (
            // Every amount is owed by someone (docs/decisions/071): these students get no bill until
            // a paying parent or an employer is set on them.
            <div className="no-payer-students" role="note" style={{ marginTop: 12 }}>
              <Typography.Text type="warning" strong>{`无付款人：${preview.noPayer.length} 名学生没有付款家长或企业，不会生成账单`}</Typography.Text>
              <div>
                <Space wrap size={[8, 4]}>
                  {preview.noPayer.map((student) => (
                    <a key={student.studentId} href={`${STUDENT_PAGE}?form=edit&id=${encodeURIComponent(student.studentId)}`} target="_blank" rel="noreferrer">
                      {`${student.studentName}(${student.studentNo})`}
                    </a>
                  ))}
                </Space>
              </div>
            </div>
          ) : null}
          <Table<PlannedBill>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="studentId"
            dataSource={preview.bills}
            pagination={{ pageSize: 8, showTotal: (count) => `共${count}条` }}
            columns={[
              { title: "学号", dataIndex: "studentNo" },
              { title: "学生", dataIndex: "studentName" },
              { title: "付款方", render: (_value, bill) => `${payerText(bill.payerType)}${bill.payerName ? ` ${bill.payerName}` : ""}` },
              { title: "总金额", dataIndex: "total", render: (value: string) => formatMoney(value) },
              { title: "补贴", dataIndex: "allowanceTotal", render: (value: string) => formatMoney(value) },
              { title: "应付金额", dataIndex: "payable", render: (value: string) => formatMoney(value) },
            ]}
          />
        </div>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          为所有在读学生按启用的收费项目和企业补贴生成本学期账单。请先预览。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
