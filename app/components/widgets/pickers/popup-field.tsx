// The generic popup picker as a form field (docs/spec/widgets.md §2 "Generic popup picker", JPopup):
// a read-only input showing this field's value; a click (or Enter) opens the popup of `code` (an
// online report, or a registered list source) and the chosen rows' `orgFields` fill `destFields`.
// The destination named like this field (`field`) becomes its value; all destinations go to
// `onPick`, so the form can fill the others. Wrong parameters are refused as §5/§8 say.
import { useMemo, useState } from "react";
import { App, Input } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import { lazyWidget } from "../lazy";
import { popupMapping } from "../grid/popup";
import type { PopupModalProps } from "../grid/popup-modal";
import { HiddenValue } from "../dict-select/widget-parts";

const PopupModal = lazyWidget<PopupModalProps>(() => import("../grid/popup-modal").then((module) => module.PopupModal), null);

export interface PopupFieldProps {
  /** The popup code: an online report's code (报表编码). */
  code: string;
  /** Fields of the chosen rows, comma-separated… */
  orgFields: string;
  /** …and where each goes, in the same order. */
  destFields: string;
  /** The destination this field shows (default: the first destination). */
  field?: string;
  /** Several rows (comma-joined values); unset: the report's 返回类型. */
  multiple?: boolean;
  value?: string;
  onChange?: (value: string) => void;
  onPick?: (values: Record<string, string>) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  title?: string;
}

export function PopupField({ code, orgFields, destFields, field, multiple, value, onChange, onPick, placeholder = "点击选择", disabled, name, id, title = "" }: PopupFieldProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const mapping = useMemo(() => popupMapping({ popupCode: code, orgFields, destFields }), [code, orgFields, destFields]);
  const own = field ?? (mapping.ok ? mapping.pairs[0]?.[1] : undefined) ?? "";
  const openPopup = () => {
    if (disabled) return;
    if (!mapping.ok) void message.error(mapping.detail ? `${mapping.message} ${mapping.detail}` : mapping.message);
    else setOpen(true);
  };
  return (
    <>
      <Input
        id={id}
        readOnly
        value={value ?? ""}
        placeholder={placeholder}
        disabled={disabled}
        suffix={<SearchOutlined aria-hidden />}
        aria-haspopup="dialog"
        onClick={openPopup}
        onKeyDown={(event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          openPopup();
        }}
        style={{ cursor: disabled ? undefined : "pointer" }}
      />
      {name ? <HiddenValue name={name} value={value ?? ""} /> : null}
      {open && mapping.ok ? (
        <PopupModal
          code={code}
          title={title}
          multiple={multiple}
          pairs={mapping.pairs}
          onPick={(values) => {
            if (own in values) onChange?.(values[own]);
            onPick?.(values);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
