// A date and time field whose value is the wire text `yyyy-MM-dd HH:mm:ss` (api-contract.md §0),
// for the forms' `custom` fields (their values are kept as strings).
import { DatePicker } from "antd";
import dayjs from "dayjs";

export const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

export function DateTimeInput({
  value,
  onChange,
  id,
  disabled,
  placeholder,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      showTime
      format={DATE_TIME_FORMAT}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? date.format(DATE_TIME_FORMAT) : "")}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: "100%" }}
    />
  );
}
