// Long dictionary selects of a module form (students, parents, activities…) as selects the user
// can type into: the derived field keeps its label, options and rules; only the control changes.
import { Select } from "antd";
import type { FormField } from "./types";

export function searchableFields(fields: FormField[], names: readonly string[]): FormField[] {
  return fields.map((field) =>
    names.includes(field.name) && field.kind === "select"
      ? {
          ...field,
          kind: "custom",
          render: ({ mode }) => (
            <Select showSearch optionFilterProp="label" options={field.options} allowClear placeholder={`请选择${field.label}`} disabled={mode === "detail" || (mode === "edit" && field.fixedOnEdit)} />
          ),
        }
      : field,
  );
}
