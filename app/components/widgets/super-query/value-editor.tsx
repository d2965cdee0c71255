// The value editor of one condition row, chosen by the field's type (docs/spec/widgets.md §5 "Value
// types by field type"; the choice itself is `editorFor`, unit-tested).
import { DatePicker, Input, InputNumber, Select, TimePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import { splitValues, toSelectOptions } from "../dict-select/dict-options";
import { DictMultiSelect, DictSelect } from "../dict-select/dict-select";
import { DepartPicker } from "../pickers/depart-picker";
import { UserPicker } from "../pickers/user-picker";
import { SearchSelect } from "../search-select/search-select";
import { AreaSelect } from "../area";
import {
  allowsMultiple,
  DATE_FORMAT,
  DATETIME_FORMAT,
  dictOf,
  editorFor,
  SWITCH_OPTIONS,
  TIME_FORMAT,
  type SuperQueryRow,
} from "./super-query";

dayjs.extend(customParseFormat);

const FULL_WIDTH = { width: "100%" } as const;

function parsed(value: string | undefined, format: string): Dayjs | null {
  if (!value) return null;
  const moment = dayjs(value, format);
  return moment.isValid() ? moment : null;
}

export function ValueEditor({ row, onChange }: { row: SuperQueryRow; onChange: (value: string) => void }) {
  const value = row.val ?? "";
  const multiple = allowsMultiple(row);
  switch (editorFor(row)) {
    case "search-select":
      return <SearchSelect dict={dictOf(row)} async={!!row.dictTable} value={value} onChange={onChange} />;
    case "dict-multi":
      return row.options ? (
        <DictMultiSelect options={row.options} value={value} onChange={onChange} />
      ) : (
        <DictMultiSelect dictCode={dictOf(row)} value={value} onChange={onChange} />
      );
    case "dict":
      return <DictSelect dictCode={dictOf(row)} value={value} onChange={onChange} />;
    case "options-multi":
      return <DictMultiSelect options={row.options ?? []} value={value} onChange={onChange} />;
    case "options":
      return (
        <Select<string>
          style={FULL_WIDTH}
          value={value || undefined}
          options={toSelectOptions(row.options ?? [])}
          allowClear
          placeholder="请选择"
          onChange={(next) => onChange(next ?? "")}
        />
      );
    case "user":
      return (
        <UserPicker
          value={value}
          onChange={onChange}
          multiple={multiple}
          store={row.customReturnField === "id" ? "id" : "username"}
          placeholder="请选择用户"
        />
      );
    case "depart":
      return (
        <DepartPicker value={value} onChange={onChange} multiple={multiple} store={row.customReturnField === "orgCode" ? "orgCode" : "id"} placeholder="请选择部门" />
      );
    case "date":
      return (
        <DatePicker
          style={FULL_WIDTH}
          placeholder="请选择日期"
          value={parsed(value, DATE_FORMAT)}
          format={DATE_FORMAT}
          onChange={(date) => onChange(date ? date.format(DATE_FORMAT) : "")}
        />
      );
    case "datetime":
      return (
        <DatePicker
          style={FULL_WIDTH}
          placeholder="请选择时间"
          showTime
          value={parsed(value, DATETIME_FORMAT)}
          format={DATETIME_FORMAT}
          onChange={(date) => onChange(date ? date.format(DATETIME_FORMAT) : "")}
        />
      );
    case "time":
      return (
        <TimePicker
          style={FULL_WIDTH}
          value={parsed(value, TIME_FORMAT)}
          format={TIME_FORMAT}
          onChange={(time) => onChange(time ? time.format(TIME_FORMAT) : "")}
        />
      );
    case "number":
      // Under `in` several numbers are typed as one comma list.
      return multiple ? (
        <Input placeholder="请输入数值，多个用逗号分隔" value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <InputNumber<string>
          style={FULL_WIDTH}
          placeholder="请输入数值"
          stringMode
          value={value === "" ? null : value}
          onChange={(next) => onChange(next ?? "")}
        />
      );
    case "switch":
      return multiple ? (
        <DictMultiSelect options={SWITCH_OPTIONS} value={splitValues(value).join(",")} onChange={onChange} />
      ) : (
        <Select<string>
          style={FULL_WIDTH}
          placeholder="请选择"
          value={value || undefined}
          options={toSelectOptions(SWITCH_OPTIONS)}
          onChange={(next) => onChange(next ?? "")}
        />
      );
    case "area":
      return <AreaSelect value={value} onChange={onChange} />;
    default:
      return <Input placeholder="请输入值" value={value} onChange={(event) => onChange(event.target.value)} />;
  }
}
