// Add / edit / detail in a modal (docs/spec/app-shell.md §4: titles 新增, 编辑, 详情 read-only). The
// form is the page's one RecordForm (record-form.tsx); what it posts (its FormData) is checked by the
// page's zod schema here and again by the action; fields with a check rule or that must be unique ask
// the server first (§5, both skipped for empty values).
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { App, Form, Modal, Tabs } from "antd";
import type { z } from "zod";
import { fieldErrors } from "#contract/auth";
import type { FormField } from "./types";
import type { ListActionResult } from "~/services/list.server";
import { useFailureFeedback } from "../../shell/feedback/failure-feedback";
import { useFetcherAnswer } from "../../shell/feedback/use-fetcher-answer";
import { formControls, RecordView } from "./record-view";
import { RecordHistory } from "./record-history";
import { FORM_TITLES, formValues, RecordForm, type FormMode } from "./record-form";
import { callRoute } from "~/lib/route-call";
import { recordFields } from "~/lib/record-fields";

/** The form's zod schema, or its loader (a page keeps zod out of its first paint, decision 063). */
export type FormSchema = z.ZodType | (() => Promise<z.ZodType>);

export type { FormMode } from "./record-form";
/** A form's dialog width by default, and with a wide field (a grid: FormField.wide, docs/decisions/164). */
export const FORM_WIDTH = 800;
export const WIDE_FORM_WIDTH = 1200;
/** The dialog's width: the page's (default FORM_WIDTH), widened to WIDE_FORM_WIDTH for a grid. */
export function formWidth(fields: readonly FormField[], width: number | undefined): number {
  return fields.some((field) => field.wide) ? Math.max(width ?? 0, WIDE_FORM_WIDTH) : (width ?? FORM_WIDTH);
}


export async function checkDuplicate(tableName: string, fieldName: string, fieldVal: string, dataId?: string): Promise<string | null> {
  if (!fieldVal) return null;
  const query = new URLSearchParams({ tableName, fieldName, fieldVal, ...(dataId ? { dataId } : {}) });
  const answer = await callRoute<{ ok: boolean; message?: string }>(`/api/validate/duplicate?${query}`);
  return answer.ok ? null : (answer.message ?? "该值不可用，系统中已存在！");
}

/** docs/spec/app-shell.md §5: skipped unless both the rule code and the value are given. */
export async function checkRule(ruleCode: string, value: string): Promise<string | null> {
  if (!ruleCode || !value) return null;
  const query = new URLSearchParams({ ruleCode, value });
  const answer = await callRoute<{ ok: boolean; message?: string }>(`/api/validate/check-rule?${query}`);
  return answer.ok ? null : (answer.message ?? "校验失败");
}

/** The update time of what the form shows: the detail's when it was loaded, else the row's. */
export function loadedUpdateTime(row: Record<string, unknown>, detail: Record<string, unknown> | null): string {
  const value = detail && "updateTime" in detail ? detail.updateTime : row.updateTime;
  return typeof value === "string" ? value : "";
}

export function FormModal({
  open,
  mode,
  record,
  fields,
  schema,
  width,
  detailUrl,
  historyUrl,
  action,
  onClose,
  onSaved,
}: {
  open: boolean;
  mode: FormMode;
  record: Record<string, unknown> | null;
  fields: FormField[];
  schema?: FormSchema;
  width?: number;
  /** Loads what the row does not carry (e.g. a user's roles) before editing: `?id=` → `{ ok, values }`. */
  detailUrl?: string;
  /** The module's `…/history` (backend): 详情 gets a 历史 tab (docs/decisions/070). */
  historyUrl?: string | null;
  /** Where saves go; default the page's own route action. */
  action?: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const fetcher = useFetcher<ListActionResult>();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const readOnly = mode === "detail";
  useFailureFeedback(fetcher.data);

  // What the row does not carry is loaded first; until then the form is disabled, so nothing the
  // user types can be overwritten when it arrives.
  const [detail, setDetail] = useState<{ id: string; values: Record<string, unknown> | null } | null>(null);
  const recordId = record?.id ? String(record.id) : null;
  const loadingDetail = open && !!detailUrl && !!recordId && detail?.id !== recordId;
  // The form is enabled only once the values it shows have been put in (an effect, after render).
  const populateKey = `${recordId ?? "new"}:${detail?.id === recordId ? "detail" : "row"}`;
  const [populated, setPopulated] = useState<string | null>(null);
  useEffect(() => {
    if (!open || !detailUrl || !recordId) return;
    let cancelled = false;
    void callRoute<{ ok: true; values?: Record<string, unknown> }>(`${detailUrl}?id=${encodeURIComponent(recordId)}`).then((answer) => {
      if (!cancelled) setDetail({ id: recordId, values: answer.ok ? (answer.values ?? null) : null });
    });
    return () => {
      cancelled = true;
    };
  }, [open, detailUrl, recordId]);

  // Filled once per record (and once more when its detail arrives), never again while open: a
  // revalidation of the page gives new field objects, and must not wipe what the user typed.
  const lastPopulated = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      lastPopulated.current = null;
      return;
    }
    if (lastPopulated.current === populateKey) return;
    lastPopulated.current = populateKey;
    setErrors({});
    form.resetFields();
    if (record) {
      form.setFieldsValue(formValues(fields, { ...record, ...(detail?.id === recordId ? detail.values : null) }));
    }
    setPopulated(populateKey);
  }, [open, record, detail, fields, form, populateKey]);

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.intent !== "save") return;
    if (answer.ok) onSaved(answer.message);
    else if (answer.fieldErrors) setErrors(answer.fieldErrors);
  });

  const watched = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const visible = formControls(fields, mode, { ...record, ...watched });
  // The id is part of what is checked (schemas tell adding from editing by it), and the copy this
  // edit was made from goes with it: the backend refuses it if the record changed since.
  const id = mode === "edit" && typeof record?.id === "string" ? record.id : undefined;
  const hidden: Record<string, string> = { intent: "save" };
  if (id) hidden.id = id;
  if (id && record && "updateTime" in record) hidden.updateTime = loadedUpdateTime(record, detail?.id === id ? detail.values : null);

  /** What the form posts: its FormData, and the record's fields as the action reads them. */
  const box = useRef<HTMLDivElement>(null);
  const posted = () => {
    const element = box.current?.querySelector("form");
    const formData = element ? new FormData(element) : new FormData();
    return { formData, record: recordFields(formData) };
  };

  /** Blank fields an edit must fill again because of what else it changed (requiredOnEditWhen). */
  const requiredAgain = (values: Record<string, unknown>) => {
    const problems: Record<string, string> = {};
    if (mode !== "edit" || !record) return problems;
    for (const field of visible) {
      const message = field.requiredOnEditWhen && !values[field.name] ? field.requiredOnEditWhen(values, record) : null;
      if (message) problems[field.name] = message;
    }
    return problems;
  };

  // A field's message goes as soon as its value is valid (issue #30): the fields shown with a
  // message are checked again by the same schema whenever they change, and those required again by
  // another field's change whenever any field changes. Read from the form once it shows the change.
  const recheck = async (changed: string[]) => {
    const dependent = visible.filter((field) => field.requiredOnEditWhen).map((field) => field.name);
    const shown = [...new Set([...changed, ...dependent])].filter((name) => errors[name]);
    if (shown.length === 0) return;
    const checking = typeof schema === "function" ? await schema() : schema;
    const { values } = posted().record;
    const found = checking ? checking.safeParse(values) : null;
    const now = { ...requiredAgain(values), ...(found && !found.success ? fieldErrors(found.error) : {}) };
    setErrors((current) => {
      const next = { ...current };
      for (const name of shown) {
        if (now[name]) next[name] = now[name];
        else delete next[name];
      }
      return next;
    });
  };
  const [changed, setChanged] = useState<string[]>([]);
  useEffect(() => {
    if (changed.length > 0) void recheck(changed);
    // After the render that shows the change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed]);

  const submit = async () => {
    const { formData, record: read } = posted();
    const values = read.values;
    const problems: Record<string, string> = { ...read.gridErrors };
    const checking = typeof schema === "function" ? await schema() : schema;
    if (checking) {
      const checked = checking.safeParse(values);
      if (!checked.success) {
        const visibleNames = new Set(visible.map((field) => field.name));
        for (const [name, text] of Object.entries(fieldErrors(checked.error))) problems[visibleNames.has(name) ? name : "_form"] ??= text;
      }
    }
    for (const [name, text] of Object.entries(requiredAgain(values))) problems[name] ??= text;
    // The server's validators, for fields the schema found no fault with: the check rule, then uniqueness.
    for (const field of visible) {
      if (problems[field.name]) continue;
      const value = typeof values[field.name] === "string" ? (values[field.name] as string) : "";
      const message =
        (field.checkRule ? await checkRule(field.checkRule, value) : null) ??
        (field.duplicate ? await checkDuplicate(field.duplicate.tableName, field.duplicate.fieldName, value, id) : null);
      if (message) problems[field.name] = message;
    }
    setErrors(problems);
    if (problems._form) void message.warning(problems._form);
    if (Object.keys(problems).length > 0) return;
    // The form's own fields, as the page without JavaScript posts them (one protocol: recordFields reads both).
    void fetcher.submit(formData, { method: "post", ...(action ? { action } : {}) });
  };

  return (
    <Modal
      title={FORM_TITLES[mode]}
      open={open}
      width={formWidth(fields, width)}
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit()}
      okText={readOnly ? "关闭" : "确定"}
      cancelText="取消"
      cancelButtonProps={readOnly ? { style: { display: "none" } } : undefined}
      confirmLoading={fetcher.state === "submitting"}
      okButtonProps={{ disabled: loadingDetail }}
      destroyOnHidden
    >
      {readOnly ? (
        // 详情 is a description of the record, not a disabled copy of the form.
        historyUrl && recordId ? (
          <Tabs
            items={[
              { key: "detail", label: "详情", children: <RecordView fields={fields} record={{ ...record, ...(detail?.id === recordId ? detail.values : null) }} /> },
              { key: "history", label: "历史", children: <RecordHistory url={historyUrl} id={recordId} /> },
            ]}
          />
        ) : (
          <RecordView fields={fields} record={{ ...record, ...(detail?.id === recordId ? detail.values : null) }} />
        )
      ) : (
        <div ref={box}>
          <RecordForm
            form={form}
            fields={fields}
            mode={mode === "edit" ? "edit" : "add"}
            record={record}
            hidden={hidden}
            errors={errors}
            disabled={loadingDetail || populated !== populateKey}
            onValuesChange={setChanged}
          />
        </div>
      )}
    </Modal>
  );
}
