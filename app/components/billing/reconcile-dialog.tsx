// 对账 (docs/spec/school-domain.md "WeChat trade"): choose a period (empty: everything), match the
// statement's successful trades with the WeChat payments, and see what differs and what is missing
// on either side; 生成缺失付款 creates the payments of the trades that have none.
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert, App, Button, DatePicker, Modal, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import type { ReconcileAnswer, ReconcileRow } from "#contract/modules/billing";

export interface ReconcileActionData {
  intent: "reconcile" | "createMissing";
  ok: boolean;
  message?: string;
  result?: ReconcileAnswer;
}

const COLUMNS = [
  { title: "时间", dataIndex: "time", width: 170 },
  { title: "付款方", dataIndex: "payerName", width: 120 },
  { title: "商户订单号", dataIndex: "outTradeNo", width: 170 },
  { title: "微信订单号", dataIndex: "transactionId", width: 250 },
  { title: "付款单号", dataIndex: "paymentNo", width: 160 },
  { title: "交易金额", dataIndex: "tradeAmount", width: 100 },
  { title: "付款金额", dataIndex: "paymentAmount", width: 100 },
];

function Rows({ title, rows }: { title: string; rows: ReconcileRow[] }) {
  return (
    <section aria-label={title} style={{ marginTop: 12 }}>
      <Typography.Title level={5}>
        {title}（{rows.length}）
      </Typography.Title>
      <Table<ReconcileRow> size="small" rowKey={(row) => `${row.tradeId}-${row.paymentId}`} columns={COLUMNS} dataSource={rows} pagination={{ pageSize: 5 }} scroll={{ x: 1000 }} />
    </section>
  );
}

export function ReconcileDialog({ open, onClose, canCreate }: { open: boolean; onClose: () => void; canCreate: boolean }) {
  const fetcher = useFetcher<ReconcileActionData>();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [result, setResult] = useState<ReconcileAnswer | null>(null);
  const busy = fetcher.state !== "idle";
  const period = () => ({ intent: "", from: range?.[0]?.format("YYYY-MM-DD") ?? "", to: range?.[1]?.format("YYYY-MM-DD") ?? "" });

  useEffect(() => {
    if (!open) setResult(null);
  }, [open]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (!answer.ok) {
      if (answer.message) void message.error(answer.message);
      return;
    }
    if (answer.intent === "reconcile") setResult(answer.result ?? null);
    else {
      void message.success(answer.message ?? "操作成功");
      revalidator.revalidate();
      void fetcher.submit({ ...period(), intent: "reconcile" }, { method: "post" });
    }
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  return (
    <Modal title="微信对账" open={open} onCancel={onClose} footer={null} width={1100} destroyOnHidden>
      <Space wrap>
        <DatePicker.RangePicker value={range} onChange={(next) => setRange(next as [Dayjs | null, Dayjs | null] | null)} placeholder={["开始日期", "结束日期"]} />
        <Button type="primary" loading={busy} onClick={() => void fetcher.submit({ ...period(), intent: "reconcile" }, { method: "post" })}>
          开始对账
        </Button>
        {canCreate && result && result.missingPayments.length > result.unknownPayers ? (
          <Button loading={busy} onClick={() => void fetcher.submit({ ...period(), intent: "createMissing" }, { method: "post" })}>
            生成缺失付款
          </Button>
        ) : null}
      </Space>
      {result ? (
        <>
          <Alert
            style={{ marginTop: 12 }}
            type={result.differing.length + result.missingPayments.length + result.missingTrades.length === 0 ? "success" : "warning"}
            message={`已匹配 ${result.matched} 笔；金额不符 ${result.differing.length} 笔；有交易无付款 ${result.missingPayments.length} 笔${result.unknownPayers ? `（其中 ${result.unknownPayers} 笔找不到付款家长）` : ""}；有付款无交易 ${result.missingTrades.length} 笔`}
          />
          <Rows title="金额不符" rows={result.differing} />
          <Rows title="有交易无付款" rows={result.missingPayments} />
          <Rows title="有付款无交易" rows={result.missingTrades} />
        </>
      ) : null}
    </Modal>
  );
}
