// A list's form and delete confirmation as the server renders them in the page, for a browser that
// has not run (or will never run) the page's JavaScript (issue #19): plain HTML forms posting to the
// route's action, which redirects back to the list or answers with the field errors and the typed
// values. The record's form is the dialog's RecordForm (record-form.tsx) in a card of its own; once
// hydrated, the list page shows the same address as its modal instead.
import type { ReactNode } from "react";
import { Button, Card, Form, Input, Space } from "antd";
import { PLAIN_SUPER_QUERY, RETURN_FIELD, type ListState } from "~/lib/list-query";
import type { ListActionResult, ListRecord, OpenedOverlay } from "~/services/list.server";
import { fromQueryParams, MATCH_TYPES, SUPER_QUERY_RULES, SUPER_QUERY_TEXTS, type SuperQueryField } from "../super-query/super-query";
import { ACCEPT, DOWNLOAD_LINK, IMPORT_TITLE, readImportOutcome, type ImportOutcome } from "../import-excel/import-result";
import { ChoiceSelect } from "./choice-select";
import { FORM_TITLES, formValues, RecordForm } from "./record-form";
import { RecordView } from "./record-view";
import type { FormField } from "./types";

type FormOverlay = Extract<OpenedOverlay, { kind: "form" }>;
type ConfirmOverlay = Extract<OpenedOverlay, { kind: "confirm" }>;

/** The message of a failed answer: the backend's failure or the action's own refusal. */
function answerMessage(answer: ListActionResult | undefined): string | null {
  if (!answer || answer.ok) return null;
  return answer.failure?.message ?? answer.message ?? null;
}


export function PlainRecordForm({
  opened,
  fields,
  defaults,
  answer,
  listHref,
  needsDetail,
}: {
  opened: FormOverlay;
  fields: FormField[];
  defaults?: Record<string, unknown>;
  /** The action's answer to this form's last post (useActionData). */
  answer: ListActionResult | undefined;
  listHref: string;
  /** The form loads more than the row with JavaScript (`detailUrl`) and the server loaded none. */
  needsDetail: boolean;
}) {
  const { mode, record } = opened;
  const title = FORM_TITLES[mode];
  const back = (
    <Button href={listHref} className="plain-back">
      {mode === "detail" ? "关闭" : "取消"}
    </Button>
  );
  if (opened.error || (mode !== "add" && !record)) {
    return (
      <Card title={title} className="list-page plain-overlay">
        <Notice type="warning" text={opened.error ?? "未找到对应数据"} />
        <div className="plain-actions">{back}</div>
      </Card>
    );
  }
  if (mode === "detail") {
    return (
      <Card title={title} className="list-page plain-overlay">
        <RecordView fields={fields} record={record ?? {}} />
        <div className="plain-actions">{back}</div>
      </Card>
    );
  }
  const base = mode === "add" ? { ...defaults } : (record ?? {});
  const posted = answer && !answer.ok && answer.intent === "save" ? answer.values : undefined;
  // The posted values after a refusal, else the record's or the defaults.
  const values = posted ?? formValues(fields, base);
  const errors = (answer && !answer.ok && answer.intent === "save" ? answer.fieldErrors : undefined) ?? {};
  const problem = answerMessage(answer && answer.intent === "save" ? answer : undefined) ?? errors._form;
  if (mode === "edit" && needsDetail) {
    return (
      <Card title={title} className="list-page plain-overlay">
        <Notice type="info" text="该表单需要启用JavaScript" />
        <div className="plain-actions">{back}</div>
      </Card>
    );
  }
  const hidden: Record<string, string> = { intent: "save", [RETURN_FIELD]: "list" };
  if (mode === "edit" && record) hidden.id = record.id;
  if (mode === "edit" && record && "updateTime" in record) hidden.updateTime = values.updateTime ?? String(record.updateTime ?? "");
  return (
    <Card title={title} className="list-page plain-overlay">
      {problem ? <Notice type="error" text={problem} /> : null}
      <RecordForm fields={fields} mode={mode} record={base} initialValues={values} hidden={hidden} errors={errors} className="plain-form">
        <Form.Item wrapperCol={{ offset: 5, span: 16 }}>
          <Space>
            <Button type="primary" htmlType="submit">
              确定
            </Button>
            {back}
          </Space>
        </Form.Item>
      </RecordForm>
    </Card>
  );
}

/** 删除 / 批量删除 without JavaScript: what is about to be deleted, and a form that deletes it. */
export function PlainConfirm({
  opened,
  describe,
  answer,
  listHref,
}: {
  opened: ConfirmOverlay;
  /** A row's name in the list of what is deleted. */
  describe: (row: ListRecord) => string;
  answer: ListActionResult | undefined;
  listHref: string;
}) {
  const problem = answerMessage(answer);
  const known = new Map(opened.records.map((row) => [row.id, row]));
  return (
    <Card title="确认删除" className="list-page plain-overlay">
      {problem ? <Notice type="error" text={problem} /> : null}
      <p>{opened.intent === "delete" ? "确定删除吗?" : "是否删除选中数据?"}</p>
      <ul className="plain-confirm-list">
        {opened.ids.map((id) => (
          <li key={id}>{known.has(id) ? describe(known.get(id)!) : id}</li>
        ))}
      </ul>
      <form method="post" className="plain-actions">
        <input type="hidden" name="intent" value={opened.intent} />
        <input type="hidden" name={opened.intent === "delete" ? "id" : "ids"} value={opened.ids.join(",")} />
        <input type="hidden" name={RETURN_FIELD} value="list" />
        <Space>
          <Button type="primary" danger htmlType="submit">
            确定
          </Button>
          <Button href={listHref}>取消</Button>
        </Space>
      </form>
    </Card>
  );
}

/** Condition rows the plain 高级查询 offers beyond the ones in force (no JavaScript adds a row). */
const PLAIN_QUERY_ROWS = 3;

/**
 * 高级查询 without JavaScript (issue #30 item 8): the builder's rows as a GET form of their own. Each
 * row's field, rule and value post as `sqField`, `sqRule`, `sqVal`; the list's parser turns them
 * into the builder's `superQueryParams` (list-query.ts), so the list filters the same way. The
 * list's search, sort and page size ride along as hidden fields; a new query starts at page 1.
 */
export function PlainSuperQuery({
  fields,
  state,
  action,
  keep,
  listHref,
  clearHref,
}: {
  fields: SuperQueryField[];
  state: ListState;
  /** The list's path (the form's GET target). */
  action: string;
  /** The list's params the query keeps (search, sort, page size, the page's own). */
  keep: [string, string][];
  listHref: string;
  /** The list without an advanced query. */
  clearHref: string;
}) {
  const current = fromQueryParams(state, fields);
  const rows = [...current.rows, ...Array.from({ length: PLAIN_QUERY_ROWS }, () => ({ field: undefined, rule: "eq" as const, val: undefined }))];
  const fieldChoices = fields.map((field) => ({ value: field.value, label: field.text }));
  const ruleChoices = SUPER_QUERY_RULES.map((rule) => ({ value: rule.value, label: rule.label }));
  return (
    <Card title={SUPER_QUERY_TEXTS.title} className="list-page plain-overlay">
      <form method="get" action={action} className="plain-super-query">
        {keep.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <label className="plain-super-query__match">
          {SUPER_QUERY_TEXTS.matchLabel}：
          <ChoiceSelect name="superQueryMatchType" label={SUPER_QUERY_TEXTS.matchLabel} options={MATCH_TYPES} value={current.matchType} />
        </label>
        {rows.map((row, index) => (
          <div key={index} className="plain-super-query__row">
            <ChoiceSelect name={PLAIN_SUPER_QUERY.field} label={SUPER_QUERY_TEXTS.fieldPlaceholder} placeholder={SUPER_QUERY_TEXTS.fieldPlaceholder} options={fieldChoices} value={row.field} />
            <ChoiceSelect name={PLAIN_SUPER_QUERY.rule} label={SUPER_QUERY_TEXTS.rulePlaceholder} options={ruleChoices} value={row.rule ?? "eq"} />
            <Input name={PLAIN_SUPER_QUERY.value} aria-label="查询值" placeholder="请输入值" defaultValue={row.val ?? ""} />
          </div>
        ))}
        <div className="plain-actions">
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {SUPER_QUERY_TEXTS.query}
            </Button>
            <Button href={clearHref}>{SUPER_QUERY_TEXTS.clear}</Button>
            <Button href={listHref}>{SUPER_QUERY_TEXTS.close}</Button>
          </Space>
        </div>
      </form>
    </Card>
  );
}

/**
 * 导入 without JavaScript (docs/decisions/164): a multipart form posting the file to the import
 * route (the dialog's own address, plus the page to come back to), and the outcome it came back
 * with (`outcome`: the address's `importResult`), worded as the dialog words it (import-result.ts).
 */
export function PlainImport({ action, listHref, outcome: written, extensions }: { action: string; listHref: string; outcome: string | null; extensions?: readonly string[] }) {
  const outcome = readImportOutcome(written);
  return (
    <Card title={IMPORT_TITLE} className="list-page plain-overlay">
      {outcome ? <ImportOutcomeNotice outcome={outcome} /> : null}
      <form method="post" encType="multipart/form-data" action={action} className="plain-import">
        <label className="plain-import__file">
          选择文件：
          <input type="file" name="file" accept={extensions ? extensions.join(",") : ACCEPT} required />
        </label>
        <p className="plain-import__hint">支持 {(extensions ?? [".xls", ".xlsx"]).join("、")} 文件</p>
        <div className="plain-actions">
          <Space>
            <Button type="primary" htmlType="submit">
              开始上传
            </Button>
            <Button href={listHref}>关闭</Button>
          </Space>
        </div>
      </form>
    </Card>
  );
}

function ImportOutcomeNotice({ outcome }: { outcome: ImportOutcome }) {
  switch (outcome.kind) {
    case "success":
      return <Notice type="success" text={outcome.text} />;
    case "partial":
      return (
        <Notice type="warning" text={outcome.title}>
          {[outcome.message, outcome.summary].filter(Boolean).map((line) => (
            <div key={line}>{line}</div>
          ))}
          {outcome.href ? (
            <div>
              具体详情请{" "}
              <a href={outcome.href} download={outcome.fileName || undefined}>
                {DOWNLOAD_LINK}
              </a>
            </div>
          ) : null}
        </Notice>
      );
    case "session-expired":
      return null;
    default:
      return <Notice type="error" text={outcome.text} />;
  }
}

/** antd's alert look from the static stylesheet, without the Alert component's code on every list page. */
function Notice({ type, text, children }: { type: "error" | "warning" | "info" | "success"; text: string; children?: ReactNode }) {
  return (
    <div className={`ant-alert ant-alert-${type} plain-problem`} role="alert">
      <div className="ant-alert-section">
        <div className="ant-alert-title">{text}</div>
        {children ? <div className="ant-alert-description">{children}</div> : null}
      </div>
    </div>
  );
}
