// 升级 (issue #29 item 2): preview how every class of the current year moves one grade up into the
// next year (the last grade graduates, 毕业), then confirm: the backend does it in one transaction.
// 撤销升级 puts everyone back, until the new year's first bill.
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert, App, Button, Modal, Popconfirm, Space, Table, Typography } from "antd";
import type { PromotionClassPlan, PromotionPlan } from "#contract/modules/classes";
import type { FieldOption } from "~/components/widgets/list/types";

export interface PromotionAnswer {
  intent: "promotePreview" | "promote" | "undoPromotion";
  ok: boolean;
  message?: string;
  plan?: PromotionPlan;
}

export function PromotionDialog({ open, onClose, grades }: { open: boolean; onClose: () => void; grades: FieldOption[] }) {
  const fetcher = useFetcher<PromotionAnswer>();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const plan = answer?.intent === "promotePreview" && answer.ok ? answer.plan : undefined;

  useEffect(() => {
    if (open) void fetcher.submit({ intent: "promotePreview" }, { method: "post" });
    // The preview is asked each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!answer || fetcher.state !== "idle" || answer.intent === "promotePreview") return;
    if (!answer.ok) {
      if (answer.message) void message.error(answer.message);
      return;
    }
    void message.success(answer.message ?? "操作成功");
    revalidator.revalidate();
    onClose();
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, fetcher.state]);

  const gradeText = (value: string | undefined) => (value === undefined ? "毕业" : (grades.find((option) => option.value === value)?.label ?? value));
  const failed = answer?.intent === "promotePreview" && !answer.ok ? answer.message : undefined;

  return (
    <Modal
      title="升级"
      open={open}
      width={860}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Popconfirm title="撤销最近一次升级？学生将回到原班级、原年级和原状态。" okText="撤销" cancelText="取消" onConfirm={() => void fetcher.submit({ intent: "undoPromotion" }, { method: "post" })}>
            <Button danger loading={busy && fetcher.formData?.get("intent") === "undoPromotion"}>
              撤销升级
            </Button>
          </Popconfirm>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={!plan} loading={busy && fetcher.formData?.get("intent") === "promote"} onClick={() => void fetcher.submit({ intent: "promote" }, { method: "post" })}>
            确认升级
          </Button>
        </Space>
      }
    >
      {failed ? <Alert type="warning" title={failed} /> : null}
      {plan ? (
        <div className="promotion-preview">
          <Alert
            type="info"
            title={`${plan.fromYear}学年 → ${plan.toYear}学年：${plan.students}名学生升入新年级，${plan.graduates}名学生毕业`}
            description={`${plan.createsYear ? `将新建${plan.toYear}学年（学期日期顺延一年）。` : ""}${plan.leftBehind > 0 ? `${plan.leftBehind}名非在读学生保留在原班级，不随班升级。` : ""}升级后至${plan.toYear}学年的第一张账单前可撤销。`}
          />
          <Table<PromotionClassPlan>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="classId"
            dataSource={plan.classes}
            pagination={{ pageSize: 10, showTotal: (count) => `共${count}个班级` }}
            columns={[
              { title: "班级", dataIndex: "className" },
              { title: "年级", dataIndex: "grade", render: (value: string) => gradeText(value) },
              { title: "人数", dataIndex: "students" },
              { title: "升入年级", dataIndex: "nextGrade", render: (value: string | undefined) => gradeText(value) },
              { title: "新班级", dataIndex: "nextClassName", render: (value: string | undefined) => value ?? "—" },
            ]}
          />
        </div>
      ) : failed ? null : (
        <Typography.Paragraph type="secondary">正在生成升级预览…</Typography.Paragraph>
      )}
    </Modal>
  );
}
