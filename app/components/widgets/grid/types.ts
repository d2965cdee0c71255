// The grid's declarations (docs/spec/widgets.md §3 "Grid column definition", "Column types", "Grid
// row", "validateRules entry"). Pure types: safe on the server and in the browser.
import type { DictOption } from "~/components/widgets/dict-select/dict-options";

/** spec §3 "Column types". `input_pop` and `textarea` are the same editor. */
export const BUILT_IN_CELL_TYPES = [
  "input",
  "inputNumber",
  "checkbox",
  "select",
  "date",
  "datetime",
  "time",
  "radio",
  "list_multi",
  "sel_search",
  "sel_search_async",
  "sel_depart",
  "sel_user",
  "input_pop",
  "textarea",
  "upload",
  "file",
  "image",
  "popup",
  "slot",
  "hidden",
] as const;

export type BuiltInCellType = (typeof BUILT_IN_CELL_TYPES)[number];

/** A built-in type or the name of an installed custom cell type (see cell-registry). */
export type CellType = BuiltInCellType | (string & {});

/** A cell's value as it travels: text for most types, a boolean never (checkbox uses customValue). */
export type CellValue = string;

/** One row: its id, then its values by column key. */
export interface GridRow {
  id: string;
  [key: string]: string;
}

/** The context of a rule's handler. */
export interface RuleContext {
  column: GridColumn;
  row: GridRow;
  rows: readonly GridRow[];
}

/**
 * spec §3 "validateRules entry". Rules run in order; the first failing rule wins (spec §5).
 * A handler answers true (valid), false (invalid: `message`), or a message of its own.
 */
export interface ValidateRule {
  required?: boolean;
  /** Fails when the value appears in two or more rows. */
  unique?: boolean;
  /** A named pattern of spec §5 (`m`, `e`, `money`, … `only` = unique), or a regular expression. */
  pattern?: string | RegExp;
  handler?: (value: CellValue, context: RuleContext) => boolean | string | Promise<boolean | string>;
  /** `${title}` is replaced by the column's title. */
  message?: string;
}

export interface GridColumn {
  key: string;
  title: string;
  type: CellType;
  /** Pixels, or a CSS width such as "20%"; default by type (spec §9). */
  width?: number | string;
  /** Options of select / radio / list_multi / sel_search; else the dictionary's (`dictCode`). */
  options?: readonly DictOption[];
  dictCode?: string;
  /** sel_search_async: the resource route of its options (SearchSelect `source`); default the dictionary's. */
  searchUrl?: string;
  /** The value of a new row; `${…}` templates are not applied to it. */
  defaultValue?: string;
  /** checkbox: ticked in a new row. */
  defaultChecked?: boolean;
  /** checkbox: [checked value, unchecked value]; default ["Y", "N"]. */
  customValue?: readonly [checked: string, unchecked: string];
  validateRules?: readonly ValidateRule[];
  /** Footer statistics (spec §2): 合计 and/or 平均. */
  statistics?: readonly ("sum" | "average")[];
  /**
   * An amount of money (issue #32 item 2): the footer adds the exact decimals (not the integer
   * parts of spec §5) and shows them as contract/money.ts formatMoney does.
   */
  money?: boolean;
  /** Placeholder; may use `${title}`, `${key}`, `${defaultValue}`. */
  placeholder?: string;
  disabled?: boolean;
  /** select: the user may type a value that is not an option. */
  allowInput?: boolean;
  allowSearch?: boolean;
  /**
   * Linkage: this select's options depend on the value of the column named here; the options
   * come from `linkageOptions(parentValue)`. Changing the parent clears this cell.
   */
  linkageKey?: string;
  linkageOptions?: (parentValue: string) => readonly DictOption[];
  /** date / datetime / time display and value format (spec §9 defaults). */
  format?: string;
  /** Tags in read-only cells take this colour per value. */
  setTagColor?: (value: string) => string | undefined;
  fieldExtendJson?: { store?: string; text?: string; multiSelect?: boolean; uploadnum?: number };
  /** upload / file / image: the upload URL (default the web app's upload route). */
  action?: string;
  /** upload: send the access token header (spec §6). */
  token?: boolean;
  /** upload: the response field holding the path (default `message`). */
  responseName?: string;
  /** upload: the `biz` folder (default `temp`, spec §9). */
  biz?: string;
  allowDownload?: boolean;
  allowRemove?: boolean;
  btnText?: string;
  /** popup: the online report code and the fields it copies (spec §2 "Generic popup picker"). */
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  param?: Record<string, string>;
  sorter?: boolean;
  /** slot: renders the cell. */
  render?: (row: GridRow, column: GridColumn) => React.ReactNode;
  /** A custom or built-in cell's extra settings. */
  props?: Record<string, unknown>;
}

/** What the grid posts with its form (as named fields, grid-value.ts). */
export interface GridValue {
  rows: GridRow[];
  /** Ids of removed rows that existed before (temporary rows are not listed). */
  deletedIds: string[];
}

/** spec §9 "Sizes". */
export type GridSize = "medium" | "small" | "mini" | "tiny";
