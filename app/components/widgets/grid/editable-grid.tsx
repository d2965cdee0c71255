// The editable sub-table grid (JVxeTable of the original; docs/spec/widgets.md §2-§9). Rows render
// virtually (@tanstack/react-virtual) from a store with one subscription per row, so 10,000 rows
// × 20 columns stay responsive. Server rendering shows the rows read-only with their named fields
// (grid-value.ts), so a form without JavaScript still shows and posts them.
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type MutableRefObject, type ReactNode, type RefObject } from "react";
import { App, Button, InputNumber, Popover, Space, Tooltip } from "antd";
import DisabledContext from "antd/es/config-provider/DisabledContext";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import DownOutlined from "@ant-design/icons/DownOutlined";
import HolderOutlined from "@ant-design/icons/HolderOutlined";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import SettingOutlined from "@ant-design/icons/SettingOutlined";
import UpOutlined from "@ant-design/icons/UpOutlined";
import { useHydrated } from "~/lib/use-hydrated";
import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { AppModal } from "~/components/shell/modal/app-modal";
import {
  ADD_ROW_SETTINGS_KEY,
  addRowSettingsProblem,
  effectivePosition,
  isTooFast,
  parseAddRowSettings,
  SAVED_MESSAGE,
  TOO_FAST_MESSAGE,
  type AddRowSettings,
} from "./add-row";
import { CellEditor, cellKeepsState, cellReadsRow, cellText } from "./cells";
import { recycledRowKeys, type RenderedRowKeys } from "./row-keys";
import {
  columnWidth,
  DEFAULT_MAX_HEIGHT,
  DETAIL_MODAL_TITLE,
  DETAIL_MODAL_WIDTH,
  DRAG_COLUMN_WIDTH,
  fillPlaceholder,
  isNumberColumn,
  isRequiredColumn,
  openWithRetry,
  ROW_HEIGHTS,
  ROW_NUMBER_WIDTH,
  selectionColumnWidth,
  STATISTICS_ROW_HEIGHT,
  SUB_TABLE_FAILED,
  SUB_TABLE_TITLE,
  SUB_TABLE_WIDTH,
  stickyOffsets,
  subTablePlacement,
  visibleColumns,
} from "./columns";
import { noteEnterInCell, registerGrid } from "./form-link";
import { gridFieldEntries } from "./grid-value";
import { GridStore } from "./grid-store";
import { statisticKinds, statisticText, STATISTICS_LABELS } from "./numbers";
import {
  canMoveDown,
  canMoveUp,
  createRowIdFactory,
  DEFAULT_ORDER_KEY,
  gridButtons,
  isRowDisabled,
  newRow,
  randomTableId,
  selectionState,
  toggleAll,
  toggleSelection,
  type DisabledRowsRule,
} from "./rows";
import { hasUniqueRule, validateCell, validateRows } from "./validation";
import type { GridColumn, GridRow, GridSize, GridValue } from "./types";
import { useReadOnlyView } from "../read-only";
import "./grid.css";

export interface EditableGridProps {
  /** The grid's name in its form: the rows and deleted ids post as named fields (`name[0].key`, `name.deletedIds`, grid-value.ts). */
  name?: string;
  columns: readonly GridColumn[];
  /** The rows (from the loader). A new array reloads the grid: edits, selection and errors reset. */
  rows?: readonly GridRow[];
  /** Prefix of the generated row ids (a random table id by default). */
  tablePrefix?: string;
  /** Toolbar with add / remove (default true). */
  toolbar?: boolean;
  /** Move up / move down buttons. */
  moveButtons?: boolean;
  /** Drag handles to reorder rows. */
  dragSort?: boolean;
  /** The order field renumbered 1..n (default `orderNum` with dragSort or moveButtons, else none). */
  orderKey?: string | null;
  /** Row selection: multiple (default), single, or none. */
  rowSelection?: "multiple" | "single" | false;
  rowNumber?: boolean;
  /** Table-wide disabled (spec §4). */
  disabled?: boolean;
  /**
   * A read-only view (详情): the rows as a table, without toolbar, selection or editors. Also when
   * the grid is inside a `ReadOnlyView` (widgets/read-only).
   */
  readOnly?: boolean;
  /** Rows disabled by a field's value or list of values (spec §4). */
  disabledRows?: DisabledRowsRule;
  maxHeight?: number;
  size?: GridSize;
  /** spec §6: `<prefix>:add` / `<prefix>:batch_delete` in `excludedCodes` hide add / remove. */
  permissionPrefix?: string;
  excludedCodes?: readonly string[];
  /** The add-row settings popup (spec §2). */
  addRowSettings?: boolean;
  /** A pop-over of each row (spec §2 "Sub table"). */
  subTable?: (row: GridRow) => ReactNode;
  /** The `Detailed information` modal of each row. */
  detail?: boolean;
  /** Every committed change (rows and deleted ids). */
  onValueChange?: (value: GridValue) => void;
  /** Called once with the grid's store (realtime merges, benchmarks, computed columns). */
  onReady?: (store: GridStore) => void;
  className?: string;
  style?: CSSProperties;
}

interface RowContext {
  store: GridStore;
  columns: GridColumn[];
  widths: number[];
  rowHeight: number;
  tableDisabled: boolean;
  disabledRows?: DisabledRowsRule;
  selection: "multiple" | "single" | false;
  selectionWidth: number;
  /** Left offsets of the fixed lead cells [drag, selection, row number, first column], or none fixed. */
  fixedLeft: number[] | null;
  rowNumber: boolean;
  dragSort: boolean;
  actions: boolean;
  placeholders: (string | undefined)[];
  input: (rowId: string, column: GridColumn, value: string) => void;
  change: (rowId: string, column: GridColumn, value: string) => void;
  blur: (rowId: string, column: GridColumn) => void;
  changeRow: (rowId: string, values: Record<string, string>) => void;
  select: (rowId: string, disabled: boolean) => void;
  openSubTable?: (rowId: string, index: number) => void;
  openDetail?: (rowId: string) => void;
}

/** Rows as given, with a temporary id where one is missing. */
function withIds(rows: readonly GridRow[], nextId: () => string): GridRow[] {
  return rows.map((row) => (row.id ? row : { ...row, id: nextId() }));
}

export function EditableGrid(props: EditableGridProps) {
  const hydrated = useHydrated();
  const readOnly = useReadOnlyView() || props.readOnly === true;
  return hydrated && !readOnly ? <LiveGrid {...props} /> : <ReadOnlyGrid {...props} />;
}

/**
 * A read-only view, server rendering and the time before hydration: the rows as text (figures
 * right-aligned, the footer's 合计 / 平均), scrolling sideways when wider than its place, and the
 * rows' named fields.
 */
function ReadOnlyGrid({ name, columns, rows = [], rowNumber = true, className, style }: EditableGridProps) {
  const shown = visibleColumns(columns);
  const widths = shown.map(columnWidth);
  const kinds = statisticKinds(shown);
  // Figures right-aligned; negative money (a reversing voucher's) in red, as in the live grid.
  const align = (column: GridColumn, text = "") =>
    [isNumberColumn(column) ? "jvxe-number" : "", column.money && text.startsWith("-") ? "money-negative" : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`jvxe-grid jvxe-grid-static ${className ?? ""}`} style={style}>
      <div className="jvxe-static-scroll">
        <table className="jvxe-static-table" style={{ minWidth: widths.reduce((sum, width) => sum + width, rowNumber ? ROW_NUMBER_WIDTH : 0) }}>
          <thead>
            <tr>
              {rowNumber ? <th style={{ width: ROW_NUMBER_WIDTH }}>#</th> : null}
              {shown.map((column, index) => (
                <th key={column.key} className={align(column)} style={{ width: widths[index] }}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id || index}>
                {rowNumber ? <td>{index + 1}</td> : null}
                {shown.map((column) => {
                  const text = cellText(column, row[column.key] ?? "", row[`${column.key}_dictText`]);
                  return (
                    <td key={column.key} className={align(column, text)} data-key={column.key}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          {kinds.length > 0 && rows.length > 0 ? (
            <tfoot>
              {kinds.map((kind) => (
                <tr key={kind}>
                  {rowNumber ? <th>{STATISTICS_LABELS[kind]}</th> : null}
                  {shown.map((column, index) => {
                    const text = column.statistics?.includes(kind) ? statisticText(rows, column, kind) : !rowNumber && index === 0 ? STATISTICS_LABELS[kind] : null;
                    return (
                      <td key={column.key} className={align(column, text ?? "")}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tfoot>
          ) : null}
        </table>
      </div>
      {rows.length === 0 ? <div className="jvxe-empty">暂无数据</div> : null}
      {name ? gridFieldEntries(name, rows).map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />) : null}
    </div>
  );
}

/** The width the grid shows (its scroll box's), followed as the dialog or the window resizes. */
function useVisibleWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const update = () => setWidth(element.clientWidth);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** The style of a fixed lead cell at `left`, or nothing when it scrolls with the rest (no offset). */
function fixedStyle(left: number | undefined): CSSProperties | undefined {
  return left === undefined ? undefined : { position: "sticky", left, zIndex: 1 };
}

function LiveGrid({
  name,
  columns,
  rows: givenRows = [],
  tablePrefix,
  toolbar = true,
  moveButtons = false,
  dragSort = false,
  orderKey,
  rowSelection = "multiple",
  rowNumber = true,
  disabled: ownDisabled = false,
  disabledRows,
  maxHeight = DEFAULT_MAX_HEIGHT,
  size = "medium",
  permissionPrefix,
  excludedCodes = [],
  addRowSettings = false,
  subTable,
  detail = false,
  onValueChange,
  onReady,
  className,
  style,
}: EditableGridProps) {
  const { message } = App.useApp();
  // A grid inside a disabled form (a record's form while its detail loads) is disabled with it: a row
  // added then would be lost when the loaded value replaces the rows.
  const disabled = useContext(DisabledContext) || ownDisabled;
  const nextId = useMemo(() => createRowIdFactory(tablePrefix ?? randomTableId()), [tablePrefix]);
  const order = orderKey === undefined ? (dragSort || moveButtons ? DEFAULT_ORDER_KEY : null) : orderKey;
  const [store] = useState(() => new GridStore(withIds(givenRows, nextId), order));
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // GridBody's virtualizer needs the element after it is attached (a child's layout effect runs
  // before the parent's ref is set): it gets it as state.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScrollElement(element);
  }, []);
  const lastInsert = useRef<number | null>(null);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const onValueChangeRef = useRef(onValueChange);
  onValueChangeRef.current = onValueChange;

  // A new rows array from the loader is a reload (spec §4: the selection clears).
  const seenRows = useRef(givenRows);
  useEffect(() => {
    if (seenRows.current === givenRows) return;
    seenRows.current = givenRows;
    store.reset(withIds(givenRows, nextId));
  }, [givenRows, store, nextId]);

  useEffect(() => onReady?.(store), [onReady, store]);

  useEffect(() => store.subscribeValues(() => onValueChangeRef.current?.(store.value())), [store]);

  // Registration with the form: collected (validated) before every submit. The rows go in the
  // form's post as named fields when its FormData is built (grid-value.ts): 10,000 rows are not
  // kept as hidden inputs while they are edited.
  useEffect(() => {
    const element = rootRef.current;
    const form = element?.closest("form");
    if (!element || !form) return;
    const post = (event: FormDataEvent) => {
      if (!name) return;
      const value = store.value();
      for (const [key, text] of gridFieldEntries(name, value.rows, value.deletedIds)) event.formData.append(key, text);
    };
    form.addEventListener("formdata", post);
    const unregister = registerGrid(form, {
      element,
      collect: async () => {
        const result = await validateRows(columnsRef.current, store.rows);
        store.setErrors(result.errors);
        return { value: store.value(), errorCount: result.count };
      },
    });
    return () => {
      form.removeEventListener("formdata", post);
      unregister();
    };
  }, [store, name]);

  const structureVersion = useSyncExternalStore(store.subscribeStructure, store.getStructureVersion, store.getStructureVersion);
  const rows = store.rows;
  const shown = useMemo(() => visibleColumns(columns), [columns]);
  const hasStatistics = shown.some((column) => (column.statistics?.length ?? 0) > 0);
  const selectionWidth = rowSelection ? selectionColumnWidth(hasStatistics) : 0;
  const widths = useMemo(() => shown.map(columnWidth), [shown]);
  const actions = Boolean(subTable) || detail;
  const totalWidth =
    widths.reduce((sum, width) => sum + width, 0) + selectionWidth + (rowNumber ? ROW_NUMBER_WIDTH : 0) + (dragSort ? DRAG_COLUMN_WIDTH : 0) + (actions ? 120 : 0);
  const rowHeight = ROW_HEIGHTS[size];
  const visibleWidth = useVisibleWidth(scrollElement);
  const fixedLeft = useMemo(
    () => stickyOffsets([dragSort ? DRAG_COLUMN_WIDTH : 0, selectionWidth, rowNumber ? ROW_NUMBER_WIDTH : 0], widths[0], totalWidth > visibleWidth ? visibleWidth : 0),
    [dragSort, selectionWidth, rowNumber, widths, totalWidth, visibleWidth],
  );

  const validateOne = useCallback(
    (rowId: string, column: GridColumn) => {
      if (!column.validateRules?.length) return;
      const row = store.rowSnapshot(rowId)?.row;
      if (!row) return;
      const answer = validateCell(column, row, store.rows, hasUniqueRule(column) ? store.valueCounts(column.key) : undefined);
      if (answer instanceof Promise) {
        const value = row[column.key];
        void answer.then((messageText) => {
          if (store.rowSnapshot(rowId)?.row[column.key] === value) store.setCellError(rowId, column.key, messageText);
        });
      } else store.setCellError(rowId, column.key, answer);
    },
    [store],
  );

  const write = useCallback(
    (rowId: string, column: GridColumn, value: string) => {
      store.setCell(rowId, column.key, value);
      // Linkage: children of this column lose their value when it changes.
      for (const child of columnsRef.current) if (child.linkageKey === column.key) store.setCell(rowId, child.key, "");
      validateOne(rowId, column);
    },
    [store, validateOne],
  );

  // The row virtualizer lives in GridBody (scrolling re-renders the body only); the toolbar and the
  // sub-table use it through this ref.
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const lead = selectionWidth + (rowNumber ? ROW_NUMBER_WIDTH : 0) + (dragSort ? DRAG_COLUMN_WIDTH : 0);
  const columnWindow = useColumnWindow(scrollRef, widths, lead, rows.length >= VIRTUAL_COLUMNS_FROM_ROWS);

  const [subTableRow, setSubTableRow] = useState<{ id: string; top: number; placement: "top" | "bottom" } | null>(null);
  const [detailRow, setDetailRow] = useState<string | null>(null);

  const openSubTable = useCallback(
    (rowId: string, index: number) => {
      virtualizerRef.current?.scrollToIndex(index);
      void openWithRetry(
        () => {
          const element = scrollRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(rowId)}"]`);
          if (!element) return false;
          const rect = element.getBoundingClientRect();
          setSubTableRow({ id: rowId, top: index * rowHeight, placement: subTablePlacement(window.innerHeight - rect.bottom) });
          return true;
        },
        (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      ).catch(() => void message.error(SUB_TABLE_FAILED));
    },
    [rowHeight, message],
  );

  const context = useMemo<RowContext>(
    () => ({
      store,
      columns: shown,
      widths,
      rowHeight,
      tableDisabled: disabled,
      disabledRows,
      selection: rowSelection,
      selectionWidth,
      fixedLeft,
      rowNumber,
      dragSort,
      actions,
      placeholders: shown.map(fillPlaceholder),
      input: (rowId, column, value) => {
        store.setCell(rowId, column.key, value);
        validateOne(rowId, column);
      },
      change: write,
      blur: validateOne,
      changeRow: (rowId, values) => {
        store.setCells(rowId, values);
        for (const column of columnsRef.current) if (column.key in values) validateOne(rowId, column);
      },
      select: (rowId, rowDisabled) => store.setSelection(toggleSelection(store.selectedIds, rowId, rowDisabled, rowSelection === "single")),
      openSubTable: subTable ? openSubTable : undefined,
      openDetail: detail ? setDetailRow : undefined,
    }),
    [store, shown, widths, rowHeight, disabled, disabledRows, rowSelection, selectionWidth, fixedLeft, rowNumber, dragSort, actions, validateOne, write, subTable, openSubTable, detail],
  );

  // ---- toolbar -------------------------------------------------------------------------------------
  const buttons = gridButtons(permissionPrefix, excludedCodes);
  const [settings, setSettings] = useState<AddRowSettings>(() => parseAddRowSettings(readSettings()));
  const selectableIds = useMemo(
    () => rows.filter((row) => !isRowDisabled(row, disabledRows, disabled)).map((row) => row.id),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [structureVersion, disabledRows, disabled],
  );
  const selected = store.selectedIds;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const headerState = useMemo(() => selectionState(selected, selectableIds), [structureVersion, selectableIds]);
  const singleSelectedIndex = selected.size === 1 ? rows.findIndex((row) => selected.has(row.id)) : -1;

  const addRows = () => {
    const now = Date.now();
    if (isTooFast(lastInsert.current, now)) {
      void message.warning(TOO_FAST_MESSAGE);
      return;
    }
    lastInsert.current = now;
    const count = addRowSettings ? settings.count : 1;
    const added = Array.from({ length: count }, () => newRow(columnsRef.current, nextId()));
    store.insert(added, addRowSettings ? effectivePosition(settings, rows.length) : 0);
    const index = rows.findIndex((row) => row.id === added[0].id);
    if (index >= 0) virtualizerRef.current?.scrollToIndex(index);
  };

  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    const from = rows.findIndex((row) => row.id === event.active.id);
    const to = rows.findIndex((row) => row.id === event.over!.id);
    if (from >= 0 && to >= 0) store.move(from, to);
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const ids = useMemo(() => rows.map((row) => row.id), [rows, structureVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  const body = (
    <GridBody
      store={store}
      count={rows.length}
      structureVersion={structureVersion}
      context={context}
      rowHeight={rowHeight}
      totalWidth={totalWidth}
      scrollElement={scrollElement}
      virtualizerRef={virtualizerRef}
      columnWindow={columnWindow}
    >
      {subTableRow && subTable ? (
        <Popover
          open
          title={SUB_TABLE_TITLE}
          placement={subTableRow.placement}
          onOpenChange={(open) => !open && setSubTableRow(null)}
          trigger="click"
          styles={{ root: { width: (scrollRef.current?.clientWidth ?? 800) * 0.96 } }}
          content={<div className="jvxe-sub-table">{store.rowSnapshot(subTableRow.id) ? subTable(store.rowSnapshot(subTableRow.id)!.row) : null}</div>}
        >
          <div style={{ position: "absolute", top: subTableRow.top, left: 0, width: SUB_TABLE_WIDTH, height: rowHeight, pointerEvents: "none" }} />
        </Popover>
      ) : null}
    </GridBody>
  );

  const detailSnapshot = detailRow ? store.rowSnapshot(detailRow) : undefined;

  return (
    <div ref={rootRef} className={`jvxe-grid jvxe-grid-${size} ${className ?? ""}`} style={style}>
      {toolbar ? (
        <Space className="jvxe-toolbar" style={{ marginBottom: 8 }} wrap>
          {buttons.add ? (
            <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={addRows}>
              新增
            </Button>
          ) : null}
          {addRowSettings && buttons.add ? (
            <AddRowSettingsButton
              settings={settings}
              rowCount={rows.length}
              onSave={(next) => {
                setSettings(next);
                window.localStorage.setItem(ADD_ROW_SETTINGS_KEY, JSON.stringify(next));
                void message.success(SAVED_MESSAGE);
              }}
            />
          ) : null}
          {buttons.remove ? (
            <Button icon={<DeleteOutlined />} disabled={disabled || selected.size === 0} onClick={() => store.remove([...selected])}>
              删除
            </Button>
          ) : null}
          {moveButtons ? (
            <>
              <Button icon={<UpOutlined />} disabled={disabled || !canMoveUp(singleSelectedIndex)} onClick={() => store.move(singleSelectedIndex, singleSelectedIndex - 1)}>
                上移
              </Button>
              <Button
                icon={<DownOutlined />}
                disabled={disabled || singleSelectedIndex < 0 || !canMoveDown(singleSelectedIndex, rows.length)}
                onClick={() => store.move(singleSelectedIndex, singleSelectedIndex + 1)}
              >
                下移
              </Button>
            </>
          ) : null}
        </Space>
      ) : null}
      {/* dnd-kit's live region must sit outside the table (a table holds rows only). */}
      <DragArea enabled={dragSort} sensors={sensors} onDragEnd={onDragEnd}>
        <div
          ref={attachScroll}
          className="jvxe-scroll"
          role="table"
          // Scrollable by keyboard even without focusable cells (axe scrollable-region-focusable).
          tabIndex={0}
          aria-rowcount={rows.length}
          style={{ maxHeight, overflow: "auto", position: "relative" }}
          onKeyDownCapture={noteEnterInCell}
        >
          <div className="jvxe-header" role="row" style={{ width: totalWidth }}>
            {dragSort ? <div role="cell" className="jvxe-cell" style={{ width: DRAG_COLUMN_WIDTH, ...fixedStyle(fixedLeft?.[0]) }} /> : null}
            {rowSelection ? (
              <div role="cell" className="jvxe-cell jvxe-cell-center" style={{ width: selectionWidth, ...fixedStyle(fixedLeft?.[1]) }}>
                {rowSelection === "multiple" ? (
                  <HeaderCheckbox
                    checked={headerState === "all"}
                    indeterminate={headerState === "some"}
                    disabled={selectableIds.length === 0}
                    onChange={() => store.setSelection(toggleAll(selected, selectableIds))}
                  />
                ) : null}
              </div>
            ) : null}
            {rowNumber ? (
              <div role="cell" className="jvxe-cell jvxe-cell-center" style={{ width: ROW_NUMBER_WIDTH, ...fixedStyle(fixedLeft?.[2]) }}>
                #
              </div>
            ) : null}
            {shown.map((column, index) => (
              <div
                key={column.key}
                role="columnheader"
                className={`jvxe-cell${isNumberColumn(column) ? " jvxe-cell-number" : ""}`}
                style={{ width: widths[index], ...(index === 0 ? fixedStyle(fixedLeft?.[3]) : undefined) }}
              >
                {/* The `*` against its title, as a form label's (issue #30). */}
                <span className="jvxe-title">
                  {isRequiredColumn(column) ? <span className="jvxe-required">*</span> : null}
                  {column.title}
                </span>
              </div>
            ))}
            {actions ? (
              <div role="cell" className="jvxe-cell" style={{ width: 120 }}>
                操作
              </div>
            ) : null}
          </div>
          {dragSort ? (
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              {body}
            </SortableContext>
          ) : (
            body
          )}
          {rows.length === 0 ? <div className="jvxe-empty">暂无数据</div> : null}
          {hasStatistics ? <StatisticsFooter context={context} totalWidth={totalWidth} /> : null}
        </div>
      </DragArea>
      {detail ? (
        <AppModal
          open={detailRow !== null}
          title={DETAIL_MODAL_TITLE}
          width={DETAIL_MODAL_WIDTH}
          switchFullscreen
          fullscreen={false}
          footer={null}
          onCancel={() => setDetailRow(null)}
        >
          {detailSnapshot ? (
            <dl className="jvxe-detail">
              {shown.map((column) => (
                <div key={column.key}>
                  <dt>{column.title}</dt>
                  <dd>{cellText(column, detailSnapshot.row[column.key] ?? "")}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </AppModal>
      ) : null}
    </div>
  );
}

function readSettings(): string | null {
  try {
    return window.localStorage.getItem(ADD_ROW_SETTINGS_KEY);
  } catch {
    return null;
  }
}

function AddRowSettingsButton({ settings, rowCount, onSave }: { settings: AddRowSettings; rowCount: number; onSave: (settings: AddRowSettings) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(settings);
  const problem = addRowSettingsProblem(draft, rowCount);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft({ ...settings, position: effectivePosition(settings, rowCount) });
      }}
      trigger="click"
      title="新增行设置"
      content={
        <Space orientation="vertical">
          <label>
            行数 <InputNumber aria-label="行数" min={1} precision={0} value={draft.count} onChange={(value) => setDraft({ ...draft, count: Number(value ?? 0) })} />
          </label>
          <label>
            位置 <InputNumber aria-label="位置" min={0} max={rowCount} precision={0} value={draft.position} onChange={(value) => setDraft({ ...draft, position: Number(value ?? -1) })} />
          </label>
          {problem ? <span role="alert">{problem}</span> : null}
          <Button
            type="primary"
            size="small"
            disabled={problem !== null}
            onClick={() => {
              onSave(draft);
              setOpen(false);
            }}
          >
            保存
          </Button>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />} aria-label="新增行设置" />
    </Popover>
  );
}

/** From this many rows on, columns render virtually too (a small grid keeps every cell in the DOM). */
const VIRTUAL_COLUMNS_FROM_ROWS = 200;
/** Columns rendered beyond each side of the visible ones. */
const COLUMN_OVERSCAN_PX = 120;

/** The columns a row renders: indexes from..to, and the widths left out before and after them. */
interface ColumnWindow {
  from: number;
  to: number;
  before: number;
  after: number;
}

function columnWindowOf(widths: readonly number[], lead: number, left: number, width: number): ColumnWindow {
  let from = -1;
  let to = widths.length - 1;
  let before = 0;
  let offset = lead;
  for (let index = 0; index < widths.length; index += 1) {
    const end = offset + widths[index];
    if (from < 0 && end >= left - COLUMN_OVERSCAN_PX) from = index;
    if (from < 0) before += widths[index];
    if (offset > left + width + COLUMN_OVERSCAN_PX) {
      to = index - 1;
      break;
    }
    offset = end;
  }
  if (from < 0) from = widths.length;
  let after = 0;
  for (let index = to + 1; index < widths.length; index += 1) after += widths[index];
  return { from, to, before, after };
}

/** The column window of the scroller's horizontal position (all columns when not enabled). */
function useColumnWindow(scrollRef: RefObject<HTMLDivElement | null>, widths: readonly number[], lead: number, enabled: boolean): ColumnWindow {
  const all = useMemo(() => ({ from: 0, to: widths.length - 1, before: 0, after: 0 }), [widths]);
  const [shownColumns, setWindow] = useState<ColumnWindow>(all);
  useEffect(() => {
    const element = scrollRef.current;
    if (!enabled || !element) {
      setWindow(all);
      return;
    }
    const update = () =>
      setWindow((current) => {
        const next = columnWindowOf(widths, lead, element.scrollLeft, element.clientWidth);
        return current.from === next.from && current.to === next.to && current.before === next.before ? current : next;
      });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    element.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", update);
    };
  }, [scrollRef, widths, lead, enabled, all]);
  return shownColumns;
}

interface GridBodyProps {
  store: GridStore;
  count: number;
  /** Re-renders the body when rows are added, removed or moved. */
  structureVersion: number;
  context: RowContext;
  rowHeight: number;
  totalWidth: number;
  scrollElement: HTMLDivElement | null;
  virtualizerRef: MutableRefObject<Virtualizer<HTMLDivElement, Element> | null>;
  columnWindow: ColumnWindow;
  children?: ReactNode;
}

/** The virtual rows: scrolling re-renders this, not the toolbar, the header or the footer. */
const GridBody = memo(function GridBody({ store, count, context, rowHeight, totalWidth, scrollElement, virtualizerRef, columnWindow, children }: GridBodyProps) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 2,
  });
  virtualizerRef.current = virtualizer;
  const rows = store.rows;
  const items = virtualizer.getVirtualItems().filter((item) => rows[item.index] !== undefined);
  const ids = items.map((item) => rows[item.index]!.id);
  // Drag and drop (dnd-kit) tracks a row's element by its id: grids that sort by drag keep keys by id.
  const keys = useRowKeys(ids, !context.dragSort);
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: "relative", width: totalWidth }}>
      {items.map((item, position) => (
        <GridRowView key={keys[position]} id={ids[position]!} index={item.index} start={item.start} context={context} columnWindow={columnWindow} />
      ))}
      {children}
    </div>
  );
});

/** The keys of the rendered rows (./row-keys.ts): the row ids themselves when not recycling. */
function useRowKeys(ids: string[], recycle: boolean): readonly string[] {
  const rendered = useRef<RenderedRowKeys>({ ids: [], keys: [] });
  const counter = useRef(0);
  if (!recycle) return ids;
  const keys = recycledRowKeys(rendered.current, ids, focusedRowId(), () => `row-${(counter.current += 1)}`);
  rendered.current = { ids, keys };
  return keys;
}

/** The id of the row holding the focus, if any. */
function focusedRowId(): string | null {
  if (typeof document === "undefined") return null;
  return document.activeElement?.closest<HTMLElement>("[data-row-id]")?.dataset.rowId ?? null;
}

function DragArea({ enabled, sensors, onDragEnd, children }: { enabled: boolean; sensors: ReturnType<typeof useSensors>; onDragEnd: (event: DragEndEvent) => void; children: ReactNode }) {
  if (!enabled) return <>{children}</>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      {children}
    </DndContext>
  );
}

/** The header's select-all box (native, like the rows'; `indeterminate` is a DOM property only). */
function HeaderCheckbox({ checked, indeterminate, disabled, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className="jvxe-checkbox" aria-label="全选" checked={checked} disabled={disabled} onChange={onChange} />;
}

interface RowViewProps {
  id: string;
  index: number;
  start: number;
  context: RowContext;
  columnWindow: ColumnWindow;
}

const GridRowView = memo(function GridRowView(props: RowViewProps) {
  return props.context.dragSort ? <SortableRowView {...props} /> : <RowBody {...props} sortable={null} />;
});

/** A row with its drag handle (dnd-kit): only grids with dragSort pay for the sortable hooks. */
function SortableRowView(props: RowViewProps) {
  const sortable = useSortable({ id: props.id });
  return <RowBody {...props} sortable={sortable} />;
}

function RowBody({ id, index, start, context, columnWindow, sortable }: RowViewProps & { sortable: ReturnType<typeof useSortable> | null }) {
  const { store } = context;
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  const read = useCallback(() => store.rowSnapshot(id), [store, id]);
  const snapshot = useSyncExternalStore(subscribe, read, read);
  // One set of handlers per cell, stable while the row id and the context stay: a keystroke then
  // re-renders only the edited cell, not every cell of the row.
  const handlers = useMemo(
    () =>
      context.columns.map((column) => ({
        onInput: (value: string) => context.input(id, column, value),
        onChange: (value: string) => context.change(id, column, value),
        onBlur: () => context.blur(id, column),
        onRowChange: (values: Record<string, string>) => context.changeRow(id, values),
        activate: () => store.activate(id, column.key),
      })),
    [context, id, store],
  );
  if (!snapshot) return null;
  const { row, errors, selected, highlighted, active } = snapshot;
  const rowDisabled = isRowDisabled(row, context.disabledRows, context.tableDisabled);
  const dragY = sortable?.transform?.y ?? 0;
  // `top`, not a transform: dnd-kit measures rows without their transforms.
  const style: CSSProperties = {
    position: "absolute",
    top: start,
    left: 0,
    height: context.rowHeight,
    transform: dragY ? `translateY(${dragY}px)` : undefined,
    transition: sortable?.transition,
    zIndex: sortable?.isDragging ? 2 : undefined,
  };
  return (
    <div
      ref={sortable ? sortable.setNodeRef : undefined}
      role="row"
      aria-rowindex={index + 1}
      data-row-id={id}
      className={`jvxe-row${selected ? " jvxe-row-selected" : ""}${highlighted ? " jvxe-row-highlight" : ""}${rowDisabled ? " jvxe-row-disabled" : ""}`}
      style={style}
    >
      {sortable ? (
        <div role="cell" className="jvxe-cell jvxe-cell-center" style={{ width: DRAG_COLUMN_WIDTH, ...fixedStyle(context.fixedLeft?.[0]) }}>
          <span className="jvxe-drag" {...sortable.attributes} {...sortable.listeners} aria-label="拖动排序" aria-roledescription="拖动排序">
            <HolderOutlined />
          </span>
        </div>
      ) : null}
      {context.selection ? (
        <div role="cell" className="jvxe-cell jvxe-cell-center" style={{ width: context.selectionWidth, ...fixedStyle(context.fixedLeft?.[1]) }}>
          <input
            type={context.selection === "single" ? "radio" : "checkbox"}
            className="jvxe-checkbox"
            checked={selected}
            disabled={rowDisabled}
            aria-label={`选择第${index + 1}行`}
            onChange={() => context.select(id, rowDisabled)}
            onClick={context.selection === "single" && selected ? () => context.select(id, rowDisabled) : undefined}
          />
        </div>
      ) : null}
      {context.rowNumber ? (
        <div role="cell" className="jvxe-cell jvxe-cell-center" style={{ width: ROW_NUMBER_WIDTH, ...fixedStyle(context.fixedLeft?.[2]) }}>
          {index + 1}
        </div>
      ) : null}
      {columnWindow.before > 0 ? <div className="jvxe-gap" style={{ width: columnWindow.before }} /> : null}
      {context.columns.slice(columnWindow.from, columnWindow.to + 1).map((column, offset) => {
        const columnIndex = columnWindow.from + offset;
        return (
          <GridCell
            // A row's elements may pass to another row (useRowKeys): a cell with state of its own
            // is remade for its row, the others are updated in place.
            key={cellKeepsState(column) ? `${id}\u0000${column.key}` : column.key}
            column={column}
            row={row}
            value={row[column.key] ?? ""}
            disabled={rowDisabled || column.disabled === true}
            placeholder={context.placeholders[columnIndex]}
            error={errors?.[column.key]}
            width={context.widths[columnIndex]}
            left={columnIndex === 0 ? context.fixedLeft?.[3] : undefined}
            active={active === column.key}
            handlers={handlers[columnIndex]}
          />
        );
      })}
      {columnWindow.after > 0 ? <div className="jvxe-gap" style={{ width: columnWindow.after }} /> : null}
      {context.actions ? (
        <div role="cell" className="jvxe-cell" style={{ width: 120 }}>
          {context.openSubTable ? (
            <Button type="link" size="small" onClick={() => context.openSubTable?.(id, index)}>
              子表
            </Button>
          ) : null}
          {context.openDetail ? (
            <Button type="link" size="small" onClick={() => context.openDetail?.(id)}>
              详情
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

interface CellHandlers {
  onInput: (value: string) => void;
  onChange: (value: string) => void;
  onBlur: () => void;
  onRowChange: (values: Record<string, string>) => void;
  activate: () => void;
}

interface GridCellProps {
  column: GridColumn;
  row: GridRow;
  value: string;
  disabled: boolean;
  placeholder: string | undefined;
  error: string | undefined;
  width: number;
  /** The fixed first column's left offset. */
  left: number | undefined;
  active: boolean;
  handlers: CellHandlers;
}

/**
 * One cell; re-renders only when its own props change. Focus inside makes it the grid's active
 * cell (its heavy editor mounts). The error tooltip hangs on an overlay beside the editor, so an
 * error appearing never remounts the focused editor.
 */
const GridCell = memo(
  function GridCell({ column, row, value, disabled, placeholder, error, width, left, active, handlers }: GridCellProps) {
    const [hovered, setHovered] = useState(false);
    return (
      <div
        role="cell"
        className={`jvxe-cell${isNumberColumn(column) ? " jvxe-cell-number" : ""}`}
        data-key={column.key}
        data-error={error}
        style={{ width, ...fixedStyle(left) }}
        onFocus={handlers.activate}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <CellEditor
          column={column}
          row={row}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          status={error ? "error" : undefined}
          active={active}
          onInput={handlers.onInput}
          onChange={handlers.onChange}
          onBlur={handlers.onBlur}
          onRowChange={handlers.onRowChange}
        />
        {error ? (
          <Tooltip title={error} color="red" open={hovered}>
            <span className="jvxe-error-anchor" />
          </Tooltip>
        ) : null}
      </div>
    );
  },
  (previous, next) =>
    previous.column === next.column &&
    (previous.row === next.row || !cellReadsRow(next.column)) &&
    previous.value === next.value &&
    previous.disabled === next.disabled &&
    previous.placeholder === next.placeholder &&
    previous.error === next.error &&
    previous.width === next.width &&
    previous.left === next.left &&
    previous.active === next.active &&
    previous.handlers === next.handlers,
);

const StatisticsFooter = memo(function StatisticsFooter({ context, totalWidth }: { context: RowContext; totalWidth: number }) {
  const { store } = context;
  // Re-renders only when a column with statistics may have changed (not on a keystroke elsewhere).
  const keys = useMemo(() => context.columns.filter((column) => (column.statistics?.length ?? 0) > 0).map((column) => column.key), [context.columns]);
  const versions = useCallback(() => keys.map((key) => store.columnVersion(key)).join("|"), [keys, store]);
  useSyncExternalStore(store.subscribeValues, versions, versions);
  // A figure is recomputed over all rows only when its column changed (not on every keystroke).
  const cache = useRef(new Map<string, { version: string; text: string }>());
  const figure = (kind: "sum" | "average", column: GridColumn): string => {
    const id = `${kind}:${column.key}`;
    const version = store.columnVersion(column.key);
    const cached = cache.current.get(id);
    if (cached && cached.version === version) return cached.text;
    const text = statisticText(store.rows, column, kind);
    cache.current.set(id, { version, text });
    return text;
  };
  const kinds = statisticKinds(context.columns);
  const lead = context.selectionWidth + (context.rowNumber ? ROW_NUMBER_WIDTH : 0) + (context.dragSort ? DRAG_COLUMN_WIDTH : 0);
  return (
    <div className="jvxe-footer" style={{ width: totalWidth }}>
      {kinds.map((kind) => (
        <div key={kind} className="jvxe-footer-row" role="row" style={{ height: STATISTICS_ROW_HEIGHT }}>
          <div role="cell" className="jvxe-cell jvxe-cell-center" style={{ width: lead, ...fixedStyle(context.fixedLeft?.[0]) }}>
            {STATISTICS_LABELS[kind]}
          </div>
          {context.columns.map((column, index) => {
            const text = column.statistics?.includes(kind) ? figure(kind, column) : null;
            // Red figures: a negative sum of money (a reversing voucher's) shows in red.
            const red = column.money && text?.startsWith("-");
            return (
              <div
                key={column.key}
                role="cell"
                className={`jvxe-cell${isNumberColumn(column) ? " jvxe-cell-number" : ""}${red ? " money-negative" : ""}`}
                data-key={column.key}
                style={{ width: context.widths[index], ...(index === 0 ? fixedStyle(context.fixedLeft?.[3]) : undefined) }}
              >
                {text}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
});
