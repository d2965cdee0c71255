// 生成账单 (docs/spec/school-domain.md "Bill"): choose the school year and term, see every bill the
// generation would create (student, payer, amounts, allowances) and who is skipped because they
// are billed already, then confirm: the backend creates them all in one transaction. A student
// without a payer (「无付款人」) is billed only when a payer is chosen for him here: one of his
// parents, or a 付费企业 (docs/decisions/071, 140).
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert, App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { BillingMessages, type BillPlan, type NoPayerStudent, type PlannedBill } from "#contract/modules/billing";
import { CORPORATION_DICT } from "#contract/modules/people";
import { formatMoney } from "#contract/money";
import type { FieldOption } from "~/components/widgets/list/types";
import type { WallTime } from "#contract/clock";
import { schoolNow } from "~/lib/school-clock";
import { SearchSelect } from "~/components/widgets/search-select";

/** Where a student's payer is set (学生 → 家长 付款人, or 企业). */
const STUDENT_PAGE = "/school/student";
/** dict payer_type. */
const PARENT = "1";
const CORPORATION = "2";

/** A payer chosen in the dialog for a student who has none. */
export interface PayerChoice {
  payerType: string;
  payerId: string;
}

export interface GenerationAnswer {
  intent: "preview" | "generate";
  ok: boolean;
  message?: string;
  plan?: BillPlan;
}

/** The school year a term of today (the school's clock) belongs to: from August on, the year that starts now. */
export function currentSchoolYear(today: WallTime = schoolNow()): string {
  const year = today.month >= 8 ? today.year : today.year - 1;
  return `${year}-${year + 1}`;
}

export function BillGenerationDialog({
  open,
  onClose,
  terms,
  payerTypes,
  grades = [],
}: {
  open: boolean;
  onClose: () => void;
  terms: FieldOption[];
  payerTypes: FieldOption[];
  /** dict grade: the generation may bill one grade only. */
  grades?: FieldOption[];
}) {
  const fetcher = useFetcher<GenerationAnswer>();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ schoolYear: string; term: string; dueDate?: Dayjs; grade?: string; className?: string; studentNos?: string }>();
  const [preview, setPreview] = useState<GenerationAnswer["plan"] | null>(null);
  // Payers chosen for students under 「无付款人」, by student; and those students as the previews
  // named them (with their parents), so that a student stays listed once a payer is chosen.
  const [choices, setChoices] = useState<Record<string, PayerChoice>>({});
  const payerless = useRef(new Map<string, NoPayerStudent>());
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (open) return;
    setPreview(null);
    setChoices({});
    payerless.current.clear();
  }, [open]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (!answer.ok) {
      if (answer.message) void message.error(answer.message);
      return;
    }
    if (answer.intent === "preview") {
      for (const student of answer.plan?.noPayer ?? []) payerless.current.set(student.studentId, student);
      setPreview(answer.plan ?? null);
    } else {
      void message.success(answer.message ?? "操作成功");
      revalidator.revalidate();
      onClose();
    }
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const submit = async (intent: "preview" | "generate", chosen = choices) => {
    const values = await form.validateFields();
    const payers = Object.entries(chosen)
      .filter(([, choice]) => choice.payerId)
      .map(([studentId, choice]) => ({ studentId, payerType: choice.payerType, payerId: choice.payerId }));
    void fetcher.submit(
      {
        intent,
        schoolYear: values.schoolYear.trim(),
        term: values.term,
        dueDate: values.dueDate ? values.dueDate.format("YYYY-MM-DD") : "",
        // Whom to bill (docs/decisions/111): a grade, a class, a list of student numbers; none: everyone.
        grade: values.grade ?? "",
        className: values.className?.trim() ?? "",
        studentNos: values.studentNos?.trim() ?? "",
        payers: payers.length > 0 ? JSON.stringify(payers) : "",
      },
      { method: "post" },
    );
  };
  const payerText = (value: string) => payerTypes.find((option) => option.value === value)?.label ?? value;
  /** A payer chosen (or cleared) for one student: the preview is asked again with it. */
  const choose = (studentId: string, choice: PayerChoice) => {
    const next = { ...choices, [studentId]: choice };
    setChoices(next);
    if (choice.payerId || choices[studentId]?.payerId) void submit("preview", next);
  };
  // The students without a payer of their own: those still without one, then those given one here.
  const withoutPayer: NoPayerStudent[] = preview
    ? [
        ...preview.noPayer.map((student) => payerless.current.get(student.studentId) ?? student),
        ...preview.bills
          .filter((bill) => bill.payerChosen)
          .map((bill) => payerless.current.get(bill.studentId) ?? { studentId: bill.studentId, studentNo: bill.studentNo, studentName: bill.studentName }),
      ]
    : [];
  const unbilled = preview?.noPayer.length ?? 0;

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
        <Form.Item name="grade" label="年级" style={{ marginTop: 8 }}>
          <Select style={{ width: 130 }} allowClear placeholder="全部年级" options={grades.map((option) => ({ value: option.value, label: option.label }))} />
        </Form.Item>
        <Form.Item name="className" label="班级" style={{ marginTop: 8 }}>
          <Input style={{ width: 130 }} allowClear placeholder="全部班级" maxLength={50} />
        </Form.Item>
        <Form.Item name="studentNos" label="学号" style={{ marginTop: 8, width: "100%" }}>
          <Input.TextArea rows={2} placeholder="只为这些学生生成，多个学号用逗号、空格或换行分隔；留空为全部在读学生" />
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
          {withoutPayer.length > 0 ? (
            // Every amount is owed by someone (docs/decisions/071): these students get no bill unless
            // a payer is chosen for them here, or a paying parent or an employer is set on them.
            <div className="no-payer-students" role="note" style={{ marginTop: 12 }}>
              <Typography.Text type="warning" strong>
                {unbilled > 0 ? `无付款人：${unbilled} 名学生没有付款家长或企业，不会生成账单` : "无付款人：已为以下学生选择付款方"}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: "4px 0 8px" }}>
                可在此为其选择付款方（其家长或付费企业）一并生成，或点击学生姓名修改学生信息。
              </Typography.Paragraph>
              <Table<NoPayerStudent>
                size="small"
                rowKey="studentId"
                dataSource={withoutPayer}
                pagination={withoutPayer.length > 5 ? { pageSize: 5, size: "small" } : false}
                scroll={{ x: "max-content" }}
                columns={[
                  {
                    title: "学生",
                    render: (_value, student) => (
                      <a href={`${STUDENT_PAGE}?form=edit&id=${encodeURIComponent(student.studentId)}`} target="_blank" rel="noreferrer">
                        {`${student.studentName}(${student.studentNo})`}
                      </a>
                    ),
                  },
                  {
                    title: "付款方",
                    render: (_value, student) => (
                      <PayerPicker student={student} choice={choices[student.studentId]} payerTypes={payerTypes} onChange={(choice) => choose(student.studentId, choice)} />
                    ),
                  },
                ]}
              />
            </div>
          ) : null}
          <Table<PlannedBill>
            className="planned-bills"
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
          为在读学生（可按年级、班级或学号选择）按启用的收费项目、年级价格、兄弟姐妹优惠和企业补贴生成本学期账单。请先预览。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

/** The payer of one student without his own: one of his parents, or a corporation (searched as you type). */
function PayerPicker({
  student,
  choice,
  payerTypes,
  onChange,
}: {
  student: NoPayerStudent;
  choice: PayerChoice | undefined;
  payerTypes: FieldOption[];
  onChange: (choice: PayerChoice) => void;
}) {
  const parents = student.parents ?? [];
  const payerType = choice?.payerType ?? (parents.length > 0 ? PARENT : CORPORATION);
  return (
    <Space.Compact className="no-payer-choice" style={{ minWidth: 300 }}>
      <Select
        aria-label={`${student.studentName}的付款方类型`}
        style={{ width: 80 }}
        value={payerType}
        options={payerTypes.map((option) => ({ value: option.value, label: option.label }))}
        onChange={(next: string) => onChange({ payerType: next, payerId: "" })}
      />
      {payerType === CORPORATION ? (
        <SearchSelect
          key="corporation"
          async
          dict={CORPORATION_DICT}
          value={choice?.payerId ?? ""}
          onChange={(next) => onChange({ payerType, payerId: next })}
          placeholder="输入企业名称搜索"
          style={{ width: 220 }}
        />
      ) : (
        <Select
          aria-label={`${student.studentName}的付款家长`}
          style={{ width: 220 }}
          allowClear
          value={choice?.payerId || undefined}
          disabled={parents.length === 0}
          placeholder={parents.length > 0 ? "选择家长" : "该学生没有登记家长"}
          options={parents.map((parent) => ({ value: parent.id, label: parent.name }))}
          onChange={(next: string | undefined) => onChange({ payerType, payerId: next ?? "" })}
        />
      )}
    </Space.Compact>
  );
}
