// A select of a few fixed choices (a search bar's dictionary field, the pager's page size). Before
// JavaScript and while antd's Select loads it is the browser's own select, wearing antd's outlined
// input classes and drawn as antd's Select (app.css `.plain-select`); antd's Select (about 21 KB gzip) loads once the page is hydrated, so that it stays out of
// the list page's first paint (bench shell, issue #11).
import type { CSSProperties } from "react";
import type { SelectProps } from "antd/es/select";
import { lazyWidget } from "../lazy";
import { PLAIN_INPUT_CLASS } from "../light-form";
import { useHydrated } from "~/lib/use-hydrated";

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceSelectProps {
  id?: string;
  /** The field's name (what the select posts before JavaScript). */
  name?: string;
  /** The accessible name. */
  label: string;
  placeholder?: string;
  options: readonly Choice[];
  value?: string;
  onChange?: (value: string | undefined) => void;
  allowClear?: boolean;
  size?: "small" | "middle";
  className?: string;
  style?: CSSProperties;
}

function NativeSelect({ id, name, label, placeholder, options, value, onChange, className, style }: ChoiceSelectProps) {
  return (
    <select
      id={id}
      name={name}
      aria-label={label}
      className={`${PLAIN_INPUT_CLASS} plain-select${className ? ` ${className}` : ""}`}
      value={value ?? ""}
      onChange={(event) => onChange?.(event.target.value === "" ? undefined : event.target.value)}
      style={style}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const AntSelect = lazyWidget<ChoiceSelectProps>(
  () =>
    import("antd/es/select").then(({ default: Select }) => {
      function Loaded({ label, options, onChange, name: _name, ...rest }: ChoiceSelectProps) {
        const props: SelectProps<string> = { ...rest, "aria-label": label, options: options as Choice[], onChange: (next) => onChange?.(next ?? undefined) };
        return <Select<string> {...props} />;
      }
      return Loaded;
    }),
  (props) => <NativeSelect {...props} />,
);

export function ChoiceSelect(props: ChoiceSelectProps) {
  const hydrated = useHydrated();
  return hydrated ? <AntSelect {...props} /> : <NativeSelect {...props} />;
}
