// 批量操作 of the student list beyond 删除 (docs/decisions/163): 批量分班 chooses a class of the current
// school year, 批量修改状态 a value of 学生状态; the list's action posts the selection once and the
// backend changes every student in one transaction (the answer counts them: 已将2名学生分到三年级1班).
import { useState } from "react";
import { useFetcher } from "react-router";
import { Modal, Select, Typography } from "antd";
import type { FieldOption } from "~/components/widgets/list/types";

export type StudentBulkKind = "batchClass" | "batchStatus";

const TEXTS: Record<StudentBulkKind, { title: string; label: string; field: "classId" | "status" }> = {
  batchClass: { title: "批量分班", label: "班级", field: "classId" },
  batchStatus: { title: "批量修改状态", label: "状态", field: "status" },
};

export interface StudentBulkDialogProps {
  kind: StudentBulkKind;
  ids: string[];
  options: FieldOption[];
  /** The list's fetcher key: its answer shows the message and clears the selection. */
  fetcherKey: string;
  onClose: () => void;
}

export function StudentBulkDialog({ kind, ids, options, fetcherKey, onClose }: StudentBulkDialogProps) {
  const fetcher = useFetcher({ key: fetcherKey });
  const [value, setValue] = useState<string | undefined>();
  const texts = TEXTS[kind];
  return (
    <Modal
      open
      title={texts.title}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !value }}
      onCancel={onClose}
      onOk={() => {
        if (!value) return;
        void fetcher.submit({ intent: kind, ids: ids.join(","), [texts.field]: value }, { method: "post" });
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>已选择 {ids.length} 名学生</Typography.Paragraph>
      <Select<string>
        className={`student-bulk-${texts.field}`}
        style={{ width: "100%" }}
        placeholder={`请选择${texts.label}`}
        showSearch={{ optionFilterProp: "label" }}
        options={options.map((option) => ({ value: option.value, label: option.label }))}
        value={value}
        onChange={setValue}
        aria-label={texts.label}
      />
    </Modal>
  );
}
