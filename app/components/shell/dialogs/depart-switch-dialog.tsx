// 部门选择 / 部门切换 (docs/spec/app-shell.md §2 Dialogs, §9: picker width 500, single choice).
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { App, Form, Modal, Select } from "antd";
import { useFailureFeedback } from "../feedback/failure-feedback";
import { useFetcherAnswer } from "../feedback/use-fetcher-answer";
import type { action } from "~/routes/api/account-departs";

export type Depart = { id: string; orgCode: string; departName: string };

export function DepartSwitchDialog({
  open,
  departs,
  current,
  onClose,
}: {
  open: boolean;
  departs: Depart[];
  current: string | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const { message } = App.useApp();
  const [orgCode, setOrgCode] = useState<string | undefined>(current ?? undefined);
  const [missing, setMissing] = useState(false);
  useFailureFeedback(fetcher.data);

  useEffect(() => {
    if (open) {
      setOrgCode(current ?? undefined);
      setMissing(false);
    }
  }, [open, current]);

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) return;
    void message.success(answer.message);
    onClose();
  });

  const currentName = departs.find((depart) => depart.orgCode === current)?.departName;
  const submit = () => {
    if (!orgCode) {
      setMissing(true);
      return;
    }
    void fetcher.submit({ orgCode }, { method: "post", action: "/api/account/departs" });
  };

  return (
    <Modal
      title={currentName ? `部门切换（当前部门 : ${currentName}）` : "部门选择"}
      open={open}
      width={500}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={fetcher.state === "submitting"}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="选择部门" validateStatus={missing ? "error" : undefined} help={missing ? "请选择部门" : undefined}>
          <Select
            value={orgCode}
            onChange={(value: string) => {
              setOrgCode(value);
              setMissing(false);
            }}
            options={departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
            placeholder="请选择部门"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
