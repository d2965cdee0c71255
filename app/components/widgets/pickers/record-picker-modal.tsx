// The paged, filterable table in a modal that the user, role and position pickers share
// (docs/spec/widgets.md §2 "Pickers", §4 "Popup picker": a row click toggles, single keeps the last;
// §9 paging 10/20/30 with quick jumper and size changer).
import { useEffect, useState, type ReactNode } from "react";
import { App, Button, Col, DatePicker, Flex, Form, Input, Modal, Row, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs from "dayjs";
import ReloadOutlined from "@ant-design/icons/ReloadOutlined";
import SearchOutlined from "@ant-design/icons/SearchOutlined";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { failureOf, requestWidget, widgetUrl, type WidgetQuery } from "~/routes/api/widgets/widget-answer";
import { DictSelect } from "../dict-select/dict-select";
import { useOpening } from "~/lib/use-opening";
import { fieldText, pickerPagination, pickerScroll, PICKER_PAGE_SIZE, rowsForKeys, toggleRow, type PickerRow } from "./picker-logic";

/** A filter above the table. */
export interface PickerFilter {
  name: string;
  label: string;
  kind: "text" | "dict" | "date";
  dictCode?: string;
}

export interface RecordPickerModalProps<Row extends PickerRow> {
  open: boolean;
  title: string;
  width: number;
  /** The widget route answering `{ ok, items, total }` for pageNo/pageSize/filters. */
  listUrl: string;
  columns: ColumnsType<Row>;
  filters: PickerFilter[];
  /** Query that is not a filter of the form (the by-department variant's departId). */
  extraQuery?: WidgetQuery;
  /** Shown left of the table (the department tree). */
  side?: ReactNode;
  multiple: boolean;
  rowKey: string;
  /** The field whose text names a chosen row in the "已选" tags. */
  labelField: string;
  /** The rows of the current value. */
  initial: Row[];
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
  /** Paging of the list (default 10, options 10/20/30). */
  paging?: { pageSize: number; pageSizeOptions: readonly string[] };
  /**
   * The business-record picker (JSelectBizComponent): the chosen rows in a table of these columns,
   * each with 删除, paged like the list, instead of the "已选" tags.
   */
  selectedColumns?: ColumnsType<Row>;
}

export function RecordPickerModal<Row extends PickerRow>({
  open,
  title,
  width,
  listUrl,
  columns,
  filters,
  extraQuery,
  side,
  multiple,
  rowKey,
  labelField,
  initial,
  onOk,
  onCancel,
  paging,
  selectedColumns,
}: RecordPickerModalProps<Row>) {
  const pageSize = paging?.pageSize ?? PICKER_PAGE_SIZE;
  const app = App.useApp();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ current: 1, pageSize });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Row[]>([]);
  const [scroll, setScroll] = useState<{ x: number } | undefined>(undefined);

  // Each opening starts from the current value, page 1 and no filters (`initial` is read then only).
  useOpening(open, () => {
    setSelected(initial);
    setDraft({});
    setApplied({});
    setPage((before) => ({ ...before, current: 1 }));
    setScroll(typeof window === "undefined" ? undefined : pickerScroll(window.innerWidth));
  });

  const extraKey = JSON.stringify(extraQuery ?? {});
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const url = widgetUrl(listUrl, { ...applied, ...extraQuery, pageNo: page.current, pageSize: page.pageSize });
    void requestWidget<Row>(url).then((answer) => {
      if (!live) return;
      setLoading(false);
      if (answer.ok) {
        setRows(answer.items);
        setTotal(answer.total ?? answer.items.length);
      } else showFailure(app, failureOf(answer));
    });
    return () => {
      live = false;
    };
    // extraKey stands for extraQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, listUrl, applied, extraKey, page.current, page.pageSize]);

  // A new department (by-department variant) starts again at page 1.
  useEffect(() => setPage((before) => ({ ...before, current: 1 })), [extraKey]);

  const search = () => {
    setApplied(draft);
    setPage((before) => ({ ...before, current: 1 }));
  };
  const reset = () => {
    setDraft({});
    setApplied({});
    setPage((before) => ({ ...before, current: 1 }));
  };
  const setFilter = (name: string, value: string) => setDraft((before) => ({ ...before, [name]: value }));

  const keyOf = (row: Row) => fieldText(row, rowKey);
  const [selectedPage, setSelectedPage] = useState({ current: 1, pageSize });
  const unselect = (row: Row) => setSelected((before) => toggleRow(before, row, true, rowKey));
  const table = (
    <>
      <Form layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        {filters.map((filter) => (
          <Form.Item key={filter.name} label={filter.label}>
            {filter.kind === "dict" ? (
              <DictSelect style={{ width: 140 }} dictCode={filter.dictCode} value={draft[filter.name] ?? ""} onChange={(value) => setFilter(filter.name, value)} />
            ) : filter.kind === "date" ? (
              <DatePicker
                value={draft[filter.name] ? dayjs(draft[filter.name]) : null}
                onChange={(date) => setFilter(filter.name, date ? date.format("YYYY-MM-DD") : "")}
                placeholder={`请选择${filter.label}`}
              />
            ) : (
              <Input
                allowClear
                placeholder={`请输入${filter.label}`}
                value={draft[filter.name] ?? ""}
                onChange={(event) => setFilter(filter.name, event.target.value)}
              />
            )}
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
        </Space>
      </Form>
      {selectedColumns ? null : selected.length > 0 ? (
        <Flex wrap gap={4} style={{ marginBottom: 12 }}>
          <span>已选：</span>
          {selected.map((row) => (
            <Tag key={keyOf(row)} closable onClose={() => unselect(row)}>
              {fieldText(row, labelField) || keyOf(row)}
            </Tag>
          ))}
        </Flex>
      ) : null}
      <Table<Row>
        size="middle"
        bordered
        rowKey={keyOf}
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={scroll}
        pagination={pickerPagination(page.current, page.pageSize, total, paging?.pageSizeOptions)}
        rowSelection={{
          type: multiple ? "checkbox" : "radio",
          selectedRowKeys: selected.map(keyOf),
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(rowsForKeys(keys.map(String), [...selected, ...rows], rowKey)),
        }}
        onRow={(row) => ({ onClick: () => setSelected((before) => toggleRow(before, row, multiple, rowKey)) })}
        onChange={(pagination) =>
          setPage({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize })
        }
      />
      {selectedColumns ? (
        <Table<Row>
          className="record-picker__selected"
          title={() => `已选择 ${selected.length} 项`}
          size="small"
          bordered
          rowKey={keyOf}
          style={{ marginTop: 12 }}
          columns={[
            ...selectedColumns,
            { title: "操作", key: "action", width: 80, align: "center", render: (_, row) => <a onClick={() => unselect(row)}>删除</a> },
          ]}
          dataSource={selected}
          pagination={pickerPagination(selectedPage.current, selectedPage.pageSize, selected.length, paging?.pageSizeOptions)}
          onChange={(pagination) => setSelectedPage({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize })}
        />
      ) : null}
    </>
  );

  return (
    <Modal
      title={title}
      width={width}
      open={open}
      centered
      okText="确定"
      cancelText="关闭"
      onOk={() => onOk(selected)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {side ? (
        <Row gutter={10}>
          <Col xs={24} md={6}>
            {side}
          </Col>
          <Col xs={24} md={18}>
            {table}
          </Col>
        </Row>
      ) : (
        table
      )}
    </Modal>
  );
}
