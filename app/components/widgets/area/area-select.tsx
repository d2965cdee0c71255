// The province / city / district field (JAreaLinkage): a cascader whose value is the deepest chosen
// code; with `name` it also posts that code in a hidden input (plain forms).
import { useEffect, useMemo, useState, type CSSProperties } from "react";
import { Cascader } from "antd";
import { areaOptions, areaPath, areaValue, type AreaTable } from "./area-data";
import { loadAreaTable, loadedAreaTable } from "./load-area";

export interface AreaSelectProps {
  value?: string;
  onChange?: (code: string) => void;
  name?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  "aria-label"?: string;
  /** Open the dropdown at once (grid cells). */
  autoFocus?: boolean;
  status?: "error";
  size?: "small" | "middle" | "large";
  onBlur?: () => void;
}

const NO_OPTIONS: ReturnType<typeof areaOptions> = [];

export function useAreaTable(): AreaTable | null {
  const [table, setTable] = useState<AreaTable | null>(loadedAreaTable);
  useEffect(() => {
    if (table) return;
    let live = true;
    void loadAreaTable().then((loaded) => live && setTable(loaded));
    return () => {
      live = false;
    };
  }, []);
  return table;
}

export function AreaSelect({ value = "", onChange, name, id, placeholder = "请选择省市区", disabled, style, autoFocus, status, size, onBlur, ...rest }: AreaSelectProps) {
  const table = useAreaTable();
  // Built once per table: the form renders on every keystroke, the options are thousands of districts.
  const options = useMemo(() => (table ? areaOptions(table) : NO_OPTIONS), [table]);
  const path = table && value ? areaPath(table, value) : [];
  return (
    <>
      <Cascader
        id={id}
        aria-label={rest["aria-label"]}
        style={{ width: "100%", ...style }}
        options={options}
        loading={!table}
        disabled={disabled}
        status={status}
        size={size}
        onBlur={onBlur}
        autoFocus={autoFocus}
        defaultOpen={autoFocus}
        changeOnSelect={false}
        placeholder={placeholder}
        value={path.length > 0 ? path : undefined}
        showSearch={{ filter: (input, steps) => steps.some((step) => String(step.label).includes(input)) }}
        onChange={(next) => onChange?.(areaValue(next as string[] | undefined))}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}
