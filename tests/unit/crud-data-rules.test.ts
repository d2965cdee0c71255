// Row-level data rules as conditions (backend/crud/data-rules.ts, contract §6 "Data rules"): rule
// values with #{variables}, each condition a bound comparison on an entity property, USE_SQL_RULES
// refused with a warning, and rules that cannot be applied matching no rows.
import { describe, expect, it } from "vitest";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { defineEntity } from "../../backend/crud/entity";
import { resolveRuleValue, ruleCondition, type DataRule } from "../../backend/crud/data-rules";
import { sysUser } from "../../backend/db/schema";

const users = defineEntity(sysUser, { softDeleteColumn: "del_flag" });
const dialect = new PgDialect();
const render = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
};
const variables = { sys_user_code: "teacher_li", sys_org_code: "A01A02", sys_date: "2026-05-01" };

function rule(ruleColumn: string, ruleConditions: string, ruleValue: string): DataRule {
  return { id: "r1", ruleName: "qa", ruleColumn, ruleConditions, ruleValue };
}

describe("data rule values", () => {
  it("replaces variables in snake or camel form and keeps the text around them", () => {
    expect(resolveRuleValue("#{sys_user_code}", variables)).toBe("teacher_li");
    expect(resolveRuleValue("#{sysUserCode}", variables)).toBe("teacher_li");
    expect(resolveRuleValue("#{sys_org_code}A01", variables)).toBe("A01A02A01");
    expect(resolveRuleValue("plain", variables)).toBe("plain");
    expect(resolveRuleValue("#{nope}", variables)).toBeUndefined();
  });
});

describe("data rule conditions", () => {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);

  it("compares an entity property with a bound value", () => {
    expect(render(ruleCondition(users, rule("createBy", "=", "#{sys_user_code}"), variables, warn))).toEqual({
      sql: '"sys_user"."create_by" = $1',
      params: ["teacher_li"],
    });
    expect(render(ruleCondition(users, rule("org_code", "RIGHT_LIKE", "#{sys_org_code}"), variables, warn))).toEqual({
      sql: `"sys_user"."org_code" ilike $1 escape '!'`,
      params: ["A01A02%"],
    });
    expect(render(ruleCondition(users, rule("sex", "IN", "1,2"), variables, warn))?.sql).toBe('"sys_user"."sex" in ($1::bigint, $2::bigint)');
    expect(render(ruleCondition(users, rule("realname", "!=", "' or 1=1 --"), variables, warn))).toEqual({
      sql: '"sys_user"."realname" <> $1',
      params: ["' or 1=1 --"],
    });
  });

  it("refuses USE_SQL_RULES with a warning and never builds SQL from it", () => {
    warnings.length = 0;
    expect(ruleCondition(users, rule("username", "USE_SQL_RULES", "1=1) or (1=1"), variables, warn)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("USE_SQL_RULES");
  });

  it("ignores rules on other entities' properties, and matches nothing when it cannot apply one", () => {
    expect(ruleCondition(users, rule("studentNo", "=", "1"), variables, warn)).toBeUndefined();
    expect(ruleCondition(users, rule("password", "=", "x"), variables, warn)).toBeUndefined();
    for (const broken of [rule("sex", "=", "abc"), rule("username", "=", "#{unknown}"), rule("username", "BETWEEN", "a"), rule("username", "=", "")]) {
      expect(render(ruleCondition(users, broken, variables, warn))?.sql).toBe("false");
    }
  });
});
