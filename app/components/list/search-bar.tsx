// The list's search bar: its values come from the URL's filters and a search writes them back,
// starting again at page 1 and clearing the selection (spec/app-shell.md §4).
import { useEffect } from "react";
import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import dayjs, { type Dayjs } from "dayjs";
import type { SearchField } from "./types";

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

export function SearchBar({ fields, filters, onSearch }: { fields: SearchField[]; filters: Record<string, string>; onSearch: (filters: Record<string, string>) => void }) {
  const [form] = Form.useForm<Values>();
  // Filled from the URL when the filters change, not on every revalidation (after a save, an
  // import…): that would wipe what the user is typing.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filtersToValues(fields, JSON.parse(filtersKey) as Record<string, string>));
  }, [form, fields, filtersKey]);
  if (fields.length === 0) return null;
  return (
    <Form form={form} layout="inline" className="list-search" onFinish={(values) => onSearch(valuesToFilters(fields, values))} role="search">
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {field.kind === "select" ? (
            <Select allowClear placeholder={`请选择${field.label}`} options={field.options} style={{ minWidth: 140 }} />
          ) : field.kind === "date-range" ? (
            <DatePicker.RangePicker />
          ) : (
            <Input allowClear placeholder={`请输入${field.label}`} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
