// A module's list page: the list engine driven by the page derived from the module definition
// (./module-page.ts). A page adds only what is special (extra form fields, row actions…).
import { useMemo } from "react";
import type { z } from "zod";
import { ListPage, type ListPageProps } from "./list-page";
import type { ModuleOptions, ModulePage } from "./module-page";
import type { FormField } from "./types";
import type { PermissionPrefix } from "#contract/permission-codes";

export interface ModuleListPageProps<Form extends z.ZodType> extends Partial<Omit<ListPageProps, "form" | "data">> {
  page: ModulePage<Form, PermissionPrefix>;
  data: { title: string; list: ListPageProps["data"]; options: ModuleOptions };
  /** The dialog's width (default 800, and at least 1200 with a grid: FormModal). */
  formWidth?: number;
  /** Changes the derived form fields (adds a grid, a read-only text…). */
  formFields?: (fields: FormField[]) => FormField[];
  form?: Partial<NonNullable<ListPageProps["form"]>>;
}

export function ModuleListPage<Form extends z.ZodType>({ page, data, formWidth, formFields, form, ...rest }: ModuleListPageProps<Form>) {
  const { options } = data;
  const fields = useMemo(() => (formFields ? formFields(page.formFields(options)) : page.formFields(options)), [page, options, formFields]);
  const searchFields = useMemo(() => page.searchFields(options), [page, options]);
  return (
    <ListPage
      title={data.title}
      data={data.list}
      url={page.list.url}
      superQuery={page.superQuery}
      columns={page.columns}
      searchFields={searchFields}
      permissionPrefix={page.permissionPrefix}
      {...rest}
      form={{ fields, schema: page.list.form, width: formWidth, ...form }}
    />
  );
}
