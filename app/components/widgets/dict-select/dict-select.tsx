// The dictionary select, radio, multi-select and switch (docs/spec/widgets.md §2 "Selects and
// editors"): options from a dictionary code (loaded once per code for the session) or given
// `options`; the value in and out as a string.
import { Radio, Select, Switch } from "antd";
import {
  isSwitchOn,
  joinValues,
  MULTI_SELECT_MAX_TAGS,
  splitValues,
  SWITCH_DEFAULT_OPTIONS,
  switchValue,
  textMatches,
  toSelectOptions,
  type DictOption,
} from "./dict-options";
import { useDictOptions } from "./dict-store";
import { useControllableValue } from "./use-controllable-value";
import { HiddenValue, WidgetProblem, type ValueWidgetProps } from "./widget-parts";

export interface DictSourceProps {
  /** A dictionary code (`sex`) or a table dictionary (`table,text,code`). */
  dictCode?: string;
  /** Fixed options instead of a dictionary. */
  options?: DictOption[];
}

export interface DictSelectProps extends ValueWidgetProps, DictSourceProps {
  onChange?: (value: string) => void;
  placeholder?: string;
  allowClear?: boolean;
}

const FULL_WIDTH: React.CSSProperties = { width: "100%" };

function filterByLabel(input: string, option?: { label?: React.ReactNode }): boolean {
  return textMatches(typeof option?.label === "string" ? option.label : "", input);
}

export function DictSelect({ dictCode, options, value, defaultValue, onChange, name, placeholder = "请选择", allowClear = true, disabled, id, className, style }: DictSelectProps) {
  const dict = useDictOptions(dictCode, options);
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  if (dict.problem) return <WidgetProblem message={dict.problem} />;
  return (
    <>
      <Select<string>
        id={id}
        className={className}
        style={{ ...FULL_WIDTH, ...style }}
        value={current === "" ? undefined : current}
        options={toSelectOptions(dict.options)}
        loading={dict.loading}
        placeholder={placeholder}
        allowClear={allowClear}
        disabled={disabled}
        showSearch={{ filterOption: filterByLabel }}
        onChange={(next) => setCurrent(next ?? "")}
      />
      <HiddenValue name={name} value={current} />
    </>
  );
}

export interface DictRadioProps extends ValueWidgetProps, DictSourceProps {
  onChange?: (value: string) => void;
  /** Button-style radios (JeecgBoot's `radioButton` type). */
  buttons?: boolean;
}

export function DictRadio({ dictCode, options, value, defaultValue, onChange, name, buttons, disabled, id, className, style }: DictRadioProps) {
  const dict = useDictOptions(dictCode, options);
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  if (dict.problem) return <WidgetProblem message={dict.problem} />;
  return (
    <>
      <Radio.Group
        id={id}
        className={className}
        style={style}
        value={current === "" ? undefined : current}
        options={toSelectOptions(dict.options)}
        optionType={buttons ? "button" : "default"}
        disabled={disabled}
        onChange={(event) => setCurrent(String(event.target.value ?? ""))}
      />
      <HiddenValue name={name} value={current} />
    </>
  );
}

export interface DictMultiSelectProps extends ValueWidgetProps, DictSourceProps {
  /** The comma-joined values. */
  onChange?: (value: string) => void;
  placeholder?: string;
}

/** docs/spec/widgets.md §9: at most 1 tag shows; the value is a comma-joined string. */
export function DictMultiSelect({ dictCode, options, value, defaultValue, onChange, name, placeholder = "请选择", disabled, id, className, style }: DictMultiSelectProps) {
  const dict = useDictOptions(dictCode, options);
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  if (dict.problem) return <WidgetProblem message={dict.problem} />;
  return (
    <>
      <Select<string[]>
        id={id}
        className={className}
        style={{ ...FULL_WIDTH, ...style }}
        mode="multiple"
        maxTagCount={MULTI_SELECT_MAX_TAGS}
        value={splitValues(current)}
        options={toSelectOptions(dict.options)}
        loading={dict.loading}
        placeholder={placeholder}
        allowClear
        disabled={disabled}
        showSearch={{ filterOption: filterByLabel }}
        onChange={(next) => setCurrent(joinValues(next ?? []))}
      />
      <HiddenValue name={name} value={current} />
    </>
  );
}

export interface DictSwitchProps extends ValueWidgetProps {
  onChange?: (value: string) => void;
  /** The values for on and off; docs/spec/widgets.md §9 default Y and N. */
  options?: readonly [on: string, off: string];
  checkedChildren?: React.ReactNode;
  unCheckedChildren?: React.ReactNode;
}

export function DictSwitch({ options = SWITCH_DEFAULT_OPTIONS, value, defaultValue, onChange, name, disabled, id, className, style, checkedChildren, unCheckedChildren }: DictSwitchProps) {
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  const checked = isSwitchOn(current, options);
  return (
    <>
      <Switch
        id={id}
        className={className}
        style={style}
        checked={checked}
        disabled={disabled}
        checkedChildren={checkedChildren}
        unCheckedChildren={unCheckedChildren}
        onChange={(next) => setCurrent(switchValue(next, options))}
      />
      {/* What the switch shows is what a plain form submits: off until switched on. */}
      <HiddenValue name={name} value={switchValue(checked, options)} />
    </>
  );
}
