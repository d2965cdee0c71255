// 新增 / 编辑 of one dictionary item (JeecgBoot DictItemModal): 名称, 数据值 (free within its
// dictionary, asked before saving), 描述, 排序值, 是否启用. Checked with the same zod schema as the
// action of /api/system/dict-items, which it posts to.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { App, Form, Input, InputNumber, Modal, Switch } from "antd";
import { fieldErrors } from "#contract/auth";
import type { ListActionResult } from "~/services/list.server";
import { useFailureFeedback } from "~/components/feedback/failure-feedback";
import { DICT_ITEMS_ROUTE, dictItemFormSchema } from "~/routes/system/dicts.data";

export interface DictItemRecord {
  id: string;
  itemText?: unknown;
  itemValue?: unknown;
  description?: unknown;
  sortOrder?: unknown;
  status?: unknown;
}

interface Values {
  itemText?: string;
  itemValue?: string;
  description?: string;
  sortOrder?: number | string | null;
  status?: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** Whether the value is free within the dictionary (the item itself excepted). */
async function itemValueProblem(dictId: string, itemValue: string, id?: string): Promise<string | null> {
  const query = new URLSearchParams({ dictId, itemValue, ...(id ? { id } : {}) });
  const answer = (await fetch(`/api/system/dict-item-check?${query}`)
    .then((response) => response.json())
    .catch(() => ({ ok: true }))) as { ok: boolean; message?: string };
  return answer.ok ? null : (answer.message ?? "该值不可用，系统中已存在！");
}

export function DictItemFormModal({
  dictId,
  record,
  onClose,
  onSaved,
}: {
  dictId: string;
  /** null: a new item. */
  record: DictItemRecord | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const fetcher = useFetcher<ListActionResult>();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFailureFeedback(fetcher.data);

  useEffect(() => {
    form.setFieldsValue(
      record
        ? {
            itemText: text(record.itemText),
            itemValue: text(record.itemValue),
            description: text(record.description),
            sortOrder: record.sortOrder === null || record.sortOrder === undefined ? null : Number(record.sortOrder),
            status: String(record.status ?? "1") === "1",
          }
        : { sortOrder: 1, status: true },
    );
  }, [form, record]);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answer.intent !== "save") return;
    if (answer.ok) onSaved(answer.message);
    else if (answer.fieldErrors) setErrors(answer.fieldErrors);
    else if (answer.message) void message.warning(answer.message);
    // React once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const submit = async () => {
    const raw = form.getFieldsValue();
    const values = {
      ...(record ? { id: record.id } : {}),
      dictId,
      itemText: raw.itemText ?? "",
      itemValue: raw.itemValue ?? "",
      description: raw.description ?? "",
      sortOrder: raw.sortOrder === null || raw.sortOrder === undefined ? "" : String(raw.sortOrder),
      status: raw.status === false ? "0" : "1",
    };
    const checked = dictItemFormSchema.safeParse(values);
    const problems: Record<string, string> = checked.success ? {} : fieldErrors(checked.error);
    if (!problems.itemValue && values.itemValue.trim()) {
      const taken = await itemValueProblem(dictId, values.itemValue.trim(), record?.id);
      if (taken) problems.itemValue = taken;
    }
    setErrors(problems);
    if (problems.dictId) void message.warning(problems.dictId);
    if (Object.keys(problems).length > 0) return;
    void fetcher.submit({ intent: "save", values: JSON.stringify(values) }, { method: "post", action: DICT_ITEMS_ROUTE });
  };

  const item = (name: keyof Values) => ({
    name,
    validateStatus: errors[name] ? ("error" as const) : undefined,
    help: errors[name],
  });

  return (
    <Modal
      open
      title={record ? "编辑" : "新增"}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={fetcher.state !== "idle"}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} name="dict-item">
        <Form.Item label="名称" required {...item("itemText")}>
          <Input placeholder="请输入名称" />
        </Form.Item>
        <Form.Item label="数据值" required {...item("itemValue")}>
          <Input placeholder="请输入数据值" />
        </Form.Item>
        <Form.Item label="描述" {...item("description")}>
          <Input placeholder="请输入描述" />
        </Form.Item>
        <Form.Item label="排序值" extra="值越小越靠前" {...item("sortOrder")}>
          <InputNumber placeholder="请输入排序值" precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item label="是否启用" valuePropName="checked" {...item("status")}>
          <Switch checkedChildren="启用" unCheckedChildren="禁用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
