// 减免 of a bill: an amount off its open part and the reason, posted with the list's fetcher (the
// list page shows the answer and reloads). The backend adds the line 「减免：<reason>」 and refuses
// more than the bill's open amount (docs/decisions/111).
import { Form, Input, Modal, Typography } from "antd";
import { useFetcher } from "react-router";
import { AMOUNT_PATTERN } from "#contract/modules/billing";
import { formatMoney, isAmount, toFen } from "#contract/money";
import type { ListRecord } from "~/services/list.server";

export function BillReductionDialog({ bill, onClose, fetcherKey }: { bill: ListRecord | null; onClose: () => void; fetcherKey: string }) {
  const fetcher = useFetcher({ key: fetcherKey });
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const payable = String(bill?.payable ?? "0");
  const paid = String(bill?.paidAmount ?? "0");
  const open = isAmount(payable) && isAmount(paid) ? toFen(payable) - toFen(paid) : null;
  const submit = async () => {
    const values = await form.validateFields();
    void fetcher.submit({ intent: "reduce", id: String(bill!.id), amount: values.amount.trim(), reason: values.reason.trim() }, { method: "post" });
    onClose();
  };
  return (
    <Modal title="减免" open={bill !== null} onCancel={onClose} onOk={() => void submit()} okText="确定" cancelText="取消" destroyOnHidden>
      {bill ? (
        <Typography.Paragraph type="secondary">{`账单 ${String(bill.billNo ?? "")}，未付 ${open === null ? "" : formatMoney(open)}`}</Typography.Paragraph>
      ) : null}
      <Form form={form} name="billReduction" layout="vertical" preserve={false}>
        <Form.Item name="amount" label="减免金额" rules={[{ required: true, pattern: AMOUNT_PATTERN.regex, message: AMOUNT_PATTERN.message }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reason" label="减免原因" rules={[{ required: true, whitespace: true, message: "请输入减免原因" }]}>
          <Input maxLength={90} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
