// 详情 (docs/spec/app-shell.md §4): the record as a read-only description of the form's fields, with
// the dictionaries' texts, not a disabled copy of the form. The same view in the modal and in the
// page rendered without JavaScript.
import { Descriptions, Form } from "antd";
import { ReadOnlyView } from "../read-only";
import type { FormField } from "./types";

/** The text of one field's value: option labels, else the backend's `_dictText`, else the value. */
export function fieldText(field: FormField, record: Record<string, unknown>): string {
  const raw = record[field.name];
  const dictText = record[`${field.name}_dictText`];
  const value = raw === null || raw === undefined ? "" : String(raw);
  if (field.options && value !== "") {
    const values = field.kind === "multi-select" || field.kind === "custom" ? value.split(",") : [value];
    const labels = values.map((item) => field.options!.find((option) => option.value === item)?.label);
    if (labels.every((label) => label !== undefined)) return labels.join("，");
  }
  if (typeof dictText === "string" && dictText !== "") return dictText;
  return value;
}

/** The fields a detail shows: what the form shows when editing and the lines of 详情 only, without passwords. */
export function detailFields(fields: FormField[], record: Record<string, unknown>): FormField[] {
  return fields.filter((field) => !field.onlyOnAdd && !field.notInDetail && field.kind !== "password" && (!field.visibleWhen || field.visibleWhen(record)));
}

/** The controls of the add / edit form in `mode`, for the form's current `values`. */
export function formControls(fields: FormField[], mode: "add" | "edit" | "detail", values: Record<string, unknown>): FormField[] {
  return fields.filter((field) => !field.onlyInDetail && !(field.onlyOnAdd && mode !== "add") && (!field.visibleWhen || field.visibleWhen(values)));
}

/** A custom field holding rows (a grid's JSON array): its own control, read-only, shows them. */
export function isRowsField(field: FormField, record: Record<string, unknown>): boolean {
  if (field.kind !== "custom" || !field.render) return false;
  const raw = record[field.name];
  return typeof raw === "string" && raw.trimStart().startsWith("[");
}

export function RowsDetail({ field, record }: { field: FormField; record: Record<string, unknown> }) {
  return (
    // A grid wider than the dialog scrolls inside its line (app.css .record-view-rows); in a
    // read-only view it shows its rows without editing controls (widgets/read-only).
    <div className="record-view-rows">
      <ReadOnlyView>
        <Form component={false} disabled initialValues={{ [field.name]: record[field.name] }}>
          <Form.Item name={field.name} noStyle>
            {field.render!({ mode: "detail", record })}
          </Form.Item>
        </Form>
      </ReadOnlyView>
    </div>
  );
}

export function RecordView({ fields, record }: { fields: FormField[]; record: Record<string, unknown> }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      className="record-view"
      items={detailFields(fields, record).map((field) => ({
        key: field.name,
        label: field.label,
        children: field.detail ? field.detail(record) : isRowsField(field, record) ? <RowsDetail field={field} record={record} /> : fieldText(field, record),
      }))}
    />
  );
}
