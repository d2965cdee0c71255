// The list's search bar: its values come from the URL's filters and a search writes them back,
// starting again at page 1 and clearing the selection (docs/spec/app-shell.md §4). Before
// JavaScript it is a plain GET form of named fields (issue #19): the loader reads them as the URL
// state, `_like` naming the text fields that match anywhere.
import { useEffect, useRef } from "react";
import { Button, Form, Input, Select, Space } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import dayjs, { type Dayjs } from "dayjs";
import type { SearchField } from "./types";
import { lazyWidget } from "../lazy";
import { useHydrated } from "./use-hydrated";

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
  const [form] = Form.useForm<Values>();
  const hydrated = useHydrated();
  // Filled from the URL when the filters change, not on every revalidation (after a save, an
  // import…): that would wipe what the user is typing.
  // The fields' identity changes with every revalidation on pages that derive them from their
  // loader data (dictionary options): only their names decide.
  const filtersKey = JSON.stringify(filters);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const fieldsKey = fields.map((field) => field.name).join(",");
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filtersToValues(fieldsRef.current, JSON.parse(filtersKey) as Record<string, string>));
  }, [form, fieldsKey, filtersKey]);
  if (fields.length === 0) return null;
  const like = fields.filter((field) => field.kind === "text" && !field.exact).map((field) => field.name);
  return (
    <Form
      form={form}
      layout="inline"
      className="list-search"
      onFinish={(values) => onSearch(valuesToFilters(fields, values))}
      role="search"
      method="get"
      initialValues={filtersToValues(fields, filters)}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {like.length > 0 ? <input type="hidden" name="_like" value={like.join(",")} /> : null}
      {fields.map((field) =>
        field.kind === "date-range" && !hydrated ? (
          <Form.Item key={field.name} label={field.label} htmlFor={`search_${field.name}`}>
            <Space.Compact>
              <Input
                id={`search_${field.name}`}
                type="date"
                name={`${field.name}_begin`}
                defaultValue={filters[`${field.name}_begin`]}
                aria-label={`${field.label}开始`}
              />
              <Input type="date" name={`${field.name}_end`} defaultValue={filters[`${field.name}_end`]} aria-label={`${field.label}结束`} />
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            {field.kind === "select" ? (
              hydrated ? (
                <Select allowClear placeholder={`请选择${field.label}`} options={field.options} style={{ minWidth: 140 }} />
              ) : (
                <NativeSelect name={field.name} label={field.label} placeholder={`请选择${field.label}`} options={field.options ?? []} />
              )
            ) : field.kind === "date-range" ? (
              <RangePicker />
            ) : (
              <Input allowClear placeholder={`请输入${field.label}`} name={field.name} />
            )}
          </Form.Item>
        ),
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          {hydrated || resetHref === undefined ? (
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
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
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A select before JavaScript: the browser's own, given its value by the form item. */
function NativeSelect({
  id,
  name,
  label,
  placeholder,
  options,
  value,
  onChange,
}: {
  /** Given by the form item, so that its label names the select. */
  id?: string;
  name: string;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <select id={id} name={name} aria-label={label} className="ant-input plain-select" value={value ?? ""} onChange={(event) => onChange?.(event.target.value)} style={{ minWidth: 140 }}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
