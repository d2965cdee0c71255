// The list page's table: the page's columns (sortable headers are links to the sorted list, once
// hydrated they sort), the 操作 column, the selection and the pager under it.
import { useMemo, type ReactNode } from "react";
import type { StandardAction } from "#contract/permission-codes";
import { PAGE_SIZE_OPTIONS, sortToggle, withPage, withSort, type ListState } from "~/lib/list-query";
import type { ListRecord } from "~/services/list.server";
import { usePermission } from "../../shell/permission/has-permission";
import { ListPager } from "./list-pager";
import { ListTable, type ListTableColumn, type ListTableExtras } from "./list-table";
import { RowActions, type RowActionsProps } from "./row-actions";
import type { RowAction } from "./types";
import { handledClick, type ListAddress } from "./use-list-state";

export interface ListColumn {
  title: string;
  dataIndex: string;
  /** Show `<dataIndex>_dictText` (contract §1 dictionary translation). */
  dict?: boolean;
  sorter?: boolean;
  width?: number;
  render?: (value: unknown, row: ListRecord) => ReactNode;
}

export interface ListPageTableProps {
  /** The list's title: the table's accessible name. */
  title: string;
  list: ListAddress;
  state: ListState;
  records: ListRecord[];
  total: number;
  columns: ListColumn[];
  defaultSort?: { column: string; order: "asc" | "desc" };
  rowActions: RowAction<ListRecord>[];
  /** The list's form: 编辑 and 详情 (with the rows each may be used on). */
  form?: { canEdit?: (row: ListRecord) => boolean; canDelete?: (row: ListRecord) => boolean };
  can: (action: StandardAction) => boolean;
  hydrated: boolean;
  paged?: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  /** The id of the plain batch form a row's box posts with before JavaScript. */
  batchFormId: string;
  /** What the row actions open (the form, the confirmations). */
  open: Pick<RowActionsProps, "openForm" | "askRemove" | "askReason" | "confirm">;
  tableProps?: ListTableExtras;
}

export function ListPageTable(props: ListPageTableProps) {
  const { list, state, records, total, columns, defaultSort, rowActions, form, can, hydrated } = props;
  const { addressed } = list;
  const permission = usePermission();

  const tableColumns: ListTableColumn[] = useMemo(() => {
    const sortOrder = (dataIndex: string) => (state.column === dataIndex ? (state.order === "asc" ? "ascend" : "descend") : null);
    const shown: ListTableColumn[] = columns.map((column) => {
      const field = column.dict ? `${column.dataIndex}_dictText` : column.dataIndex;
      return {
        // A sortable header is a link to the list sorted by it; once hydrated the header sorts.
        title:
          column.sorter && addressed ? (
            <a className="list-sort-link" href={list.listAddress(sortToggle(state, column.dataIndex, defaultSort))} onClick={(event) => handledClick(event)}>
              {column.title}
            </a>
          ) : (
            column.title
          ),
        key: column.dataIndex,
        label: column.title,
        width: column.width,
        sortOrder: column.sorter ? sortOrder(column.dataIndex) : undefined,
        render: column.render
          ? (row: ListRecord) => column.render!(row[field], row)
          : (row: ListRecord) => (row[field] === null || row[field] === undefined ? "" : String(row[field])),
      };
    });
    const actions = rowActions.filter((action) => !action.permission || permission.isVisible(action.permission));
    const showEdit = !!form && can("edit");
    shown.push({
      title: "操作",
      key: "actions",
      label: "操作",
      fixedEnd: true,
      render: (row: ListRecord) => (
        <RowActions
          row={row}
          actions={actions}
          hasForm={!!form}
          canEdit={showEdit && (!form.canEdit || form.canEdit(row))}
          canDelete={can("delete") && (!form?.canDelete || form.canDelete(row))}
          plain={!hydrated && addressed}
          addressed={addressed}
          address={list.address}
          {...props.open}
        />
      ),
    });
    return shown;
    // permission and form are stable per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, rowActions, state, hydrated, list.listSearch]);

  return (
    <ListTable
      name={props.title}
      columns={tableColumns}
      rows={records}
      {...props.tableProps}
      footer={
        props.paged === false || total === 0 ? null : (
          <ListPager
            current={state.pageNo}
            pageSize={state.pageSize}
            total={total}
            pageSizeOptions={PAGE_SIZE_OPTIONS}
            href={addressed ? (page, pageSize) => list.listAddress(withPage(state, page, pageSize)) : undefined}
            onChange={(page, pageSize) => list.go(withPage(state, page, pageSize))}
          />
        )
      }
      selection={{
        selected: props.selected,
        onChange: props.onSelect,
        // Before JavaScript a ticked box posts the row's id with the batch form.
        ...(!hydrated && addressed ? { checkboxProps: (row: ListRecord) => ({ name: "ids", value: row.id, form: props.batchFormId }) } : {}),
      }}
      onSort={(key, order) => list.go(withSort({ ...state, pageNo: 1 }, order ? key : undefined, order, defaultSort))}
    />
  );
}
