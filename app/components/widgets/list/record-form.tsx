// A record's add / edit form (docs/spec/app-shell.md §4), the one form of the dialog and of the page
// rendered without JavaScript (issue #28 item 2, docs/decisions/192): a real `<form method="post">`
// whose controls carry the names the action reads (recordFields). `RecordControl` is the one switch
// from a field's kind to its control: before JavaScript a native control holding the name; once
// hydrated antd's control, with a hidden input of the same name holding its text where antd's
// control posts nothing itself (PostedText, beside the field's item). Either way the form's FormData
// is what is posted.
import { cloneElement, isValidElement, useContext, type ReactElement, type ReactNode } from "react";
import { DatePicker, Form, Input, InputNumber, Radio, Select, type FormInstance } from "antd";
import { FormItemInputContext } from "antd/es/form/context";
import dayjs from "dayjs";
import { useHydrated } from "~/lib/use-hydrated";
import { gridFieldEntries, parseJsonRows } from "../grid/grid-value";
import { PLAIN_INPUT_CLASS } from "../light-form";
import { fieldText, formControls, isRowsField, RowsDetail } from "./record-view";
import type { FormField } from "./types";

export type FormMode = "add" | "edit" | "detail";
export const FORM_TITLES: Record<FormMode, string> = { add: "新增", edit: "编辑", detail: "详情" };

/** More options than this make a form select searchable. */
const SEARCHABLE_OPTIONS = 20;
/** A wide field's label sits above it and the control takes the form's width. */
const WIDE_ITEM = { labelCol: { span: 24 }, wrapperCol: { span: 24 } } as const;

/** A control's value as the form posts it (a custom control's array joined with commas). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** A record's values as the form holds them: text, or nothing for a missing value. */
export function formValues(fields: readonly FormField[], record: Record<string, unknown> | null): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const field of fields) {
    const value = record?.[field.name];
    values[field.name] = value === null || value === undefined ? undefined : String(value);
  }
  return values;
}

export interface RecordFormProps {
  /** The dialog's form instance (it fills and reads it); the page without JavaScript needs none. */
  form?: FormInstance;
  fields: FormField[];
  mode: "add" | "edit";
  /** The record edited (the defaults when adding): what a custom control and `visibleWhen` see. */
  record: Record<string, unknown> | null;
  /** What the controls show at first (the posted values after a refusal); the dialog fills its form instead. */
  initialValues?: Record<string, string | undefined>;
  /** Posted as they are: `intent`, the id and the copy's time of an edit, the plain form's return field. */
  hidden: Record<string, string>;
  /** A message per field, shown under its control. */
  errors: Record<string, string>;
  disabled?: boolean;
  className?: string;
  /** The names of the fields the user changed, once the form shows (and posts) their new values. */
  onValuesChange?: (changed: string[]) => void;
  /** Inside the form, after the fields (the plain form's buttons). */
  children?: ReactNode;
}

export function RecordForm({ form, fields, mode, record, initialValues, hidden, errors, disabled, className, onValuesChange, children }: RecordFormProps) {
  const hydrated = useHydrated();
  const [own] = Form.useForm(form);
  const watched = Form.useWatch([], own) as Record<string, unknown> | undefined;
  // A field the form holds no value for yet (a hidden one: its item is not rendered) keeps the record's.
  const current = { ...record, ...initialValues, ...definedOnly(watched) };
  const shown = formControls(fields, mode, current);
  return (
    <Form
      form={own}
      component="form"
      method="post"
      name="record"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 16 }}
      className={className}
      disabled={disabled}
      initialValues={initialValues}
      onValuesChange={(changed: Record<string, unknown>) => onValuesChange?.(Object.keys(changed))}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {shown.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          {...(field.wide ? WIDE_ITEM : null)}
          required={field.required || (field.requiredOnAdd && mode === "add") || (mode === "edit" && !!record && !!field.requiredOnEditWhen?.(current, record))}
          validateStatus={errors[field.name] ? "error" : undefined}
          // antd's help text appears through an animation, which needs JavaScript: written out before.
          help={hydrated ? errors[field.name] : undefined}
          extra={!hydrated && errors[field.name] ? <PlainError text={errors[field.name]!} /> : undefined}
        >
          <RecordControl field={field} mode={mode} record={current} />
        </Form.Item>
      ))}
      {shown.map((field) => (
        // Outside the field's item, so that the item holds its control alone (as a label targets it).
        <Form.Item key={`posted-${field.name}`} name={field.name} noStyle>
          <PostedText field={field} mode={mode} hydrated={hydrated} />
        </Form.Item>
      ))}
      {children}
    </Form>
  );
}

function definedOnly(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== undefined));
}

function PlainError({ text }: { text: string }) {
  return (
    <div className="ant-form-item-explain">
      <div className="ant-form-item-explain-error" role="alert">
        {text}
      </div>
    </div>
  );
}

interface RecordControlProps {
  field: FormField;
  mode: "add" | "edit";
  record: Record<string, unknown>;
  /** Given by the form's item: the control's id (its label's target), value and change handler. */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The one field kind → control switch, for the page before JavaScript and once hydrated. */
function RecordControl({ field, mode, record, id, value, onChange }: RecordControlProps) {
  const hydrated = useHydrated();
  const text = valueText(value);
  const set = (next: unknown) => onChange?.(next);
  const placeholder = field.placeholder ?? (field.kind === "select" || field.kind === "multi-select" || field.kind === "date" ? `请选择${field.label}` : `请输入${field.label}`);
  const fixed = !!field.fixedOnEdit && mode === "edit";
  // antd's control posts nothing itself: PostedText's hidden input does.
  const item = useContext(FormItemInputContext);
  const posted = (control: ReactNode) => <FormItemInputContext.Provider value={{ ...item, name: undefined }}>{control}</FormItemInputContext.Provider>;
  switch (field.kind) {
    case "password":
      return hydrated ? (
        <Input.Password id={id} name={field.name} value={text} onChange={set} placeholder={placeholder} autoComplete="new-password" />
      ) : (
        <Input id={id} name={field.name} type="password" value={text} onChange={set} placeholder={placeholder} autoComplete="new-password" />
      );
    case "textarea":
      return <Input.TextArea id={id} name={field.name} value={text} onChange={set} rows={3} placeholder={placeholder} />;
    case "number":
      if (!hydrated) return <Input id={id} name={field.name} value={text} onChange={set} placeholder={placeholder} />;
      return posted(<InputNumber id={id} value={text === "" ? undefined : text} onChange={(next) => set(valueText(next))} placeholder={placeholder} style={{ width: "100%" }} />);
    case "date":
      if (!hydrated) return <Input id={id} name={field.name} type="date" value={text.slice(0, 10)} onChange={set} />;
      return posted(<DatePicker id={id} value={text ? dayjs(text) : undefined} onChange={(next) => set(next ? next.format("YYYY-MM-DD") : "")} placeholder={placeholder} style={{ width: "100%" }} />);
    case "select":
    case "multi-select": {
      const multiple = field.kind === "multi-select";
      if (!hydrated) return <NativeSelect id={id} field={field} text={text} multiple={multiple} fixed={fixed} placeholder={placeholder} onChange={set} />;
      if (multiple)
        return posted(
          <Select id={id} mode="multiple" value={text ? text.split(",") : []} onChange={(next: string[]) => set(next.join(","))} placeholder={placeholder} options={field.options} allowClear maxTagCount="responsive" />,
        );
      // A long list (a table dictionary: parents, corporations) is searched by typing.
      return posted(
        <Select
          id={id}
          value={text === "" ? undefined : text}
          onChange={(next?: string) => set(next ?? "")}
          placeholder={placeholder}
          options={field.options}
          allowClear
          disabled={fixed}
          {...((field.options?.length ?? 0) > SEARCHABLE_OPTIONS ? { showSearch: { optionFilterProp: "label" } } : {})}
        />,
      );
    }
    case "radio":
      if (!hydrated)
        return (
          <span id={id} role="radiogroup" className="plain-radios">
            {(field.options ?? []).map((option) => (
              <label key={option.value}>
                <input type="radio" name={field.name} value={option.value} checked={option.value === text} onChange={() => set(option.value)} /> {option.label}
              </label>
            ))}
          </span>
        );
      // Named after the field, as before JavaScript (without a name antd names the radios with an id).
      return <Radio.Group id={id} name={field.name} options={field.options} value={text === "" ? undefined : text} onChange={(event) => set(event.target.value)} />;
    case "custom": {
      if (!hydrated)
        // Pickers and grids need JavaScript: the value is kept as it is and posted back, and shown (a
        // grid's rows read-only on the grid, anything else as text).
        return posted(
          isRowsField(field, record) ? (
            <div id={id} className="plain-readonly">
              <RowsDetail field={field} record={record} />
            </div>
          ) : (
            <Input id={id} value={fieldText(field, record)} readOnly className="plain-readonly" />
          ),
        );
      const control = field.render?.({ mode, record });
      if (!isValidElement(control)) return posted(control);
      // As a form item gives its child: the id (unless it has its own), the value and the change handler.
      const element = control as ReactElement<{ id?: string; value?: unknown; onChange?: (...args: unknown[]) => void }>;
      return posted(
        cloneElement(element, {
          ...(element.props.id ? {} : { id }),
          value,
          onChange: (...args: unknown[]) => {
            element.props.onChange?.(...args);
            onChange?.(args[0]);
          },
        }),
      );
    }
    default:
      if (fixed && hydrated) return posted(<Input id={id} value={text} placeholder={placeholder} disabled />);
      return <Input id={id} name={field.name} value={text} onChange={set} readOnly={fixed} placeholder={placeholder} />;
  }
}

/** Whether a field's control posts under its name itself (a native control), else PostedText does. */
function postsItself(field: FormField, mode: "add" | "edit", hydrated: boolean): boolean {
  if (field.kind === "custom") return false;
  if (!hydrated || field.kind === "password" || field.kind === "textarea") return true;
  const text = !["number", "date", "select", "multi-select"].includes(field.kind);
  // A fixed text is shown disabled, and a disabled input posts nothing.
  return text && !(field.fixedOnEdit && mode === "edit");
}

/**
 * The hidden input of a field whose control posts nothing itself, holding the text the control
 * shows (a date as YYYY-MM-DD); a grid's rows (its control's JSON text) as named fields, one per cell.
 */
function PostedText({ field, mode, hydrated, value }: { field: FormField; mode: "add" | "edit"; hydrated: boolean; value?: unknown }) {
  if (postsItself(field, mode, hydrated)) return null;
  const text = valueText(value);
  if (field.rows)
    return gridFieldEntries(field.name, parseJsonRows<Record<string, unknown>>(text)).map(([key, cell]) => <input key={key} type="hidden" name={key} value={cell} />);
  return <input type="hidden" name={field.name} value={field.kind === "date" && text ? dayjs(text).format("YYYY-MM-DD") : text} />;
}

/** A select that works as plain HTML: a multiple one posts each chosen value (recordFields joins them). */
function NativeSelect({ id, field, text, multiple, fixed, placeholder, onChange }: { id?: string; field: FormField; text: string; multiple: boolean; fixed: boolean; placeholder: string; onChange: (value: string) => void }) {
  const chosen = text.split(",").filter(Boolean);
  return (
    <select
      id={id}
      name={field.name}
      className={`${PLAIN_INPUT_CLASS} plain-select`}
      multiple={multiple}
      value={multiple ? chosen : text}
      onChange={(event) => onChange(multiple ? [...event.target.selectedOptions].map((option) => option.value).join(",") : event.target.value)}
      // A fixed select still posts its value (a disabled one would not).
      {...(fixed ? { "aria-readonly": true } : {})}
    >
      {multiple ? null : <option value="">{placeholder}</option>}
      {(field.options ?? []).map((option) => (
        <option key={option.value} value={option.value} disabled={fixed && option.value !== text}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
