export { CategorySelect, type CategorySelectProps } from "./category-select";
export { DictTreeSelect, type DictTreeSelectProps } from "./dict-tree-select";
export { CATEGORY_CONDITION_ERROR, TREE_CONDITION_ERROR, type TreeOption } from "./tree-logic";
