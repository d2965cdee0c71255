// 付款 of an order: 支付方式 (the dictionary of 付款) and 付款时间 (now on the school's clock unless
// changed), posted with the list's fetcher. The backend records the payment in 付款 with the order's
// total, payer the order's parent, in the transaction that marks the order 已付款 (docs/decisions/161).
import { Form, Modal, Select, Typography } from "antd";
import { useFetcher } from "react-router";
import { formatMoney, isAmount, toFen } from "#contract/money";
import { DateTimeField } from "~/components/billing/payment-fields";
import type { FieldOption } from "~/components/widgets/list/types";
import type { ListRecord } from "~/services/list.server";
import { schoolNowText } from "~/lib/school-clock";

export function OrderPayDialog(props: { order: ListRecord | null; channels: readonly FieldOption[]; onClose: () => void; fetcherKey: string }) {
  const { order, channels, onClose, fetcherKey } = props;
  const fetcher = useFetcher({ key: fetcherKey });
  const [form] = Form.useForm<{ payChannel: string; paidAt: string }>();
  const total = String(order?.total ?? "");
  const submit = async () => {
    const values = await form.validateFields();
    void fetcher.submit({ intent: "pay", id: String(order!.id), payChannel: values.payChannel, paidAt: values.paidAt }, { method: "post" });
    onClose();
  };
  return (
    <Modal title="付款" open={order !== null} onCancel={onClose} onOk={() => void submit()} okText="确定" cancelText="取消" destroyOnHidden>
      {order ? (
        <Typography.Paragraph type="secondary">{`订单 ${String(order.orderNo ?? "")}，金额 ${isAmount(total) ? formatMoney(toFen(total)) : total}`}</Typography.Paragraph>
      ) : null}
      <Form form={form} name="orderPay" layout="vertical" preserve={false} initialValues={{ paidAt: schoolNowText() }}>
        <Form.Item name="payChannel" label="支付方式" rules={[{ required: true, message: "请选择支付方式" }]}>
          <Select options={channels.map((option) => ({ value: option.value, label: option.label }))} placeholder="请选择" />
        </Form.Item>
        <Form.Item name="paidAt" label="付款时间" rules={[{ required: true, message: "请选择付款时间" }]}>
          <DateTimeField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
