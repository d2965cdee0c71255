// The list side of the generic CRUD engine (api-contract.md §1 "Pagination", §6, §10).
//
//   const users = defineEntity(sysUser, { fields: { sex: { dictCode: "sex" } }, softDeleteColumn: "del_flag" });
//   const built = buildListQuery(users, req.query, { conditions: [tenantCondition] });
//   return ok(await runListQuery(db, users, built));
//
// Decisions where the contract leaves room (each also noted where it is implemented):
// - LIKE rules use ILIKE with `ESCAPE '!'`: the original's MySQL collation is case-insensitive.
// - A date-time value names a whole second (`yyyy-MM-dd HH:mm:ss`) or a whole day (`yyyy-MM-dd`),
//   in the school's zone (backend/clock.ts): `_end=2024-05-31` includes all of May 31st, `createTime=2024-05-01` is that day.
// - Operators are the symbols `>= > <= < = !=` followed by a space; word forms are plain text.
// - Empty values after removing the rule's markers (`*`, `!`, `,,`) add no condition.
// - Like rules on non-text fields are refused; `,a,b,` on a non-text field means IN.
// - Secret and unsearchable fields are ignored as filters (like unknown properties) but refused
//   as sort columns or selected columns; a sort or advanced-query field that is not an
//   identifier is refused without echoing it.
// - `column` without `order` sorts descending; the primary key is appended as a tie-breaker;
//   NULLs sort as MySQL does (first ascending, last descending).
// - pageNo/pageSize that are not whole numbers ≥ 1 fall back to 1/10; pageSize is capped at 1000.
// - A missing advanced-query rule means eq; the client's `type`/`dbType` are ignored in favour of
//   the entity's own field type.
// - Entities with a softDeleteColumn list only rows whose flag is 0 (`options.includeDeleted`).
export * from "./entity";
export {
  buildListQuery,
  buildOrderBy,
  buildPaging,
  buildWhere,
  parseValueRule,
  RESERVED_PARAMS,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
} from "./query-generator";
export type { ListQuery, ListQueryOptions, ListQueryParams, ParsedValueRule } from "./query-generator";
export { columnRef, fieldCondition, group, MAX_LIST_VALUES, type QueryRule } from "./conditions";
export {
  parseSuperQueryParams,
  superQueryCondition,
  SUPER_QUERY_RULES,
  type SuperQueryItem,
  type SuperQueryRule,
} from "./super-query";
export { runListQuery, selectRecords, selectedFields, formatRecord, type ListRecord, type RecordQuery } from "./page";
export { parseWireDate, typedValue, likePattern, type TypedValue, type WireDate } from "./values";
export { QueryErrors } from "./messages";

// The write side and the engine (./engine.ts): one declaration per entity gives the six
// endpoints; the resource also serves Excel export/import (listQuery, validate, insert).
export {
  createCrud,
  crudEndpoints,
  type CrudAccessKey,
  type CrudConfig,
  type CrudHooks,
  type CrudOperation,
  type CrudResource,
  type DeleteContext,
  type PrepareContext,
  type SaveContext,
} from "./engine";
export { crudContext, inTransaction, databaseExecutor, databaseAnswer, type CrudContext, type Executor } from "./context";
export { buildBodySchemas, columnInfo, parseBody, type BodyRules, type FieldRule } from "./body-schema";
export { allOf, deleteRows, findRow, findRows, insertRow, updateRow, presentCondition, type RowValues } from "./store";
export { columnTenantScope, currentTenantId, tenantListScope, userTenantIds, type TenantScope } from "./tenant";
export { addDictText, DICT_TEXT_SUFFIX } from "./dict-text";
export { registerDictTable, parseTableDictCode, tableDictItems, type DictTableDefinition } from "./table-dict";
export { registerDuplicateCheck, type DuplicateCheckDefinition } from "./duplicate-check";
export { dataRuleConditions } from "./data-rules";
export { CrudMessages, splitIds } from "./crud-messages";
