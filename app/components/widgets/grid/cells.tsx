// One editor per column type (docs/spec/widgets.md §3 "Column types"). A cell gets its value and
// writes through `onChange` (and `onInput` while typing); validation and the store are the grid's
// business (./editable-grid.tsx). Speed (docs/decisions/038): text, number, checkbox and radio cells
// are native controls; the heavy antd editors (Select, pickers, DatePicker, Upload, the textarea
// pop-over) mount only in the grid's one active cell; the other cells show their text.
import { memo, useMemo, useState } from "react";
import { App, DatePicker, Input, Popover, Select, Tag, TimePicker } from "antd";
import dayjs from "dayjs";
import { formatMoney } from "#contract/money";
import { useDictOptions } from "~/components/widgets/dict-select/dict-store";
import { joinValues, optionText, splitValues, toSelectOptions, type DictOption } from "~/components/widgets/dict-select/dict-options";
import { SearchSelect } from "~/components/widgets/search-select";
import { DepartPicker, UserPicker } from "~/components/widgets/pickers";
import { UploadField } from "~/components/widgets/upload";
import { lazyWidget } from "~/components/widgets/lazy";
import { popupMapping } from "./popup";
import type { PopupModalProps } from "./popup-modal";
import { customCellType, valueFormat, type CellProps } from "./columns";
import { filterNumberKeystroke, parseNumberOnBlur } from "./numbers";
import { checkboxValues } from "./rows";
import { isNegativeAmount } from "#contract/money";
import type { GridColumn, GridRow } from "./types";

/** spec §9: the textarea cell's pop-up is 300×210. */
const TEXTAREA_CELL_SIZE = { width: 300, height: 210 };

function useColumnOptions(column: GridColumn, row: GridRow): DictOption[] {
  const linked = column.linkageKey && column.linkageOptions ? column.linkageOptions(row[column.linkageKey] ?? "") : undefined;
  const given = linked ?? column.options;
  const state = useDictOptions(given ? undefined : column.dictCode, given);
  return state.options;
}

function SelectCell({ column, row, value, disabled, onChange, placeholder, status, mode }: CellProps & { mode?: "multiple" }) {
  const options = useColumnOptions(column, row);
  const multiple = mode === "multiple" || column.fieldExtendJson?.multiSelect === true;
  return (
    <Select
      autoFocus
      defaultOpen
      size="small"
      style={{ width: "100%" }}
      mode={multiple ? "multiple" : column.allowInput ? "tags" : undefined}
      maxTagCount={multiple ? 1 : undefined}
      showSearch={column.allowSearch || column.type === "sel_search" ? { optionFilterProp: "label" } : undefined}
      allowClear
      value={multiple ? splitValues(value) : value === "" ? undefined : column.allowInput ? [value] : value}
      options={toSelectOptions(options)}
      disabled={disabled}
      placeholder={placeholder ?? "请选择"}
      status={status}
      aria-label={column.title}
      onChange={(next: string | string[] | undefined) => {
        if (Array.isArray(next)) onChange(column.allowInput && !multiple ? (next[next.length - 1] ?? "") : joinValues(next));
        else onChange(next ?? "");
      }}
    />
  );
}

const inputClass = (status: CellProps["status"]) => (status === "error" ? "jvxe-input jvxe-input-error" : "jvxe-input");

function NumberCell({ column, value, disabled, onChange, onInput, onBlur, placeholder, status }: CellProps) {
  return (
    <input
      // Red figures: a negative amount (a reversing voucher's lines) shows in red.
      className={`${inputClass(status)}${column.money && isNegativeAmount(value) ? " money-negative" : ""}`}
      inputMode="decimal"
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={column.title}
      aria-invalid={status === "error" || undefined}
      onChange={(event) => onInput?.(filterNumberKeystroke(value, event.target.value))}
      onBlur={() => {
        const parsed = parseNumberOnBlur(value);
        if (parsed !== value) onChange(parsed);
        onBlur?.();
      }}
    />
  );
}

function DateCell({ column, value, disabled, onChange, placeholder, status }: CellProps) {
  const format = valueFormat(column);
  const parsed = value ? dayjs(value, format) : null;
  const common = {
    size: "small" as const,
    style: { width: "100%" },
    disabled,
    placeholder,
    status,
    "aria-label": column.title,
    value: parsed && parsed.isValid() ? parsed : null,
    format,
    autoFocus: true,
    defaultOpen: true,
  };
  if (column.type === "time")
    return <TimePicker {...common} onChange={(next) => onChange(next ? next.format(format) : "")} />;
  return <DatePicker {...common} showTime={column.type === "datetime"} onChange={(next) => onChange(next ? dayjs(next).format(format) : "")} />;
}

function TextareaCell({ column, value, disabled, onChange, onInput, onBlur, placeholder, status }: CellProps) {
  // Mounted by a click on the cell's text: open at once.
  const [open, setOpen] = useState(true);
  return (
    <Popover
      open={open && !disabled}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
      trigger="click"
      title={column.title}
      content={
        <Input.TextArea
          autoFocus
          style={TEXTAREA_CELL_SIZE}
          value={value}
          aria-label={`${column.title}内容`}
          onChange={(event) => onInput?.(event.target.value)}
        />
      }
    >
      <Input size="small" readOnly value={value} disabled={disabled} placeholder={placeholder} status={status} aria-label={column.title} onChange={(event) => onChange(event.target.value)} />
    </Popover>
  );
}

function TagsText({ column, value }: { column: GridColumn; value: string }) {
  return (
    <>
      {splitValues(value).map((part) => (
        <Tag key={part} color={column.setTagColor?.(part)}>
          {part}
        </Tag>
      ))}
    </>
  );
}

/** The grid's props of a cell: CellProps, and whether it is the grid's active (edited) cell. */
export interface CellEditorProps extends CellProps {
  active: boolean;
}

/** Types whose editor is heavy: shown as text until the cell is active. */
const LIGHT_UNTIL_ACTIVE = new Set(["select", "list_multi", "sel_search", "date", "datetime", "time", "input_pop", "textarea"]);
/** Types whose text needs the editor (a label looked up, files listed): heavy once they hold a value. */
const HEAVY_WITH_VALUE = new Set(["sel_search_async", "sel_user", "sel_depart", "upload", "file", "image"]);

/** Whether the cell shows its text instead of its editor. */
function showsText(type: string, value: string, active: boolean): boolean {
  if (active) return false;
  if (LIGHT_UNTIL_ACTIVE.has(type)) return true;
  return HEAVY_WITH_VALUE.has(type) && value === "";
}

/** A heavy cell's text: focusing or clicking it makes the cell active (the grid listens for focus). */
function CellText({ column, row, value, disabled, placeholder, status }: CellProps) {
  const options = useTextOptions(column, row);
  const text = namedText(options, value, row[`${column.key}_dictText`]);
  const empty = text === "";
  const shown = empty ? (placeholder ?? emptyText(column.type)) : text;
  return (
    <div
      className={`jvxe-text${empty ? " jvxe-text-empty" : ""}${status === "error" ? " jvxe-input-error" : ""}${disabled ? " jvxe-text-disabled" : ""}`}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-label={`${column.title} ${shown}`}
      title={empty ? undefined : text}
    >
      {shown}
    </div>
  );
}

function emptyText(type: string): string {
  if (type === "upload" || type === "file" || type === "image") return "上传";
  if (type === "input_pop" || type === "textarea") return "";
  return "请选择";
}

/** Option texts of the types that show them; undefined for the others. */
function useTextOptions(column: GridColumn, row: GridRow): DictOption[] | undefined {
  const listed = column.type === "select" || column.type === "list_multi" || column.type === "sel_search";
  const linked = listed && column.linkageKey && column.linkageOptions ? column.linkageOptions(row[column.linkageKey] ?? "") : undefined;
  const given = linked ?? column.options;
  const state = useDictOptions(listed && !given ? column.dictCode : undefined, listed ? given : []);
  return listed ? state.options : undefined;
}

function CellEditorImpl(props: CellEditorProps) {
  const { column, row, value, disabled, onChange, onInput, onBlur, placeholder, status, active } = props;
  const custom = customCellType(column.type);
  if (custom) {
    const Custom = custom;
    const { active: _active, ...cellProps } = props;
    return <Custom {...cellProps} />;
  }
  if (showsText(column.type, value, active && !disabled)) return <CellText {...props} />;
  switch (column.type) {
    case "inputNumber":
      return <NumberCell {...props} />;
    case "checkbox": {
      const [checked, unchecked] = checkboxValues(column);
      return (
        <input
          type="checkbox"
          className="jvxe-checkbox"
          checked={value === checked}
          disabled={disabled}
          aria-label={column.title}
          onChange={(event) => onChange(event.target.checked ? checked : unchecked)}
        />
      );
    }
    case "select":
      return <SelectCell {...props} />;
    case "list_multi":
      return <SelectCell {...props} mode="multiple" />;
    case "sel_search":
      return <SelectCell {...props} />;
    case "sel_search_async":
      return (
        <SearchSelect
          async
          dict={column.dictCode}
          source={column.searchUrl}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          style={{ width: "100%" }}
          autoFocus={active}
          defaultOpen={active}
          onChange={(next) => onChange(next)}
        />
      );
    case "radio":
      return <RadioCell {...props} />;
    case "date":
    case "datetime":
    case "time":
      return <DateCell {...props} />;
    case "sel_user":
      return <UserPicker value={value} disabled={disabled} multiple={column.fieldExtendJson?.multiSelect ?? false} onChange={(next) => onChange(next)} />;
    case "sel_depart":
      return <DepartPicker value={value} disabled={disabled} multiple={column.fieldExtendJson?.multiSelect ?? false} onChange={(next) => onChange(next)} />;
    case "input_pop":
    case "textarea":
      return <TextareaCell {...props} />;
    case "upload":
    case "file":
    case "image":
      return (
        <UploadField
          compact
          mode={column.type === "image" ? "image" : "file"}
          value={value}
          disabled={disabled}
          biz={column.biz}
          action={column.action}
          token={column.token}
          responseName={column.responseName}
          number={column.fieldExtendJson?.uploadnum}
          allowDownload={column.allowDownload}
          allowRemove={column.allowRemove}
          btnText={column.btnText}
          aria-label={column.title}
          onChange={onChange}
        />
      );
    case "popup":
      return <PopupCell {...props} />;
    case "slot":
      return <>{column.render?.(row, column)}</>;
    case "hidden":
      return null;
    default:
      if (column.setTagColor && disabled) return <TagsText column={column} value={value} />;
      return (
        <input
          className={inputClass(status)}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          aria-label={column.title}
          aria-invalid={status === "error" || undefined}
          onChange={(event) => onInput?.(event.target.value)}
          onBlur={() => {
            onChange(value);
            onBlur?.();
          }}
        />
      );
  }
}

const PopupModal = lazyWidget<PopupModalProps>(() => import("./popup-modal").then((module) => module.PopupModal), null);

/**
 * spec §2 "Generic popup picker": the cell's text opens the business-record picker over the column's
 * list source (`popupCode`); the chosen rows' `orgFields` fill the row's `destFields`.
 */
function PopupCell({ column, value, disabled, placeholder, status, onChange, onRowChange }: CellProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const mapping = useMemo(() => popupMapping(column), [column]);
  const openPopup = () => {
    if (disabled) return;
    if (!mapping.ok) void message.error(mapping.detail ? `${mapping.message} ${mapping.detail}` : mapping.message);
    else setOpen(true);
  };
  const empty = value === "";
  return (
    <>
      <div
        className={`jvxe-text${empty ? " jvxe-text-empty" : ""}${status === "error" ? " jvxe-input-error" : ""}${disabled ? " jvxe-text-disabled" : ""}`}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-haspopup="dialog"
        aria-disabled={disabled || undefined}
        aria-label={`${column.title} ${empty ? (placeholder ?? "请选择") : value}`}
        title={empty ? undefined : value}
        onClick={openPopup}
        onKeyDown={(event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          openPopup();
        }}
      >
        {empty ? (placeholder ?? "请选择") : value}
      </div>
      {open && mapping.ok ? (
        <PopupModal
          code={column.popupCode ?? ""}
          title={column.title}
          multiple={column.fieldExtendJson?.multiSelect}
          pairs={mapping.pairs}
          onPick={(values) => (onRowChange ? onRowChange(values) : onChange(values[column.key] ?? value))}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** Native radios: a row of them costs little more than text. */
function RadioCell({ column, row, value, disabled, onChange }: CellProps) {
  const options = useColumnOptions(column, row);
  return (
    <div role="radiogroup" aria-label={column.title} className="jvxe-radios">
      {options.map((option) => (
        <label key={option.value} className="jvxe-radio">
          <input type="radio" value={option.value} checked={value === option.value} disabled={disabled || option.disabled} onChange={() => onChange(option.value)} />
          {option.text}
        </label>
      ))}
    </div>
  );
}

/** Types whose cell keeps state of its own (a picker's looked-up label, an upload's file list, a pop-up). */
const STATEFUL_TYPES = new Set([...HEAVY_WITH_VALUE, "popup", "slot"]);

/**
 * Whether a cell may hold state of its own beyond its props: such a cell is never handed from one
 * row to another when the grid reuses a row's elements (editable-grid.tsx, `useRowKeys`).
 */
export function cellKeepsState(column: GridColumn): boolean {
  return STATEFUL_TYPES.has(column.type) || customCellType(column.type) !== undefined;
}

/** Whether a cell reads other values of its row (linkage options, slots, custom types). */
export function cellReadsRow(column: GridColumn): boolean {
  return column.type === "slot" || Boolean(column.linkageKey) || customCellType(column.type) !== undefined;
}

/**
 * A row edit gives every cell a new `row` object; only cells that read the row re-render for it,
 * the others only when their own props change.
 */
function sameCellProps(previous: CellEditorProps, next: CellEditorProps): boolean {
  for (const key of Object.keys(next) as (keyof CellEditorProps)[]) {
    if (key === "row" && !cellReadsRow(next.column)) continue;
    if (previous[key] !== next[key]) return false;
  }
  return Object.keys(previous).length === Object.keys(next).length;
}

export const CellEditor = memo(CellEditorImpl, sameCellProps);

/**
 * The read-only text of a cell (server rendering, disabled look-ups): option texts where known, else
 * `named`, the name the backend gave its code (`<key>_dictText`), if any.
 */
export function cellText(column: GridColumn, value: string, named?: string): string {
  if (column.type === "checkbox") return value === checkboxValues(column)[0] ? "是" : "否";
  // Money reads with two decimals and thousands separators, as in the lists (1,234,567.89).
  if (column.money) return formatMoney(value);
  return namedText(column.options, value, named);
}

/**
 * A code's text: its options' where they know it, else `named` (the name the backend gave it), never
 * the bare id when a name came (a bill the allocation grid no longer offers: issue #32 item 7).
 */
function namedText(options: readonly DictOption[] | undefined, value: string, named: unknown): string {
  const name = typeof named === "string" ? named : "";
  if (!options) return name || value;
  if (name && value !== "" && splitValues(value).some((part) => !options.some((option) => option.value === part))) return name;
  return optionText(options, value);
}
