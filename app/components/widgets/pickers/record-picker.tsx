// A field plus its record picker modal, configured by declarations: the role, position and user
// pickers are this with their columns (JeecgBoot's JSelectBizComponent).
import { useState, type ReactNode } from "react";
import type { ColumnsType } from "antd/es/table";
import { useControllableValue } from "../dict-select/use-controllable-value";
import type { ValueWidgetProps } from "../dict-select/widget-parts";
import { PickerField } from "./picker-field";
import { keepValues, pickedValue, rowsOfValue, type PickerRow } from "./picker-logic";
import { RecordPickerModal, type PickerFilter } from "./record-picker-modal";
import { usePickerLabels } from "./use-picker-labels";

export interface RecordPickerConfig<Row extends PickerRow> {
  /** The modal title. */
  title: string;
  width: number;
  listUrl: string;
  columns: ColumnsType<Row>;
  filters: PickerFilter[];
  /** The field shown for a chosen value. */
  labelField: string;
  placeholder: string;
  /** Paging of the list (and of the selected rows table). */
  paging?: { pageSize: number; pageSizeOptions: readonly string[] };
  /** Shows the chosen rows in a table of these columns (the business-record picker). */
  selectedColumns?: ColumnsType<Row>;
}

export interface RecordPickerProps<Row extends PickerRow> extends ValueWidgetProps {
  config: RecordPickerConfig<Row>;
  /** The field stored in the value. */
  valueField: string;
  multiple: boolean;
  placeholder?: string;
  modalWidth?: number;
  onChange?: (value: string, rows: Row[]) => void;
  /** Beside the list (the user picker's department tree); told whether the modal is open. */
  side?: (open: boolean) => ReactNode;
  /** Added to the list's query (e.g. the department chosen on the side). */
  extraQuery?: Record<string, string | undefined>;
}

export function RecordPicker<Row extends PickerRow>({
  config,
  valueField,
  multiple,
  placeholder,
  modalWidth,
  side,
  extraQuery,
  value,
  defaultValue,
  onChange,
  name,
  disabled,
  id,
  className,
  style,
}: RecordPickerProps<Row>) {
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  const [open, setOpen] = useState(false);
  const known = usePickerLabels<Row>(current, config.listUrl, valueField, config.labelField);
  return (
    <>
      <PickerField
        value={current}
        labels={known.labels}
        placeholder={placeholder ?? config.placeholder}
        disabled={disabled}
        name={name}
        id={id}
        className={className}
        style={style}
        onOpen={() => setOpen(true)}
        onRemove={(remaining) => {
          const next = keepValues(current, remaining);
          setCurrent(next, rowsOfValue(next, known.rows, valueField));
        }}
      />
      <RecordPickerModal<Row>
        open={open}
        title={config.title}
        width={modalWidth ?? config.width}
        listUrl={config.listUrl}
        columns={config.columns}
        filters={config.filters}
        extraQuery={extraQuery}
        side={side?.(open)}
        multiple={multiple}
        rowKey="id"
        labelField={config.labelField}
        paging={config.paging}
        selectedColumns={config.selectedColumns}
        initial={rowsOfValue(current, known.rows, valueField)}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          known.remember(rows);
          setCurrent(pickedValue(rows, valueField), rows);
          setOpen(false);
        }}
      />
    </>
  );
}
