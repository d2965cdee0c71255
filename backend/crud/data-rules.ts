// Row-level data rules (api-contract.md §6 "Data rules"): the active sys_permission_data_rule rows
// of a page's menu that the user's roles were granted (sys_role_permission.data_rule_ids), each
// turned into a condition on an entity property and ANDed to the list. Only structured rules are
// applied, through the same fieldCondition as list filters (bound values, allow-listed columns).
// USE_SQL_RULES (raw SQL in the original) is refused: ignored, with a warning in the server log.
// A rule we cannot apply as written (unknown variable, unusable value) matches no rows: a broken
// restriction must not widen what a user sees.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { sysDepart, sysPermission, sysPermissionDataRule, sysRole, sysRolePermission, sysUserDepart, sysUserRole } from "../db/schema";
import { formatDateTime } from "../http/format";
import { ApiError } from "../http/envelope";
import { fieldCondition, type QueryRule } from "./conditions";
import { fieldByColumn, fieldByProperty, type EntityDefinition } from "./entity";
import type { CrudContext } from "./context";
import type { Orm } from "../db/client";

export interface DataRule {
  id: string;
  ruleName: string | null;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

/** The values of `#{…}` variables (contract §6), keyed by their snake_case names. */
export type RuleVariables = Readonly<Record<string, string>>;

export type RuleWarning = (message: string) => void;

const RULES: Record<string, QueryRule> = {
  "=": "eq",
  "!=": "ne",
  "<>": "ne",
  ">": "gt",
  ">=": "ge",
  "<": "lt",
  "<=": "le",
  IN: "in",
  LIKE: "like",
  LEFT_LIKE: "left_like",
  RIGHT_LIKE: "right_like",
};

export const USE_SQL_RULES = "USE_SQL_RULES";

const MATCHES_NOTHING = sql`false`;

/** `sysUserCode`, `sys_user_code` and `SYS_USER_CODE` name the same variable. */
function variableKey(name: string): string {
  return name.replace(/_/g, "").toLowerCase();
}

/** Replaces every `#{name}`; undefined when a variable is unknown. Text around it is kept. */
export function resolveRuleValue(value: string, variables: RuleVariables): string | undefined {
  const known = new Map(Object.entries(variables).map(([name, text]) => [variableKey(name), text]));
  let unknown = false;
  const resolved = value.replace(/#\{([^}]*)\}/g, (_match, name: string) => {
    const text = known.get(variableKey(name.trim()));
    if (text === undefined) unknown = true;
    return text ?? "";
  });
  return unknown ? undefined : resolved;
}

/** One rule as a condition on `entity`, or undefined when it is refused or names no property. */
export function ruleCondition(
  entity: EntityDefinition,
  rule: DataRule,
  variables: RuleVariables,
  warn: RuleWarning,
): SQL | undefined {
  const label = `data rule ${rule.id} (${rule.ruleName ?? ""}) on ${entity.table}`;
  const condition = (rule.ruleConditions ?? "").trim().toUpperCase();
  if (condition === USE_SQL_RULES) {
    warn(`${label}: USE_SQL_RULES is not supported (raw SQL is never run); the rule is ignored`);
    return undefined;
  }
  const queryRule = RULES[condition];
  if (!queryRule) {
    warn(`${label}: unknown condition; the rule matches no rows`);
    return MATCHES_NOTHING;
  }
  const name = (rule.ruleColumn ?? "").trim();
  const field = fieldByProperty(entity, name) ?? fieldByColumn(entity, name);
  if (!field || field.secret) {
    // As the original: a rule whose column is not a property of this entity does not apply here.
    warn(`${label}: no property ${name}; the rule is ignored`);
    return undefined;
  }
  const value = resolveRuleValue(rule.ruleValue ?? "", variables);
  if (value === undefined) {
    warn(`${label}: unknown variable in its value; the rule matches no rows`);
    return MATCHES_NOTHING;
  }
  try {
    const built = fieldCondition(entity, field, queryRule, queryRule === "in" ? value.split(",") : value);
    return built ?? MATCHES_NOTHING;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    warn(`${label}: value does not fit the field; the rule matches no rows`);
    return MATCHES_NOTHING;
  }
}

/**
 * The data rules of the menu `pagePath` granted to the user's roles in the current tenant (and
 * platform roles, docs/decisions/007), active ones only.
 */
export async function grantedDataRules(context: Pick<CrudContext, "services" | "auth" | "tenantId">, pagePath: string): Promise<DataRule[]> {
  const orm = context.services.db.orm;
  const grants = await dataRuleGrantsQuery(orm).execute({ userId: context.auth.user.id, tenantId: context.tenantId, pagePath });
  const ruleIds = [...new Set(grants.flatMap((grant) => (grant.dataRuleIds ?? "").split(",").map((id) => id.trim())).filter(Boolean))];
  if (ruleIds.length === 0) return [];
  const menuIds = [...new Set(grants.map((grant) => grant.permissionId))];
  return orm
    .select({
      id: sysPermissionDataRule.id,
      ruleName: sysPermissionDataRule.ruleName,
      ruleColumn: sysPermissionDataRule.ruleColumn,
      ruleConditions: sysPermissionDataRule.ruleConditions,
      ruleValue: sysPermissionDataRule.ruleValue,
    })
    .from(sysPermissionDataRule)
    .where(
      and(
        inArray(sysPermissionDataRule.id, ruleIds),
        inArray(sysPermissionDataRule.permissionId, menuIds),
        eq(sysPermissionDataRule.status, "1"),
      ),
    )
    .orderBy(sysPermissionDataRule.id);
}

/**
 * The grants of a page's menu to the user's roles, asked by every list call: built once per
 * database and prepared (docs/decisions/064).
 */
const dataRuleGrantsQueries = new WeakMap<Orm, ReturnType<typeof prepareDataRuleGrants>>();

function dataRuleGrantsQuery(orm: Orm) {
  let query = dataRuleGrantsQueries.get(orm);
  if (!query) dataRuleGrantsQueries.set(orm, (query = prepareDataRuleGrants(orm)));
  return query;
}

function prepareDataRuleGrants(orm: Orm) {
  return orm
    .select({ permissionId: sysRolePermission.permissionId, dataRuleIds: sysRolePermission.dataRuleIds })
    .from(sysRolePermission)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(
      and(
        eq(sysUserRole.userId, sql.placeholder("userId")),
        or(eq(sysRole.tenantId, sql.placeholder("tenantId")), eq(sysRole.platformAdmin, 1)),
        eq(sysPermission.url, sql.placeholder("pagePath")),
        eq(sysPermission.delFlag, 0),
        inArray(sysPermission.menuType, [0, 1]),
      ),
    )
    .prepare("data_rule_grants");
}

/** The variables of contract §6 for the caller. */
export async function ruleVariables(context: Pick<CrudContext, "services" | "auth" | "tenantId">): Promise<RuleVariables> {
  const orgCodes = await context.services.db.orm
    .select({ orgCode: sysDepart.orgCode })
    .from(sysDepart)
    .innerJoin(sysUserDepart, eq(sysUserDepart.depId, sysDepart.id))
    .where(eq(sysUserDepart.userId, context.auth.user.id))
    .orderBy(sysDepart.orgCode);
  const now = formatDateTime(new Date()) ?? "";
  return {
    sys_user_code: context.auth.user.username,
    sys_user_name: context.auth.user.realname ?? "",
    sys_org_code: context.auth.user.orgCode ?? "",
    sys_multi_org_code: orgCodes.map((row) => row.orgCode).join(","),
    sys_date: now.slice(0, 10),
    sys_time: now,
    tenant_id: String(context.tenantId),
    bpm_status: "1",
  };
}

/** The conditions of every data rule of `pagePath` the caller is subject to. */
export async function dataRuleConditions(
  context: Pick<CrudContext, "services" | "auth" | "tenantId">,
  entity: EntityDefinition,
  pagePath: string,
): Promise<SQL[]> {
  const rules = await grantedDataRules(context, pagePath);
  if (rules.length === 0) return [];
  const variables = await ruleVariables(context);
  const warn: RuleWarning = (message) => context.services.logger.info(`[backend] warning: ${message}`);
  return rules.map((rule) => ruleCondition(entity, rule, variables, warn)).filter((condition): condition is SQL => condition !== undefined);
}
