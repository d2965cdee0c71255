export { SearchSelect, type SearchSelectProps } from "./search-select";
export { SEARCH_SELECT_TEXTS } from "./search-select-logic";
