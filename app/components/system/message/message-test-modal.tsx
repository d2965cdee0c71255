// 测试发送 of 消息模板: the template sent to the given receivers with the test data (a JSON object of
// placeholder values, prefilled from the template's 测试数据 or its placeholders).
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { MessageChannel } from "#contract/modules/message";
import { templatePlaceholders } from "#contract/template";

interface SendAnswer {
  ok: boolean;
  message?: string;
  failure?: { message: string };
}

export interface MessageTemplateUnderTest {
  templateCode: string;
  templateName: string;
  templateType: string;
  templateContent: string;
  templateTestJson: string;
}

const RECEIVER_HINTS: Record<string, string> = {
  [MessageChannel.site]: "用户账号, 多个用逗号分隔",
  [MessageChannel.mail]: "邮箱或用户账号, 多个用逗号分隔",
  [MessageChannel.sms]: "手机号或用户账号, 多个用逗号分隔",
  [MessageChannel.wechat]: "微信 openid, 多个用逗号分隔",
};

function initialTestData(template: MessageTemplateUnderTest): string {
  if (template.templateTestJson.trim()) return template.templateTestJson;
  const names = templatePlaceholders(`${template.templateName}\n${template.templateContent}`);
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, ""])), null, 2);
}

export function MessageTestModal({ template, onClose }: { template: MessageTemplateUnderTest | null; onClose: () => void }) {
  const fetcher = useFetcher<SendAnswer>({ key: "message-template-test" });
  const [receiver, setReceiver] = useState("");
  const [testData, setTestData] = useState("");
  const [shown, setShown] = useState<SendAnswer | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setShown(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    setReceiver("");
    setShown(null);
    setTestData(template ? initialTestData(template) : "");
  }, [template]);
  const send = () => {
    if (!template) return;
    setShown(null);
    void fetcher.submit({ intent: "send", templateCode: template.templateCode, receiver, testData }, { method: "post" });
  };
  return (
    <Modal
      open={template !== null}
      title={`测试发送：${template?.templateName ?? ""}`}
      okText="发送"
      cancelText="关闭"
      confirmLoading={fetcher.state === "submitting"}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="模板内容">
          <Input.TextArea value={template?.templateContent ?? ""} readOnly autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="测试数据" extra='JSON, 如 {"name": "张三"}'>
          <Input.TextArea aria-label="测试数据" value={testData} onChange={(event) => setTestData(event.target.value)} autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item label="接收人" required extra={RECEIVER_HINTS[template?.templateType ?? ""]}>
          <Input aria-label="接收人" value={receiver} onChange={(event) => setReceiver(event.target.value)} onPressEnter={send} />
        </Form.Item>
      </Form>
      {shown &&
        (shown.ok ? (
          <Alert type="success" showIcon message={shown.message || "发送成功"} />
        ) : (
          <Alert type="error" showIcon message={shown.failure?.message ?? shown.message ?? "发送失败"} />
        ))}
    </Modal>
  );
}
