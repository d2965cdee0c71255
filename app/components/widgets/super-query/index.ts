export { SuperQuery, type SuperQueryProps } from "./super-query-builder";
export {
  fromQueryParams,
  isQueryActive,
  toQueryParams,
  type MatchType,
  type SuperQueryField,
  type SuperQueryParams,
} from "./super-query";
