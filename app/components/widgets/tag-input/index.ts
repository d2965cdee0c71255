// Tag cell: 2-character items separated by semicolons, typed semicolons stripped (docs/spec/widgets.md §4).
export { TagInput, type TagInputProps } from "./tag-input";
export { tagItems, tagText, tagValue, TAG_ITEM_LENGTH, TAG_SEPARATOR } from "./tag-logic";
