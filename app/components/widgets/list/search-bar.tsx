// The list's search bar: its values come from the URL's filters and a search writes them back,
// starting again at page 1 and clearing the selection (docs/spec/app-shell.md §4). Before
// JavaScript it is a plain GET form of named fields (issue #19): the loader reads them as the URL
// state, `_like` naming the text fields that match anywhere.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import { Button, Space } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import CloseCircleFilled from "@ant-design/icons/CloseCircleFilled";
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import dayjs, { type Dayjs } from "dayjs";
import type { SearchField } from "./types";
import { lazyWidget } from "../lazy";
import { useHydrated } from "~/lib/use-hydrated";
import { ChoiceSelect } from "./choice-select";
import { ANTD_VAR as VAR, FormItem, PLAIN_INPUT_CLASS as PLAIN_INPUT } from "../light-form";

/** The date-range picker loads only on lists that search by a date. */
const RangePicker = lazyWidget(() => import("antd/es/date-picker").then((module) => module.default.RangePicker));

type Values = Record<string, string | [Dayjs, Dayjs] | undefined>;


/** URL filters → form values (the `*x*` of a contains-filter is hidden from the user). */
export function filtersToValues(fields: SearchField[], filters: Record<string, string>): Values {
  const values: Values = {};
  for (const field of fields) {
    if (field.kind === "date-range") {
      const begin = filters[`${field.name}_begin`];
      const end = filters[`${field.name}_end`];
      if (begin && end) values[field.name] = [dayjs(begin), dayjs(end)];
    } else {
      const raw = filters[field.name];
      if (raw !== undefined) values[field.name] = field.kind === "text" && !field.exact ? raw.replace(/^\*|\*$/g, "") : raw;
    }
  }
  return values;
}

/** Form values → URL filters (contract §6 forms: `*x*`, `<f>_begin`/`<f>_end`). */
export function valuesToFilters(fields: SearchField[], values: Values): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (field.kind === "date-range" && Array.isArray(value)) {
      filters[`${field.name}_begin`] = value[0].format("YYYY-MM-DD");
      filters[`${field.name}_end`] = value[1].format("YYYY-MM-DD");
    } else if (typeof value === "string") filters[field.name] = field.kind === "text" && !field.exact ? `*${value.trim()}*` : value;
  }
  return filters;
}

export function SearchBar({
  fields,
  filters,
  onSearch,
  keep = {},
  resetHref,
}: {
  fields: SearchField[];
  filters: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  /** Params a plain (GET) search keeps: the sort, the page size, the page's own params. */
  keep?: Record<string, string>;
  /** Where 重置 leads before JavaScript (default: the bare page). */
  resetHref?: string;
}) {
  const hydrated = useHydrated();
  const moreId = useId();
  const [values, setValues] = useState<Values>(() => filtersToValues(fields, filters));
  // Filled from the URL when the filters change, not on every revalidation (after a save, an
  // import…): that would wipe what the user is typing.
  // The fields' identity changes with every revalidation on pages that derive them from their
  // loader data (dictionary options): only their names decide.
  const filtersKey = JSON.stringify(filters);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const fieldsKey = fields.map((field) => field.name).join(",");
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else setValues(filtersToValues(fieldsRef.current, JSON.parse(filtersKey) as Record<string, string>));
  }, [fieldsKey, filtersKey]);
  if (fields.length === 0) return null;
  const like = fields.filter((field) => field.kind === "text" && !field.exact).map((field) => field.name);
  // On a phone the form folds to its first field and 展开 (app.css, "search form on phones"): a box
  // and its label, so it opens with or without JavaScript; open from the start when a folded field is used.
  const foldable = fields.length > 1;
  const foldedInUse = fields.slice(1).some((field) => Object.keys(filters).some((key) => key === field.name || key.startsWith(`${field.name}_`)));
  const set = (name: string, value: Values[string]) => setValues((before) => ({ ...before, [name]: value }));
  return (
    <form
      role="search"
      method="get"
      className={`ant-form ant-form-inline ${VAR} ant-form-css-var list-search`}
      onSubmit={(event) => {
        // Before JavaScript the browser sends the form (a GET of the list's address).
        event.preventDefault();
        onSearch(valuesToFilters(fields, values));
      }}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {like.length > 0 ? <input type="hidden" name="_like" value={like.join(",")} /> : null}
      {foldable ? <input type="checkbox" id={moreId} className="list-search__more" defaultChecked={foldedInUse} aria-label="展开更多查询条件" /> : null}
      {fields.map((field) => {
        const value = values[field.name];
        const text = typeof value === "string" ? value : undefined;
        if (field.kind === "date-range" && !hydrated)
          return (
            <FormItem layout="inline" key={field.name} label={field.label} htmlFor={`search_${field.name}`} className="list-search__field">
              <Space.Compact>
                <input id={`search_${field.name}`} type="date" className={PLAIN_INPUT} name={`${field.name}_begin`} defaultValue={filters[`${field.name}_begin`]} aria-label={`${field.label}开始`} />
                <input type="date" className={PLAIN_INPUT} name={`${field.name}_end`} defaultValue={filters[`${field.name}_end`]} aria-label={`${field.label}结束`} />
              </Space.Compact>
            </FormItem>
          );
        return (
          <FormItem layout="inline" key={field.name} label={field.label} htmlFor={field.name} className="list-search__field">
            {field.kind === "select" ? (
              <ChoiceSelect
                id={field.name}
                name={field.name}
                label={field.label}
                allowClear
                placeholder={`请选择${field.label}`}
                options={field.options ?? []}
                value={text}
                onChange={(next) => set(field.name, next)}
                style={{ minWidth: 140 }}
              />
            ) : field.kind === "date-range" ? (
              <RangePicker id={field.name} value={Array.isArray(value) ? value : null} onChange={(range) => set(field.name, range && range[0] && range[1] ? [range[0], range[1]] : undefined)} />
            ) : (
              <ClearableInput id={field.name} placeholder={`请输入${field.label}`} name={field.name} value={text ?? ""} onChange={(next) => set(field.name, next)} />
            )}
          </FormItem>
        );
      })}
      <FormItem layout="inline">
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          {hydrated || resetHref === undefined ? (
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                setValues({});
                onSearch({});
              }}
            >
              重置
            </Button>
          ) : (
            <Button icon={<ReloadOutlined />} href={resetHref}>
              重置
            </Button>
          )}
          {foldable ? (
            <label htmlFor={moreId} className="list-search__toggle">
              <span className="list-search__open">展开</span>
              <span className="list-search__close">收起</span>
            </label>
          ) : null}
        </Space>
      </FormItem>
    </form>
  );
}

interface ClearableInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "size" | "prefix" | "type"> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * antd's outlined Input with `allowClear`, as plain markup (its code is 9 KB gzip of the list page,
 * decision 018): the clear button shows once there is text, and empties the field keeping the focus.
 */
export function ClearableInput({ value, onChange, ...input }: ClearableInputProps) {
  const field = useRef<HTMLInputElement>(null);
  return (
    // As antd's: a click on the wrapper's padding puts the caret in the field.
    <span className={`ant-input-affix-wrapper ant-input-outlined ${VAR} ant-input-css-var`} onClick={() => field.current?.focus()}>
      <input {...input} ref={field} className="ant-input" type="text" value={value} onChange={(event) => onChange(event.target.value)} />
      <span className="ant-input-suffix">
        <button
          type="button"
          className={`ant-input-clear-icon${value ? "" : " ant-input-clear-icon-hidden"}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            onChange("");
            field.current?.focus();
          }}
        >
          <CloseCircleFilled />
        </button>
      </span>
    </span>
  );
}
