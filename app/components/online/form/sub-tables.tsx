// The sub-tables of an online form's chosen main row (ERP list: one card each below the main list;
// tab list and inner-table list: one tab each), each on the list engine with its own state
// (useOwnedList) through /api/online/form-sub.
import { Card, Tabs } from "antd";
import { useMemo } from "react";
import type { OnlineFormDefinition } from "#contract/modules/online-form";
import { ListPage } from "~/components/widgets/list/list-page";
import type { ModuleOptions } from "~/components/widgets/list/module-page";
import { useOwnedList } from "~/components/widgets/list/use-owned-list";
import type { ListRecord } from "~/services/list.server";
import { MAIN_ID_PROPERTY, onlineFormPage, SUB_LIST_ROUTE } from "~/routes/online/form-page.data";

function SubList({ main, sub, mainRow, options }: { main: OnlineFormDefinition; sub: OnlineFormDefinition; mainRow: ListRecord; options: ModuleOptions }) {
  const page = useMemo(() => onlineFormPage(sub, main.code), [sub, main.code]);
  const owned = useOwnedList(SUB_LIST_ROUTE, { params: { main: main.code, code: sub.code, [MAIN_ID_PROPERTY]: mainRow.id } });
  const fields = useMemo(() => page.formFields(options), [page, options]);
  const searchFields = useMemo(() => page.searchFields(options), [page, options]);
  return (
    <ListPage
      title={sub.title}
      data={owned.data}
      source={owned.source}
      url={page.list.url}
      columns={page.columns}
      searchFields={searchFields}
      permissionPrefix={page.permissionPrefix}
      form={{ fields, schema: page.list.form, width: 700, defaults: page.defaults }}
      tableProps={{ loading: owned.loading }}
    />
  );
}

export function OnlineSubTables({ main, mainRow, options, tabs }: { main: OnlineFormDefinition; mainRow: ListRecord; options: ModuleOptions; tabs: boolean }) {
  const subs = main.subTables ?? [];
  if (tabs)
    return (
      <Tabs
        items={subs.map((sub) => ({ key: sub.code, label: sub.title, children: <SubList main={main} sub={sub} mainRow={mainRow} options={options} /> }))}
      />
    );
  return (
    <>
      {subs.map((sub) => (
        <Card key={sub.code} title={sub.title} style={{ marginTop: 16 }}>
          <SubList main={main} sub={sub} mainRow={mainRow} options={options} />
        </Card>
      ))}
    </>
  );
}
