// 分期 of a bill (docs/decisions/159): the sub-table of its instalments in the bill's form and 详情
// (期次, 到期日, 金额, 已收, 余额, 状态; what is paid goes to the earliest due first), and the dialog
// that splits a bill or plans again what its instalments not yet paid in full hold. The backend
// splits the amounts (equal parts, the remainder fen on the last) and keeps them summing to the bill.
import { useEffect, useMemo, useState } from "react";
import { Form, Input, InputNumber, Modal, Table, Typography } from "antd";
import { useFetcher } from "react-router";
import { formatMoney, isAmount, toFen } from "#contract/money";
import { isDateText, MAX_INSTALMENTS, monthlyDates, type InstalmentFigures } from "#contract/modules/billing-instalments";
import type { ListRecord } from "~/services/list.server";

/** The instalments' JSON text of the form's detail (GET /billing/bill/instalments). */
export function parseInstalments(text: string | undefined): InstalmentFigures[] {
  try {
    const rows = JSON.parse(text ?? "[]") as unknown;
    return Array.isArray(rows) ? (rows as InstalmentFigures[]) : [];
  } catch {
    return [];
  }
}

const COLUMNS = [
  { title: "期次", dataIndex: "seq", width: 60 },
  { title: "到期日", dataIndex: "dueDate", width: 110 },
  { title: "金额", dataIndex: "amount", align: "right" as const, render: (value: string) => formatMoney(value) },
  { title: "已收", dataIndex: "paid", align: "right" as const, render: (value: string) => formatMoney(value) },
  { title: "余额", dataIndex: "balance", align: "right" as const, render: (value: string) => formatMoney(value) },
  { title: "状态", dataIndex: "state", width: 70 },
];

/** The read-only sub-table; its value is the instalments as JSON text. */
export function BillInstalmentsTable({ value }: { value?: string }) {
  const rows = parseInstalments(value);
  return (
    <Table
      className="bill-instalments"
      size="small"
      rowKey="seq"
      pagination={false}
      columns={COLUMNS}
      dataSource={rows}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: "未分期" }}
    />
  );
}

function todayText(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** 分期: the number of instalments and their due dates (one a month from the first, each editable). */
export function BillInstalmentDialog({ bill, onClose, fetcherKey }: { bill: ListRecord | null; onClose: () => void; fetcherKey: string }) {
  const fetcher = useFetcher({ key: fetcherKey });
  const [count, setCount] = useState(3);
  const [first, setFirst] = useState("");
  const [dates, setDates] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!bill) return;
    const due = String(bill.dueDate ?? "").slice(0, 10);
    setCount(3);
    setFirst(isDateText(due) ? due : todayText());
    setProblem(null);
  }, [bill]);
  useEffect(() => {
    if (isDateText(first)) setDates(monthlyDates(first, count));
  }, [first, count]);
  const open = useMemo(() => {
    const payable = String(bill?.payable ?? "0");
    const paid = String(bill?.paidAmount ?? "0");
    return isAmount(payable) && isAmount(paid) ? toFen(payable) - toFen(paid) : null;
  }, [bill]);
  const submit = () => {
    if (dates.length !== count || !dates.every(isDateText)) {
      setProblem("请为每一期选择到期日");
      return;
    }
    void fetcher.submit({ intent: "instalment", id: String(bill!.id), count: String(count), dueDates: dates.join(",") }, { method: "post" });
    onClose();
  };
  return (
    <Modal title="分期" open={bill !== null} onCancel={onClose} onOk={submit} okText="确定" cancelText="取消" destroyOnHidden>
      {bill ? (
        <Typography.Paragraph type="secondary">
          {`账单 ${String(bill.billNo ?? "")}，未付 ${open === null ? "" : formatMoney(open)}：已付清的期次保留，其余平均分期（分到分，余数计入最后一期）；1期即取消分期。`}
        </Typography.Paragraph>
      ) : null}
      <Form layout="vertical" name="billInstalments">
        <Form.Item label="期数">
          <InputNumber name="count" min={1} max={MAX_INSTALMENTS} precision={0} value={count} onChange={(value) => setCount(Math.min(MAX_INSTALMENTS, Math.max(1, Number(value ?? 1))))} />
        </Form.Item>
        <Form.Item label="首期到期日（其后每月一期）">
          <Input type="date" name="firstDueDate" value={first} onChange={(event) => setFirst(event.target.value)} />
        </Form.Item>
        {dates.map((date, index) => (
          <Form.Item key={index} label={`第${index + 1}期到期日`} style={{ marginBottom: 8 }}>
            <Input
              type="date"
              name={`dueDate${index + 1}`}
              value={date}
              onChange={(event) => setDates((current) => current.map((old, position) => (position === index ? event.target.value : old)))}
            />
          </Form.Item>
        ))}
        {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      </Form>
    </Modal>
  );
}
