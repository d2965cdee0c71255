// The plain Chinese answers of the query generator. A refused request is told what was wrong in
// words, never with SQL text (contract §10); request text is echoed only when it is a harmless
// identifier, so an answer can never carry an injection attempt back to the screen.
import { ApiError } from "../http/envelope";
import { isIdentifier } from "./entity";

/** `label: name` when the name is a plain identifier, else just `label`. */
function naming(label: string, name: string): string {
  return isIdentifier(name) ? `${label}: ${name}` : label;
}

export const QueryErrors = {
  badValue: (property: string) => new ApiError(`查询条件的值格式不正确: ${property}`),
  tooManyValues: (property: string) => new ApiError(`查询条件的值过多: ${property}`),
  badSortField: (name: string) => new ApiError(naming("不支持的排序字段", name)),
  badSelectField: (name: string) => new ApiError(naming("不支持的查询字段", name)),
  badSuperQuery: () => new ApiError("高级查询参数格式不正确"),
  badSuperQueryField: () => new ApiError("高级查询字段不合法"),
  tooManySuperQueryItems: () => new ApiError("高级查询条件过多"),
  badRule: (rule: string) => new ApiError(naming("不支持的查询规则", rule)),
  badMatchType: (matchType: string) => new ApiError(naming("不支持的高级查询匹配方式", matchType)),
} as const;
