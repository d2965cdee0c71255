// 批量操作 of the student list beyond 删除 (docs/decisions/163, 170): 批量分班 chooses a class of the
// current school year, 批量修改状态 a value of 学生状态, 批量设置付款方 a paying parent (searched by name
// or phone, one of each student's parents) or an enterprise; the list's action posts the selection
// once and the backend changes every student in one transaction (the answer counts them:
// 已将2名学生分到三年级1班), the students' open bills following a new payer.
import { useState } from "react";
import { useFetcher } from "react-router";
import { Modal, Radio, Select, Typography } from "antd";
import { CORPORATION_DICT, PARENT_DICT } from "#contract/modules/people";
import type { FieldOption } from "~/components/widgets/list/types";
import { SearchSelect } from "~/components/widgets/search-select";
import { PARENT_OPTIONS_URL } from "./student-parents";

export type StudentBulkKind = "batchClass" | "batchStatus" | "batchPayer";

const TEXTS: Record<StudentBulkKind, { title: string; label: string; field: "classId" | "status" | "payerId" }> = {
  batchClass: { title: "批量分班", label: "班级", field: "classId" },
  batchStatus: { title: "批量修改状态", label: "状态", field: "status" },
  batchPayer: { title: "批量设置付款方", label: "付款方", field: "payerId" },
};

/** dict payer_type. */
const PAYER_TYPES = [
  { value: "1", label: "付费家长" },
  { value: "2", label: "付费企业" },
];

export interface StudentBulkDialogProps {
  kind: StudentBulkKind;
  ids: string[];
  /** The class or status options (批量设置付款方 searches its payers). */
  options: FieldOption[];
  /** The list's fetcher key: its answer shows the message and clears the selection. */
  fetcherKey: string;
  onClose: () => void;
}

export function StudentBulkDialog({ kind, ids, options, fetcherKey, onClose }: StudentBulkDialogProps) {
  const fetcher = useFetcher({ key: fetcherKey });
  const [value, setValue] = useState<string | undefined>();
  const [payerType, setPayerType] = useState("1");
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
        void fetcher.submit({ intent: kind, ids: ids.join(","), [texts.field]: value, ...(kind === "batchPayer" ? { payerType } : {}) }, { method: "post" });
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>已选择 {ids.length} 名学生</Typography.Paragraph>
      {kind === "batchPayer" ? (
        <>
          <Radio.Group
            className="student-bulk-payerType"
            style={{ marginBottom: 12 }}
            options={PAYER_TYPES}
            value={payerType}
            onChange={(event) => {
              setPayerType(String(event.target.value));
              setValue(undefined);
            }}
            aria-label="付款方类型"
          />
          {payerType === "1" ? (
            <Typography.Paragraph type="secondary">付费家长须是每名所选学生的家长；学生的付费企业将被清除。未结清的账单随之转给新付款方。</Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">付费企业优先于家长付款。未结清的账单随之转给新付款方。</Typography.Paragraph>
          )}
          <SearchSelect
            // A new type starts a new search.
            key={payerType}
            async
            dict={payerType === "1" ? PARENT_DICT : CORPORATION_DICT}
            {...(payerType === "1" ? { source: PARENT_OPTIONS_URL } : {})}
            className="student-bulk-payerId"
            value={value ?? ""}
            onChange={(next) => setValue(next || undefined)}
            placeholder={payerType === "1" ? "输入姓名或手机号搜索" : "输入企业名称搜索"}
          />
        </>
      ) : (
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
      )}
    </Modal>
  );
}
