// Tree table: rows loaded level by level, `loading...` placeholder children, unknown answers refused (docs/spec/widgets.md §3, §4, §7).
export { TreeTable, type TreeTableProps } from "./tree-table";
export { levelUrl, rowsOfAnswer, setChildren, withPlaceholders, TREE_LOADING_TEXT, TREE_UNKNOWN_ANSWER, type TreeRow } from "./tree-table-logic";
