// The grid's state outside React: the rows, deleted ids, errors, selection and highlights, with
// one subscription per row so that a keystroke re-renders one row, not 10,000 (docs/stack.md "Second
// wave"). No DOM; unit-tested in tests/unit/widget-grid-rows.test.ts.
import { mergeRealtimeRow, moveRow, removeRows, renumber, insertRows, REALTIME_HIGHLIGHT_MS } from "./rows";
import { isEmpty, valueCounts, type GridErrors } from "./validation";
import type { GridRow, GridValue } from "./types";

/** What one row's component renders; replaced (never mutated) when anything of the row changes. */
export interface RowSnapshot {
  row: GridRow;
  errors: Readonly<Record<string, string>> | undefined;
  selected: boolean;
  highlighted: boolean;
  /** The key of the row's active cell (the one whose heavy editor is mounted), or null. */
  active: string | null;
}

type Listener = () => void;

export class GridStore {
  private rowList: GridRow[] = [];
  private deleted: string[] = [];
  private errors: GridErrors = new Map();
  private selection = new Set<string>();
  private highlights = new Set<string>();
  private activeCell: { id: string; key: string } | null = null;
  /** Row id → index, rebuilt lazily after a structural change (a keystroke finds its row in O(1)). */
  private indexes: Map<string, number> | null = null;
  private snapshots = new Map<string, RowSnapshot>();
  private structureListeners = new Set<Listener>();
  private valueListeners = new Set<Listener>();
  private rowListeners = new Map<string, Set<Listener>>();
  private structureVersion = 0;
  private valueVersion = 0;
  /** Per-column edit counters and a counter of changes that may touch any column (footer caches). */
  private keyVersions = new Map<string, number>();
  private anyKeyVersion = 0;
  /** Per column with a unique rule, how often each value appears: kept by edits, dropped by the rest. */
  private counts = new Map<string, Map<string, number>>();

  constructor(
    rows: readonly GridRow[] = [],
    private readonly orderKey: string | null = null,
  ) {
    this.rowList = [...rows];
  }

  // ---- reading -------------------------------------------------------------------------------------

  get rows(): readonly GridRow[] {
    return this.rowList;
  }
  get deletedIds(): readonly string[] {
    return this.deleted;
  }
  get selectedIds(): ReadonlySet<string> {
    return this.selection;
  }
  get errorMap(): GridErrors {
    return this.errors;
  }
  value(): GridValue {
    return { rows: [...this.rowList], deletedIds: [...this.deleted] };
  }
  /** Changes when rows are added, removed, moved or selected (not on cell edits). */
  getStructureVersion = (): number => this.structureVersion;
  /** Changes on every edit (the statistics footer follows it). */
  getValueVersion = (): number => this.valueVersion;

  /** Changes whenever a value of the column may have changed (the footer caches its figures by it). */
  columnVersion(key: string): string {
    return `${this.anyKeyVersion}:${this.keyVersions.get(key) ?? 0}`;
  }
  private touchKey(key: string): void {
    this.keyVersions.set(key, (this.keyVersions.get(key) ?? 0) + 1);
  }

  /** How often each non-empty value of the column appears (a unique rule's check is then O(1) per keystroke). */
  valueCounts(key: string): ReadonlyMap<string, number> {
    let counts = this.counts.get(key);
    if (!counts) this.counts.set(key, (counts = valueCounts(this.rowList, key)));
    return counts;
  }
  private recount(key: string, before: string | undefined, after: string | undefined): void {
    const counts = this.counts.get(key);
    if (!counts) return;
    if (!isEmpty(before)) {
      const left = (counts.get(before!) ?? 0) - 1;
      if (left > 0) counts.set(before!, left);
      else counts.delete(before!);
    }
    if (!isEmpty(after)) counts.set(after!, (counts.get(after!) ?? 0) + 1);
  }

  /** The row's index, or -1. */
  indexOf(id: string): number {
    if (!this.indexes) this.indexes = new Map(this.rowList.map((row, index) => [row.id, index]));
    return this.indexes.get(id) ?? -1;
  }

  rowSnapshot(id: string): RowSnapshot | undefined {
    let snapshot = this.snapshots.get(id);
    if (snapshot) return snapshot;
    const row = this.rowList[this.indexOf(id)];
    if (!row) return undefined;
    snapshot = {
      row,
      errors: this.errors.get(id),
      selected: this.selection.has(id),
      highlighted: this.highlights.has(id),
      active: this.activeCell?.id === id ? this.activeCell.key : null,
    };
    this.snapshots.set(id, snapshot);
    return snapshot;
  }

  // ---- subscriptions -------------------------------------------------------------------------------

  subscribeStructure = (listener: Listener): (() => void) => {
    this.structureListeners.add(listener);
    return () => this.structureListeners.delete(listener);
  };
  subscribeValues = (listener: Listener): (() => void) => {
    this.valueListeners.add(listener);
    return () => this.valueListeners.delete(listener);
  };
  subscribeRow(id: string, listener: Listener): () => void {
    let listeners = this.rowListeners.get(id);
    if (!listeners) this.rowListeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    // A scroll through 10,000 rows subscribes each once: leave no empty set behind.
    return () => {
      listeners!.delete(listener);
      if (listeners!.size === 0 && this.rowListeners.get(id) === listeners) this.rowListeners.delete(id);
    };
  }

  private touchRow(id: string): void {
    this.snapshots.delete(id);
    for (const listener of this.rowListeners.get(id) ?? []) listener();
  }
  private touchValues(): void {
    this.valueVersion += 1;
    for (const listener of this.valueListeners) listener();
  }
  private touchStructure(): void {
    this.indexes = null;
    this.counts.clear();
    this.anyKeyVersion += 1;
    this.structureVersion += 1;
    for (const listener of this.structureListeners) listener();
    this.touchValues();
  }
  /** After a structural change the order numbers and every row's snapshot may have changed. */
  private replaceRows(rows: GridRow[]): void {
    const before = new Map(this.rowList.map((row) => [row.id, row]));
    this.rowList = renumber(rows, this.orderKey);
    // Before the rows' listeners run: they read their snapshots through the index at once.
    this.indexes = null;
    for (const row of this.rowList) if (before.get(row.id) !== row) this.touchRow(row.id);
    this.touchStructure();
  }

  // ---- writing -------------------------------------------------------------------------------------

  /** Makes a cell the grid's active one (its editor mounts; the previous one shows its text again). */
  activate(id: string, key: string): void {
    const before = this.activeCell;
    if (before?.id === id && before.key === key) return;
    this.activeCell = { id, key };
    if (before && before.id !== id) this.touchRow(before.id);
    this.touchRow(id);
  }

  setCell(id: string, key: string, value: string): GridRow | undefined {
    const index = this.indexOf(id);
    if (index < 0 || this.rowList[index][key] === value) return this.rowList[index];
    const row = { ...this.rowList[index], [key]: value };
    this.recount(key, this.rowList[index][key], value);
    this.rowList[index] = row;
    this.touchKey(key);
    this.touchRow(id);
    this.touchValues();
    return row;
  }

  /** Several cells of a row at once (pickers that fill other columns, linkage clearing). */
  setCells(id: string, values: Record<string, string>): void {
    const index = this.indexOf(id);
    if (index < 0) return;
    for (const [key, value] of Object.entries(values)) this.recount(key, this.rowList[index][key], value);
    this.rowList[index] = { ...this.rowList[index], ...values };
    for (const key of Object.keys(values)) this.touchKey(key);
    this.touchRow(id);
    this.touchValues();
  }

  /** A reload (spec §4): new rows, nothing deleted, the selection and errors cleared. */
  reset(rows: readonly GridRow[]): void {
    const ids = new Set([...this.rowList.map((row) => row.id), ...rows.map((row) => row.id)]);
    this.deleted = [];
    this.errors = new Map();
    this.selection = new Set();
    this.rowList = [...rows];
    this.indexes = null;
    this.activeCell = null;
    for (const id of ids) this.touchRow(id);
    this.touchStructure();
  }

  insert(added: readonly GridRow[], position = 0): void {
    this.replaceRows(insertRows(this.rowList, added, position));
  }

  remove(ids: unknown): void {
    const result = removeRows(this.rowList, ids, this.deleted);
    this.deleted = result.deletedIds;
    for (const id of Array.isArray(ids) ? ids : [ids]) {
      this.selection.delete(String(id));
      this.errors.delete(String(id));
    }
    this.replaceRows(result.rows);
  }

  move(from: number, to: number): void {
    this.replaceRows(moveRow(this.rowList, from, to));
  }

  setSelection(selected: ReadonlySet<string>): void {
    const changed = new Set([...this.selection, ...selected].filter((id) => this.selection.has(id) !== selected.has(id)));
    this.selection = new Set(selected);
    for (const id of changed) this.touchRow(id);
    this.structureVersion += 1;
    for (const listener of this.structureListeners) listener();
  }

  setCellError(id: string, key: string, message: string | null): void {
    const current = this.errors.get(id);
    if ((current?.[key] ?? null) === message) return;
    const next = { ...current };
    if (message) next[key] = message;
    else delete next[key];
    if (Object.keys(next).length === 0) this.errors.delete(id);
    else this.errors.set(id, next);
    this.touchRow(id);
  }

  setErrors(errors: GridErrors): void {
    const ids = new Set([...this.errors.keys(), ...errors.keys()]);
    this.errors = new Map(errors);
    for (const id of ids) this.touchRow(id);
  }

  /**
   * spec §4 realtime: merges a row edited elsewhere; with `highlight` the row is marked for
   * 1.4 s. `schedule` is setTimeout in the browser.
   */
  mergeRealtime(incoming: Partial<GridRow> & { id: string }, highlight: boolean, schedule: (run: () => void, ms: number) => unknown = setTimeout): boolean {
    const { rows, merged } = mergeRealtimeRow(this.rowList, incoming);
    if (!merged) return false;
    this.rowList = rows;
    this.indexes = null;
    this.counts.clear();
    this.anyKeyVersion += 1;
    if (highlight) {
      this.highlights.add(incoming.id);
      schedule(() => {
        this.highlights.delete(incoming.id);
        this.touchRow(incoming.id);
      }, REALTIME_HIGHLIGHT_MS);
    }
    this.touchRow(incoming.id);
    this.touchValues();
    return true;
  }
}
