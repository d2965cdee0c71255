// 测试 of 校验规则: a value checked by the backend against the rule (checkByCode, as every form
// with the rule does), answering 校验通过 or the failing item's message.
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

interface TestAnswer {
  ok: boolean;
  message?: string;
  failure?: { message: string };
}

export interface CheckRuleTestModalProps {
  rule: { ruleCode: string; ruleName: string } | null;
  onClose: () => void;
}

export function CheckRuleTestModal({ rule, onClose }: CheckRuleTestModalProps) {
  const fetcher = useFetcher<TestAnswer>({ key: "check-rule-test" });
  const [value, setValue] = useState("");
  const [shown, setShown] = useState<TestAnswer | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setShown(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    setValue("");
    setShown(null);
  }, [rule?.ruleCode]);
  const test = () => {
    if (!rule) return;
    setShown(null);
    void fetcher.submit({ intent: "test", ruleCode: rule.ruleCode, value }, { method: "post" });
  };
  return (
    <Modal
      open={rule !== null}
      title={`测试：${rule?.ruleName ?? ""}`}
      okText="测试"
      cancelText="关闭"
      // A test answers in a few milliseconds and the button is pressed again and again: the spinner
      // shows only for a slow answer (a spinner shown and hidden at once can stay half-gone).
      okButtonProps={{ loading: fetcher.state !== "idle" && { delay: 300 } }}
      onOk={test}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={test}>
        <Form.Item label="需要测试的值">
          <Input value={value} onChange={(event) => setValue(event.target.value)} onPressEnter={test} autoFocus aria-label="需要测试的值" />
        </Form.Item>
      </Form>
      {shown &&
        (shown.ok ? (
          <Alert type="success" showIcon message={shown.message || "校验通过"} />
        ) : (
          <Alert type="error" showIcon message={shown.failure?.message ?? shown.message ?? "校验未通过"} />
        ))}
    </Modal>
  );
}
