// The tabbed cron editor (docs/spec/widgets.md §2 "Cron editors"): tabs 秒 分 时 日 月 周 年, each
// editing its part through the modes of ./cron-logic.ts, the whole expression, its next 10 runs
// (the scheduler's engine, debounced 500 ms) and a Chinese description.
import { useEffect, useState, type ReactNode } from "react";
import { Alert, Checkbox, Input, InputNumber, Radio, Select, Space, Tabs, Typography } from "antd";
import { DEFAULT_CRON_TIMEZONE } from "#contract/cron";
import {
  CRON_FIELD_LABELS,
  DAY_MODE_LABELS,
  FIELD_BOUNDS,
  NTH_BOUNDS,
  BEFORE_END_BOUNDS,
  PICKER_TYPES,
  WEEKDAY_LABELS,
  applyChange,
  applyDayChange,
  dayEditorEnabled,
  formatDay,
  formatExpression,
  formatPicker,
  parseDay,
  parseExpression,
  parsePicker,
  type CronField,
  type CronParts,
  type DayMode,
  type DayState,
  type PickerState,
  type PickerType,
} from "./cron-logic";
import { PREVIEW_DEBOUNCE_MS, previewRuns, type CronPreview } from "./cron-preview";
import { describeCron } from "./cron-describe";

export interface CronEditorProps {
  value: string;
  onChange(expression: string): void;
  /** The zone the scheduler reads expressions in (SCHOOL_TIMEZONE). */
  timezone?: string;
}

type PickerField = Exclude<CronField, "day">;

/** Local state of a tab that follows its part when the part changes from elsewhere. */
function useModeState<State>(part: string, parse: (part: string) => State, format: (state: State) => string) {
  const [state, setState] = useState(() => parse(part));
  const current = format(state) === part ? state : parse(part);
  return [current, setState] as const;
}

function NumberInput({ label, value, min, max, onChange, disabled }: { label: string; value: number; min: number; max: number; onChange(value: number): void; disabled?: boolean }) {
  return (
    <InputNumber
      size="small"
      aria-label={label}
      value={value}
      min={min}
      max={max}
      precision={0}
      disabled={disabled}
      style={{ width: 72 }}
      onChange={(next) => onChange(typeof next === "number" ? next : min)}
    />
  );
}

function weekdayOptions() {
  return Object.entries(WEEKDAY_LABELS).map(([value, label]) => ({ value: Number(value), label }));
}

function WeekdaySelect({ label, value, onChange, disabled }: { label: string; value: number; onChange(value: number): void; disabled?: boolean }) {
  return <Select size="small" aria-label={label} value={value} options={weekdayOptions()} onChange={onChange} disabled={disabled} style={{ width: 80 }} />;
}

function valuesOf(field: CronField): number[] {
  const { min, max } = FIELD_BOUNDS[field];
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

/** The per-field picker (spec §2): one part through its types (`?`, `*`, `a-b`, `a/b`, `nW`, `L`, list). */
export function CronFieldPicker({ field, part, onPart }: { field: CronField; part: string; onPart(part: string): void }) {
  const [state, setState] = useModeState<PickerState>(part, (text) => parsePicker(field, text), (value) => formatPicker(field, value));
  const unit = CRON_FIELD_LABELS[field];
  const bounds = FIELD_BOUNDS[field];
  const change = (patch: Partial<PickerState>) => {
    const next = { ...state, ...patch };
    setState(next);
    onPart(formatPicker(field, next));
  };
  // Inputs of the mode being edited choose that mode.
  const edit = (type: PickerType, patch: Partial<PickerState>) => change({ ...patch, type });
  const isWeek = field === "week";
  const numberOrDay = (label: string, value: number, onValue: (value: number) => void) =>
    isWeek ? (
      <WeekdaySelect label={label} value={value} onChange={onValue} />
    ) : (
      <NumberInput label={label} value={value} min={bounds.min} max={bounds.max} onChange={onValue} />
    );

  const options: Record<PickerType, ReactNode> = {
    unset: field === "year" ? "不指定（不限年份）" : "不指定",
    every: `每${unit}`,
    range: (
      <Space size={4} wrap>
        周期从
        {numberOrDay(`${unit} 范围开始`, state.rangeStart, (rangeStart) => edit("range", { rangeStart }))}到
        {numberOrDay(`${unit} 范围结束`, state.rangeEnd, (rangeEnd) => edit("range", { rangeEnd }))}
      </Space>
    ),
    loop: (
      <Space size={4} wrap>
        从{numberOrDay(`${unit} 循环开始`, state.loopStart, (loopStart) => edit("loop", { loopStart }))}开始，每
        <NumberInput label={`${unit} 循环间隔`} value={state.loopInterval} min={bounds.intervalMin} max={bounds.intervalMax} onChange={(loopInterval) => edit("loop", { loopInterval })} />
        {isWeek ? "天" : unit}执行一次
      </Space>
    ),
    workday: (
      <Space size={4}>
        最近的工作日：本月
        <NumberInput label="日 最近工作日" value={state.value} min={bounds.min} max={bounds.max} onChange={(value) => edit("workday", { value })} />日
      </Space>
    ),
    last: "本月最后一天",
    lastWeekday: (
      <Space size={4}>
        本月最后一个
        <WeekdaySelect label="周 最后一个星期几" value={state.value} onChange={(value) => edit("lastWeekday", { value })} />
      </Space>
    ),
    nth: (
      <Space size={4}>
        本月第
        <NumberInput label="周 第几个" value={state.nth} min={NTH_BOUNDS.min} max={NTH_BOUNDS.max} onChange={(nth) => edit("nth", { nth })} />个
        <WeekdaySelect label="周 第几个星期几" value={state.value} onChange={(value) => edit("nth", { value })} />
      </Space>
    ),
    specify: (
      <Space orientation="vertical" size={4}>
        指定
        {field === "year" ? (
          <Select
            mode="multiple"
            aria-label="年 指定"
            style={{ minWidth: 240 }}
            value={state.specify}
            options={valuesOf("year").map((year) => ({ value: year, label: String(year) }))}
            onChange={(specify: number[]) => edit("specify", { specify })}
          />
        ) : (
          <Checkbox.Group
            value={state.specify}
            onChange={(specify) => edit("specify", { specify: specify as number[] })}
            options={valuesOf(field).map((value) => ({ value, label: isWeek ? WEEKDAY_LABELS[value]! : String(value).padStart(2, "0") }))}
          />
        )}
      </Space>
    ),
    custom: `自定义：${state.text}`,
  };
  const types = PICKER_TYPES[field];
  return (
    // Each group has its own `name`: inside a form item antd gives radios the item's name, and
    // radios sharing a name are one group for the browser (the tabs would uncheck each other).
    <Radio.Group name={`cron-${field}`} value={state.type} onChange={(event) => change({ type: event.target.value as PickerType })}>
      <Space orientation="vertical">
        {types.map((type) => (
          <Radio key={type} value={type}>
            {options[type]}
          </Radio>
        ))}
        {state.type === "custom" ? <Radio value="custom">{options.custom}</Radio> : null}
      </Space>
    </Radio.Group>
  );
}

function DayEditor({ parts, onParts }: { parts: CronParts; onParts(parts: CronParts): void }) {
  const pair = `${parts.day} ${parts.week}`;
  const [state, setState] = useModeState<DayState>(
    pair,
    (text) => parseDay(text.split(" ")[0]!, text.split(" ")[1]!),
    (value) => {
      const { day, week } = formatDay(value);
      return `${day} ${week}`;
    },
  );
  const enabled = dayEditorEnabled(parts);
  const edit = (mode: DayMode, patch: Partial<DayState> = {}) => {
    const next = { ...state, ...patch, mode };
    setState(next);
    onParts(applyDayChange(parts, next));
  };
  const dayNumber = (label: string, value: number, onValue: (value: number) => void) => (
    <NumberInput label={label} value={value} min={1} max={31} onChange={onValue} disabled={!enabled} />
  );
  const weekday = (label: string, mode: DayMode) => (
    <WeekdaySelect label={label} value={state.weekday} onChange={(value) => edit(mode, { weekday: value })} disabled={!enabled} />
  );
  const labels: Record<Exclude<DayMode, "custom">, ReactNode> = {
    everyDay: DAY_MODE_LABELS.everyDay,
    weekLoop: (
      <Space size={4} wrap>
        每周从{weekday("日 每周从星期几", "weekLoop")}开始，每
        <NumberInput label="日 每几天" value={state.interval} min={1} max={7} onChange={(interval) => edit("weekLoop", { interval })} disabled={!enabled} />
        天执行一次
      </Space>
    ),
    dayLoop: (
      <Space size={4} wrap>
        每月从第{dayNumber("日 从第几日", state.day, (day) => edit("dayLoop", { day }))}日开始，每
        {dayNumber("日 每几日", state.interval, (interval) => edit("dayLoop", { interval }))}日执行一次
      </Space>
    ),
    weekdays: (
      <Space orientation="vertical" size={4}>
        {DAY_MODE_LABELS.weekdays}
        <Checkbox.Group
          disabled={!enabled}
          value={state.weekdays}
          onChange={(weekdays) => edit("weekdays", { weekdays: weekdays as number[] })}
          options={weekdayOptions()}
        />
      </Space>
    ),
    days: (
      <Space orientation="vertical" size={4}>
        {DAY_MODE_LABELS.days}
        <Checkbox.Group
          disabled={!enabled}
          value={state.days}
          onChange={(days) => edit("days", { days: days as number[] })}
          options={valuesOf("day").map((value) => ({ value, label: String(value).padStart(2, "0") }))}
        />
      </Space>
    ),
    lastDay: DAY_MODE_LABELS.lastDay,
    lastWorkday: DAY_MODE_LABELS.lastWorkday,
    lastWeekdayOf: <Space size={4}>在这个月的最后一个{weekday("日 最后一个星期几", "lastWeekdayOf")}</Space>,
    beforeEnd: (
      <Space size={4}>
        在本月底前
        <NumberInput label="日 月底前几天" value={state.beforeEnd} min={BEFORE_END_BOUNDS.min} max={BEFORE_END_BOUNDS.max} onChange={(beforeEnd) => edit("beforeEnd", { beforeEnd })} disabled={!enabled} />天
      </Space>
    ),
    nearestWorkday: (
      <Space size={4}>
        最近的工作日（周一至周五）至本月{dayNumber("日 最近工作日", state.day, (day) => edit("nearestWorkday", { day }))}日
      </Space>
    ),
    nthWeekday: (
      <Space size={4}>
        在这个月的第
        <NumberInput label="日 第几个" value={state.nth} min={NTH_BOUNDS.min} max={NTH_BOUNDS.max} onChange={(nth) => edit("nthWeekday", { nth })} disabled={!enabled} />个
        {weekday("日 第几个星期几", "nthWeekday")}
      </Space>
    ),
  };
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      {enabled ? null : <Alert type="info" showIcon message="周已指定，日为“?”；在“周”中选择“不指定”后可编辑日" />}
      <Radio.Group name="cron-day" disabled={!enabled} value={state.mode} onChange={(event) => edit(event.target.value as DayMode)}>
        <Space orientation="vertical">
          {(Object.keys(labels) as Array<keyof typeof labels>).map((mode) => (
            <Radio key={mode} value={mode}>
              {labels[mode]}
            </Radio>
          ))}
          {state.mode === "custom" ? <Radio value="custom">自定义：{pair}</Radio> : null}
        </Space>
      </Radio.Group>
    </Space>
  );
}

/**
 * The preview and description of an expression, 500 ms after it last changed. Both are kept with the
 * expression they were computed for and shown only while it is still the current one: between a change
 * and the end of its debounce the preview is empty, never the previous expression's runs.
 */
function useDebouncedPreview(expression: string, timezone: string) {
  const key = `${timezone} ${expression}`;
  const [preview, setPreview] = useState<{ key: string; preview: CronPreview } | null>(null);
  const [description, setDescription] = useState<{ key: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setPreview({ key, preview: previewRuns(expression, timezone) });
      void describeCron(expression).then((text) => live && setDescription({ key, text }));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, expression, timezone]);
  return {
    preview: preview?.key === key ? preview.preview : null,
    description: description?.key === key ? description.text : "",
  };
}

export function CronEditor({ value, onChange, timezone = DEFAULT_CRON_TIMEZONE }: CronEditorProps) {
  const parts = parseExpression(value);
  const expression = formatExpression(parts);
  const setPart = (field: PickerField, part: string) => onChange(formatExpression(applyChange(parts, field, part)));
  const { preview, description } = useDebouncedPreview(value.trim() || expression, timezone);

  const pickerTab = (field: PickerField) => ({
    key: field,
    label: CRON_FIELD_LABELS[field],
    children: <CronFieldPicker field={field} part={parts[field]} onPart={(part) => setPart(field, part)} />,
  });
  return (
    <Space orientation="vertical" style={{ width: "100%" }} size="middle">
      <Tabs
        size="small"
        items={[
          pickerTab("second"),
          pickerTab("minute"),
          pickerTab("hour"),
          { key: "day", label: CRON_FIELD_LABELS.day, children: <DayEditor parts={parts} onParts={(next) => onChange(formatExpression(next))} /> },
          pickerTab("month"),
          pickerTab("week"),
          pickerTab("year"),
        ]}
      />
      <Space.Compact style={{ width: "100%" }}>
        <Space.Addon>表达式</Space.Addon>
        <Input aria-label="Cron表达式" value={value} onChange={(event) => onChange(event.target.value)} />
      </Space.Compact>
      {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
      <div aria-label="最近10次运行时间" role="region">
        <Typography.Text strong>最近10次运行时间</Typography.Text>
        {preview === null ? null : preview.ok ? (
          <ol style={{ margin: "4px 0 0", paddingLeft: 24 }}>
            {preview.runs.map((run) => (
              <li key={run}>{run}</li>
            ))}
          </ol>
        ) : (
          <div>
            <Typography.Text type="secondary">{preview.error}</Typography.Text>
          </div>
        )}
      </div>
    </Space>
  );
}
