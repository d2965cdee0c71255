// nextNumber(tenant, code): the next number of a fill rule in a school. The rule is the platform's,
// the sequence each school's (docs/decisions/144): the counter row of (tenant, rule, period) is
// incremented with INSERT … ON CONFLICT DO UPDATE … RETURNING, so concurrent callers queue on the
// row lock and never share a value (no max+1 read). Inside a caller's transaction the number is
// taken with its rows: a rollback gives the number back, a commit keeps it.
import { eq, sql } from "drizzle-orm";
import { sysFillRule } from "../../../db/schema";
import type { Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";
import { formatNumber, numberFormatter, periodOf, RESET_CYCLES, type ResetCycle, type SerialRule } from "./fill-number";

export const FillRuleMessages = {
  unknown: (code: string) => `填值规则不存在: ${code}`,
} as const;

export function serialRuleOf(row: { prefix: string | null; datePattern: string | null; seqDigits: number; resetCycle: string }): SerialRule {
  return {
    prefix: row.prefix ?? "",
    datePattern: row.datePattern ?? "",
    seqDigits: row.seqDigits,
    resetCycle: (RESET_CYCLES as readonly string[]).includes(row.resetCycle) ? (row.resetCycle as ResetCycle) : "never",
  };
}

export async function nextNumber(executor: Executor, tenantId: number, ruleCode: string, timeZone: string, now = new Date()): Promise<string> {
  const [row] = await executor.orm.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode)).limit(1);
  if (!row) throw new ApiError(FillRuleMessages.unknown(ruleCode));
  const rule = serialRuleOf(row);
  const period = periodOf(rule.resetCycle, now, timeZone);
  const [counter] = await executor.rows<{ value: string | number }>(sql`
    INSERT INTO sys_fill_rule_counter (tenant_id, rule_code, period, value) VALUES (${tenantId}, ${ruleCode}, ${period}, 1)
    ON CONFLICT (tenant_id, rule_code, period) DO UPDATE SET value = sys_fill_rule_counter.value + 1
    RETURNING value`);
  return formatNumber(rule, Number(counter!.value), now, timeZone);
}

/**
 * The number nextNumber would give now, without taking it (填值规则's 功能测试 in both JeecgBoot
 * clients, testFillRule): a test must not leave a gap in a school's receipts or bills.
 */
export async function previewNumber(executor: Executor, tenantId: number, ruleCode: string, timeZone: string, now = new Date()): Promise<string> {
  const [row] = await executor.orm.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode)).limit(1);
  if (!row) throw new ApiError(FillRuleMessages.unknown(ruleCode));
  const rule = serialRuleOf(row);
  const period = periodOf(rule.resetCycle, now, timeZone);
  const [counter] = await executor.rows<{ value: string | number }>(
    sql`SELECT value FROM sys_fill_rule_counter WHERE tenant_id = ${tenantId} AND rule_code = ${ruleCode} AND period = ${period}`,
  );
  return formatNumber(rule, Number(counter?.value ?? 0) + 1, now, timeZone);
}

/**
 * `count` consecutive numbers of a rule with one counter update (a term's bills at once); the same
 * guarantees as nextNumber. (Added by billing.)
 */
export async function nextNumbers(executor: Executor, tenantId: number, ruleCode: string, count: number, timeZone: string, now = new Date()): Promise<string[]> {
  if (count <= 0) return [];
  const [row] = await executor.orm.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode)).limit(1);
  if (!row) throw new ApiError(FillRuleMessages.unknown(ruleCode));
  const rule = serialRuleOf(row);
  const period = periodOf(rule.resetCycle, now, timeZone);
  const [counter] = await executor.rows<{ value: string | number }>(sql`
    INSERT INTO sys_fill_rule_counter (tenant_id, rule_code, period, value) VALUES (${tenantId}, ${ruleCode}, ${period}, ${count})
    ON CONFLICT (tenant_id, rule_code, period) DO UPDATE SET value = sys_fill_rule_counter.value + ${count}
    RETURNING value`);
  const last = Number(counter!.value);
  const format = numberFormatter(rule, now, timeZone);
  return Array.from({ length: count }, (_, index) => format(last - count + 1 + index));
}
