// The backend half of a module definition (contract/modules/module.ts): the createCrud config of a
// module, derived from its fields — the body schema (label, required message, named pattern,
// maximum length, server-only fields), the Excel columns and unique checks, the dictionary texts,
// the duplicate check of unique fields, check rules applied on every write, and fixed fields that
// an edit never changes. What is special about a module comes in as plain createCrud options.
//
//   export const positionCrud = createModuleCrud(positionModule, { table: sysPosition, entity: { tenantColumn: "tenant_id" } });
import { inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { columnName, fieldsIn, patternOf, type ModuleDefinition, type ModuleField } from "#contract/modules/module";
import type { PermissionPrefix } from "#contract/permission-codes";
import { sysCheckRule } from "../db/schema";
import { ApiError } from "../http/envelope";
import { checkValue, parseRuleJson, type CheckRuleItem } from "./check-value";
import type { FieldRule } from "./body-schema";
import type { CrudContext } from "./context";
import { registerDuplicateCheck } from "./duplicate-check";
import { createCrud, type CrudConfig, type CrudHooks, type CrudResource, type PrepareContext, type RowProblem } from "./engine";
import { defineEntity, type EntityOverrides } from "./entity";
import type { CrudExcelConfig } from "./excel/crud-excel";
import type { ExcelColumn } from "./excel/columns";
import { columnTenantScope } from "./tenant";
import { registerEncryptedEntity } from "./encrypted";
import { STORED_ENCRYPTED_KINDS } from "../security/personal-data";

export interface ModuleCrudOptions extends Omit<CrudConfig, "basePath" | "pagePath" | "permissionPrefix" | "entity" | "table" | "body" | "excel"> {
  table: PgTable;
  /** What the definition cannot say about the table (tenant and logical-delete columns, sort…). */
  entity?: EntityOverrides;
  /** Excel options beyond the derived title, columns and unique checks (`moreColumns` after the fields'); `false`: no Excel. */
  excel?: (Omit<Partial<CrudExcelConfig>, "columns"> & { moreColumns?: readonly ExcelColumn[] }) | false;
  /**
   * Store the sensitive fields of the encrypted kinds encrypted (default true; the table then has
   * their `<column>_hash`; online forms' tables get theirs at 同步数据库, docs/decisions/145).
   * `false`: masked by right only, kept in clear.
   */
  storeEncrypted?: boolean;
}

/** The engine resource of a module: one definition, one table, and what is special. */
export function createModuleCrud(module: ModuleDefinition<Record<string, ModuleField>, PermissionPrefix>, options: ModuleCrudOptions): CrudResource {
  const { table, entity: overrides = {}, excel, hooks = {}, storeEncrypted = true, ...rest } = options;
  const { moreColumns = [], ...excelOptions } = excel || {};
  const fields = Object.entries(module.fields);
  const dictionaries = Object.fromEntries(fields.filter(([, field]) => field.dict).map(([property, field]) => [property, { dictCode: field.dict }]));
  // Sensitive fields of the kinds stored encrypted (docs/decisions/119): ciphertext with its search
  // hash in `<column>_hash` (the table must have it), found by exact value, never sorted.
  const encrypted = Object.fromEntries(
    fields
      .filter(([, field]) => storeEncrypted && field.sensitive && STORED_ENCRYPTED_KINDS.has(field.sensitive))
      .map(([property, field]) => [property, { sortable: false, encrypted: { kind: field.sensitive!, hashColumn: `${columnName(property)}_hash` } }]),
  );
  const entity = defineEntity(table, { ...overrides, fields: { ...dictionaries, ...encrypted, ...overrides.fields } });
  registerEncryptedEntity(entity);

  const body: Record<string, FieldRule> = {};
  for (const [property, field] of fields) {
    const pattern = patternOf(field);
    body[property] = {
      label: field.label,
      ...(field.required ? { required: field.required } : {}),
      ...(pattern ? { pattern: pattern.regex, patternMessage: pattern.message } : {}),
      ...(field.maxLength ? { maxLength: field.maxLength } : {}),
      ...(field.readOnly ? { readOnly: true } : {}),
    };
  }
  const unique = fields.filter(([, field]) => field.unique).map(([property]) => property);
  const fixed = fields.filter(([, field]) => field.fixed).map(([property]) => property);
  const sensitive = Object.fromEntries(fields.filter(([, field]) => field.sensitive).map(([property, field]) => [property, field.sensitive!]));
  const checked = fields.filter(([, field]) => field.checkRule).map(([property, field]) => ({ property, rule: field.checkRule! }));
  const requiredOnAdd = fields.filter(([, field]) => field.requiredOnAdd);
  const money = fields.filter(([, field]) => field.money).map(([property]) => property);

  const resource = createCrud({
    ...(module.operations ? { operations: module.operations } : {}),
    ...rest,
    basePath: module.api,
    pagePath: module.page,
    permissionPrefix: module.permissionPrefix,
    title: module.title,
    ...(Object.keys(sensitive).length > 0 ? { sensitive } : {}),
    entity,
    table,
    body: { fields: body },
    labels: Object.fromEntries(fields.map(([property, field]) => [property, field.label])),
    ...(money.length > 0 ? { money } : {}),
    ...(excel === false
      ? {}
      : {
          excel: {
            title: module.title,
            ...(unique.length > 0 ? { unique } : {}),
            ...excelOptions,
            columns: [
              ...fieldsIn(module, "excel").map(([property, field]) => ({ property, title: field.label, ...(field.required ? { required: true } : {}), ...(field.money ? { money: true } : {}) })),
              ...moreColumns,
            ],
          },
        }),
    hooks: {
      ...hooks,
      ...(checked.length > 0 ? checkRuleHooks(checked, hooks) : {}),
      beforeSave: async (save) => {
        // A fixed field is what other rows refer to: an edit keeps the stored value and refuses
        // another one (角色编码不允许修改, as the original words it).
        if (save.operation === "add") {
          for (const [property, field] of requiredOnAdd) {
            const sent = save.body[property];
            if (sent === undefined || sent === null || String(sent).trim() === "") throw new ApiError(field.requiredOnAdd!);
          }
        }
        if (save.operation === "edit") {
          for (const property of fixed) {
            const sent = save.values[property];
            if (sent !== undefined && sent !== null && save.existing && String(sent) !== String(save.existing[property] ?? "")) {
              throw new ApiError(fixedFieldMessage(module.fields[property]!.label));
            }
            delete save.values[property];
          }
        }
        await hooks.beforeSave?.(save);
      },
      // The checks above change no stored row: only the module's own beforeSave may.
      beforeSaveChangesRecord: hooks.beforeSaveChangesRecord ?? Boolean(hooks.beforeSave),
    },
  });

  if (unique.length > 0) {
    // Unique within the tenant when the module has one (as its unique index), else in all rows.
    const tenant = rest.tenant === undefined ? (entity.tenantColumn ? columnTenantScope(entity) : null) : rest.tenant;
    registerDuplicateCheck({ entity, columns: unique.map(columnName), ...(tenant ? { scope: (tenantId: number) => tenant.condition(tenantId) } : {}) });
  }
  return resource;
}

/** The answer to an edit that changes a fixed field. */
export function fixedFieldMessage(label: string): string {
  return `${label}不允许修改`;
}

/** The rules' items by code, read once per write or import. */
async function loadCheckRules(context: CrudContext, codes: readonly string[]): Promise<Map<string, CheckRuleItem[]>> {
  const rows = await context.services.db.orm
    .select({ ruleCode: sysCheckRule.ruleCode, ruleJson: sysCheckRule.ruleJson })
    .from(sysCheckRule)
    .where(inArray(sysCheckRule.ruleCode, [...new Set(codes)]));
  const rules = new Map<string, CheckRuleItem[]>();
  for (const row of rows) rules.set(row.ruleCode, parseRuleJson(row.ruleJson) ?? []);
  return rules;
}

function checkRuleProblems(rules: Map<string, CheckRuleItem[]>, checked: ReadonlyArray<{ property: string; rule: string }>, values: Record<string, unknown>) {
  const problems: Array<{ property: string; message: string }> = [];
  for (const { property, rule } of checked) {
    const value = values[property];
    // A rule that no longer exists checks nothing (as checkByCode answers 该编码不存在 to the form).
    const items = rules.get(rule);
    if (typeof value !== "string" || !items) continue;
    const failed = checkValue(items, value);
    if (failed) problems.push({ property, message: failed.message });
  }
  return problems;
}

/**
 * The backend applies a field's check rule too (docs/style.md: a direct post must not skip
 * 通用编码规则): before the transaction, once per request, and once per file for an import.
 */
function checkRuleHooks(checked: ReadonlyArray<{ property: string; rule: string }>, hooks: CrudHooks): Pick<CrudHooks, "prepare" | "prepareMany"> {
  const codes = checked.map((entry) => entry.rule);
  return {
    prepare: async (prepared: PrepareContext) => {
      const problem = checkRuleProblems(await loadCheckRules(prepared, codes), checked, prepared.values)[0];
      if (problem) throw new ApiError(problem.message);
      await hooks.prepare?.(prepared);
    },
    prepareMany: async (context, rows) => {
      const rules = await loadCheckRules(context, codes);
      const refused: RowProblem[] = [];
      const passing: number[] = [];
      rows.forEach((row, index) => {
        const problems = checkRuleProblems(rules, checked, row.values);
        for (const problem of problems) refused.push({ index, ...problem });
        if (problems.length === 0) passing.push(index);
      });
      const rest = passing.map((index) => rows[index]!);
      if (hooks.prepareMany) {
        for (const problem of (await hooks.prepareMany(context, rest)) ?? []) refused.push({ ...problem, index: passing[problem.index]! });
      } else if (hooks.prepare) {
        for (const [position, row] of rest.entries()) {
          try {
            await hooks.prepare(row);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refused.push({ index: passing[position]!, message: error.message });
          }
        }
      }
      return refused;
    },
  };
}
