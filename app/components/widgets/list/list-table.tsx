// The list engine's table: antd's table markup and static CSS (decision 002), without antd's Table
// component. Lists need columns, sortable headers, a selection column, tree rows and expanded
// rows, one sticky action column, a loading veil and the empty state; antd's Table brings its
// filter dropdown (a Tree), a measuring row and a second render that measures the columns
// (decision 018). Class names are antd's, so the theme and the phone layout (app.css) see the same
// table; the table is named by the list's title, and the e2e tests find it, its rows and its boxes
// by role and label (tests/e2e/support/list.ts). The loading veil and 暂无数据 are antd's Spin and
// Empty markup too, without their code (the list page's JS budget, decision 018).
import { Fragment, useCallback, useEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import { Checkbox, Tooltip } from "antd";
import CaretUpOutlined from "@ant-design/icons/CaretUpOutlined";
import CaretDownOutlined from "@ant-design/icons/CaretDownOutlined";
import type { ListRecord } from "~/services/list.server";
import { ANTD_VAR as VAR } from "../light-form";

export type SortOrder = "ascend" | "descend";

export interface ListTableColumn {
  key: string;
  title: ReactNode;
  /** The phone layout's cell label (app.css, "mobile list"). */
  label: string;
  width?: number;
  /** Sortable when defined; null: sortable, not sorted now. */
  sortOrder?: SortOrder | null;
  /** Stuck to the table's end while the rest scrolls (the 操作 column). */
  fixedEnd?: boolean;
  render: (row: ListRecord) => ReactNode;
}

/** What a page may add to the engine's table: tree rows, expanded rows, row events, a loading veil. */
export interface ListTableExtras {
  loading?: boolean;
  onRow?: (row: ListRecord) => HTMLAttributes<HTMLTableRowElement>;
  rowClassName?: (row: ListRecord) => string;
  expandable?: {
    /** A detail row under an opened row (an expand column comes first). */
    expandedRowRender?: (row: ListRecord) => ReactNode;
    rowExpandable?: (row: ListRecord) => boolean;
    /** Tree rows (`children`): the indent per level, 15 px by default. */
    indentSize?: number;
    /** Controlled opened rows; without it the table keeps them. */
    expandedRowKeys?: readonly string[];
    onExpand?: (open: boolean, row: ListRecord) => void;
  };
}

export interface ListTableProps extends ListTableExtras {
  /** The table's accessible name: the list's title (how a screen reader and the e2e tests find it). */
  name?: string;
  columns: readonly ListTableColumn[];
  rows: readonly ListRecord[];
  selection: {
    selected: readonly string[];
    onChange: (ids: string[]) => void;
    /** Extra attributes of a row's box (before JavaScript it posts with the batch form). */
    checkboxProps?: (row: ListRecord) => Record<string, unknown>;
  };
  onSort: (key: string, order: SortOrder | null) => void;
  /** The pager, under the table. */
  footer?: ReactNode;
}

/**
 * Column widths come from the content (issue #30 item 3): a column is as wide as its widest cell or
 * its title (titles never wrap), and a column's `width` is only where a longer text wraps (the cell's
 * content box, inside antd's 8 px padding), so a column of short values is not wider than they are.
 * A cell kept on one line: a short text of printable ASCII (a date, a time, an amount, a code, a phone).
 */
const CELL_PADDING = 16;
const ONE_LINE = /^[\x20-\x7e]{1,32}$/;

const SORT_NEXT: Record<string, SortOrder | null> = { none: "ascend", ascend: "descend", descend: null };
const SORT_TIP: Record<string, string> = { none: "点击升序", ascend: "点击降序", descend: "取消排序" };
const DEFAULT_INDENT = 15;
const FIXED_END_STYLE = { insetInlineEnd: 0, "--z-offset": 10, "--z-offset-reverse": 1 } as CSSProperties;

/** Every row of the page, children included (what 全选 ticks). */
function allRowIds(rows: readonly ListRecord[], into: string[] = []): string[] {
  for (const row of rows) {
    into.push(row.id);
    if (Array.isArray(row.children)) allRowIds(row.children as ListRecord[], into);
  }
  return into;
}

/** Rows of a tree in display order, with their level; children only under opened rows. */
function visibleRows(rows: readonly ListRecord[], opened: ReadonlySet<string>, level = 0, into: Array<{ row: ListRecord; level: number }> = []) {
  for (const row of rows) {
    into.push({ row, level });
    const children = row.children;
    if (Array.isArray(children) && opened.has(row.id)) visibleRows(children as ListRecord[], opened, level + 1, into);
  }
  return into;
}

export function ListTable(props: ListTableProps) {
  const { columns, rows, selection, expandable, loading = false } = props;
  const tree = rows.some((row) => Array.isArray(row.children));
  const detail = expandable?.expandedRowRender;
  const [ownOpened, setOwnOpened] = useState<string[]>([]);
  const opened = new Set(expandable?.expandedRowKeys ?? ownOpened);
  const toggle = (row: ListRecord) => {
    const open = !opened.has(row.id);
    if (!expandable?.expandedRowKeys) setOwnOpened((before) => (open ? [...before, row.id] : before.filter((id) => id !== row.id)));
    expandable?.onExpand?.(open, row);
  };
  const expandLabel = (open: boolean) => (open ? "关闭行" : "展开行");
  const expandButton = (row: ListRecord, can: boolean) => {
    const open = opened.has(row.id);
    return (
      <button
        type="button"
        className={`ant-table-row-expand-icon ${can ? (open ? "ant-table-row-expand-icon-expanded" : "ant-table-row-expand-icon-collapsed") : "ant-table-row-expand-icon-spaced"}`}
        aria-label={expandLabel(open)}
        aria-expanded={open}
        onClick={(event) => {
          event.stopPropagation();
          if (can) toggle(row);
        }}
      />
    );
  };

  // The sticky action column's shadow shows while columns hide under it.
  const content = useRef<HTMLDivElement>(null);
  const [hiddenUnderEnd, setHiddenUnderEnd] = useState(false);
  const measureScroll = useCallback(() => {
    const box = content.current;
    if (box) setHiddenUnderEnd(box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const box = content.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    measureScroll();
    const observer = new ResizeObserver(measureScroll);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measureScroll]);

  const rowIds = tree ? allRowIds(rows) : rows.map((row) => row.id);
  const chosen = new Set(selection.selected);
  const chosenOnPage = rowIds.filter((id) => chosen.has(id)).length;
  const setRow = (id: string, on: boolean) => selection.onChange(on ? [...selection.selected, id] : selection.selected.filter((key) => key !== id));
  const setAll = (on: boolean) =>
    selection.onChange(on ? [...new Set([...selection.selected, ...rowIds])] : selection.selected.filter((id) => !rowIds.includes(id)));

  const fixedClass = (column: ListTableColumn) =>
    column.fixedEnd ? ` ant-table-cell-fix ant-table-cell-fix-end ant-table-cell-fix-end-shadow${hiddenUnderEnd ? " ant-table-cell-fix-end-shadow-show" : ""}` : "";
  const sortedKey = columns.find((column) => column.sortOrder)?.key;
  const span = columns.length + 1 + (detail ? 1 : 0);
  const hasFixed = columns.some((column) => column.fixedEnd);

  const header = (column: ListTableColumn) => {
    if (column.sortOrder === undefined)
      return (
        <th key={column.key} className={`ant-table-cell${fixedClass(column)}`} style={column.fixedEnd ? FIXED_END_STYLE : undefined} scope="col">
          {column.title}
        </th>
      );
    const state = column.sortOrder ?? "none";
    const sort = () => props.onSort(column.key, SORT_NEXT[state]!);
    return (
      <th
        key={column.key}
        className={`ant-table-cell ant-table-column-has-sorters${column.sortOrder ? " ant-table-column-sort" : ""}${fixedClass(column)}`}
        style={column.fixedEnd ? FIXED_END_STYLE : undefined}
        scope="col"
        tabIndex={0}
        aria-sort={column.sortOrder ? (column.sortOrder === "ascend" ? "ascending" : "descending") : undefined}
        aria-description="可排序"
        onClick={sort}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === "Enter") sort();
        }}
      >
        <Tooltip title={SORT_TIP[state]}>
          <div className="ant-table-column-sorters">
            <span className="ant-table-column-title">{column.title}</span>
            <span className="ant-table-column-sorter ant-table-column-sorter-full">
              <span className="ant-table-column-sorter-inner" aria-hidden="true">
                <CaretUpOutlined className={`ant-table-column-sorter-up${column.sortOrder === "ascend" ? " active" : ""}`} />
                <CaretDownOutlined className={`ant-table-column-sorter-down${column.sortOrder === "descend" ? " active" : ""}`} />
              </span>
            </span>
          </div>
        </Tooltip>
      </th>
    );
  };

  const body = visibleRows(rows, tree ? opened : new Set()).map(({ row, level }, index) => {
    const ticked = chosen.has(row.id);
    const extra = props.onRow?.(row) ?? {};
    const canDetail = detail ? (expandable?.rowExpandable ? expandable.rowExpandable(row) : true) : false;
    const rowClass = [`ant-table-row ant-table-row-level-${level}`, ticked ? "ant-table-row-selected" : "", props.rowClassName?.(row) ?? "", extra.className ?? ""].filter(Boolean).join(" ");
    return (
      <Fragment key={row.id}>
        <tr {...extra} className={rowClass} data-row-key={row.id}>
          <td className="ant-table-cell ant-table-selection-column">
            <Checkbox
              checked={ticked}
              aria-label={`选择第${index + 1}行`}
              onChange={(event) => setRow(row.id, event.target.checked)}
              onClick={(event) => event.stopPropagation()}
              {...selection.checkboxProps?.(row)}
            />
          </td>
          {detail ? <td className="ant-table-cell ant-table-row-expand-icon-cell">{canDetail ? expandButton(row, true) : null}</td> : null}
          {columns.map((column, position) => {
            const content = column.render(row);
            const oneLine = typeof content === "string" && ONE_LINE.test(content);
            return (
              <td
                key={column.key}
                data-label={column.label}
                className={`ant-table-cell${column.key === sortedKey ? " ant-table-column-sort" : ""}${fixedClass(column)}${tree && position === 0 ? " ant-table-cell-with-append" : ""}${oneLine ? " list-cell-nowrap" : ""}`}
                style={column.fixedEnd ? FIXED_END_STYLE : undefined}
              >
                {tree && position === 0 ? (
                  <>
                    <span className={`ant-table-row-indent indent-level-${level}`} style={{ paddingLeft: level * (expandable?.indentSize ?? DEFAULT_INDENT) }} />
                    {expandButton(row, Array.isArray(row.children))}
                  </>
                ) : null}
                {column.width && !oneLine ? <div className="list-cell-wrap" style={{ maxWidth: column.width - CELL_PADDING }}>{content}</div> : content}
              </td>
            );
          })}
        </tr>
        {detail && canDetail && opened.has(row.id) ? (
          <tr className="ant-table-expanded-row ant-table-expanded-row-level-1">
            <td className="ant-table-cell" colSpan={span}>
              {detail(row)}
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  });

  const tableClass = [
    `ant-table ant-table-middle ${VAR} ant-table-css-var ant-table-scroll-horizontal`,
    hasFixed ? "ant-table-fixed-column ant-table-has-fix-end ant-table-fix-end-shadow" : "",
    hasFixed && hiddenUnderEnd ? "ant-table-fix-end-shadow-show" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={`${VAR} ant-table-css-var ant-table-wrapper`}>
      <LoadingVeil loading={loading}>
        <div className={tableClass}>
          <div className="ant-table-container">
            <div ref={content} className="ant-table-content" style={{ overflowX: "auto", overflowY: "hidden" }} onScroll={measureScroll}>
              <table aria-label={props.name || undefined} style={{ width: "max-content", minWidth: "100%", tableLayout: "auto" }}>
                <colgroup>
                  <col className="ant-table-selection-col" />
                  {detail ? <col className="ant-table-expand-icon-col" /> : null}
                  {columns.map((column) => (
                    <col key={column.key} />
                  ))}
                </colgroup>
                <thead className="ant-table-thead">
                  <tr>
                    <th className="ant-table-cell ant-table-selection-column" scope="col">
                      <div className="ant-table-selection">
                        <Checkbox
                          aria-label="全选"
                          checked={rowIds.length > 0 && chosenOnPage === rowIds.length}
                          indeterminate={chosenOnPage > 0 && chosenOnPage < rowIds.length}
                          disabled={rowIds.length === 0}
                          onChange={(event) => setAll(event.target.checked)}
                        />
                      </div>
                    </th>
                    {detail ? <th className="ant-table-cell ant-table-row-expand-icon-cell" scope="col" /> : null}
                    {columns.map(header)}
                  </tr>
                </thead>
                <tbody className="ant-table-tbody">
                  {body.length > 0 ? (
                    body
                  ) : (
                    <tr className="ant-table-placeholder">
                      <td className="ant-table-cell" colSpan={span}>
                        <EmptyPage />
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          </div>
        </div>
        {props.footer}
      </LoadingVeil>
    </div>
  );
}

/** antd's Spin around the table: its spinner over the table while `loading`. */
function LoadingVeil({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <div className={`ant-spin${loading ? " ant-spin-spinning" : ""} ${VAR}`} aria-live="polite" aria-busy={loading}>
      {loading ? (
        <div className="ant-spin-section">
          <span className="ant-spin-dot-holder">
            <span className="ant-spin-dot ant-spin-dot-spin">
              <i className="ant-spin-dot-item" />
              <i className="ant-spin-dot-item" />
              <i className="ant-spin-dot-item" />
              <i className="ant-spin-dot-item" />
            </span>
          </span>
        </div>
      ) : null}
      <div className="ant-spin-container">{children}</div>
    </div>
  );
}

/** antd's Empty with its simple image (PRESENTED_IMAGE_SIMPLE, in the default theme's greys). */
function EmptyPage() {
  return (
    <div className={`${VAR} ant-empty ant-empty-normal`}>
      <div className="ant-empty-image">
        <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg">
          <title>暂无数据</title>
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#d9d9d9">
              <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
              <path d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3" fill="#fafafa" />
            </g>
          </g>
        </svg>
      </div>
      <div className="ant-empty-description">暂无数据</div>
    </div>
  );
}
