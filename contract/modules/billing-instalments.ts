// Instalments (分期) of a bill and late fees (滞纳金), the pure part (issue #33 item 1,
// docs/decisions/159): amounts in fen (bigint), dates as yyyy-MM-dd text. The backend plans and
// keeps them (backend/modules/billing/bill/instalments.ts); the bill page shows the same figures.
import { fenToYuan, minFen, percentOfFen, toFen } from "../money";

/** At most this many instalments on a bill, and on a project's plan. */
export const MAX_INSTALMENTS = 12;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in yyyy-MM-dd. */
export function isDateText(value: unknown): value is string {
  if (typeof value !== "string" || !DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The same day `months` months after `first`, on the month's last day when it has no such day. */
export function addMonths(first: string, months: number): string {
  const [year, month, day] = first.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** `count` due dates one month apart from `first`. */
export function monthlyDates(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addMonths(first, index));
}

/** Days from `from` to `to` (both yyyy-MM-dd): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `total` in `count` equal parts to the fen; the remainder fen go on the last (1000.00 / 3: 333.33, 333.33, 333.34). */
export function splitEvenly(total: bigint, count: number): bigint[] {
  if (count < 1) return [];
  const part = total / BigInt(count);
  const parts = Array.from({ length: count }, () => part);
  parts[count - 1] = total - part * BigInt(count - 1);
  return parts;
}

export interface InstalmentAmount {
  dueDate: string;
  amount: bigint;
}

/**
 * A bill's instalments from the parts of its projects: each part split evenly over its own due
 * dates, the parts falling due on the same day added together, in date order. Fewer than two
 * dates: no instalments (the bill is due at once, on its own due date).
 */
export function mergeInstalments(parts: ReadonlyArray<{ amount: bigint; dueDates: readonly string[] }>): InstalmentAmount[] {
  const byDate = new Map<string, bigint>();
  for (const part of parts) {
    if (part.dueDates.length === 0) continue;
    splitEvenly(part.amount, part.dueDates.length).forEach((amount, index) => {
      const date = part.dueDates[index]!;
      byDate.set(date, (byDate.get(date) ?? 0n) + amount);
    });
  }
  if (byDate.size < 2) return [];
  return [...byDate.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)).map(([dueDate, amount]) => ({ dueDate, amount }));
}

/** dict instalment state shown in the sub-table (状态). */
export const InstalmentState = { unpaid: "未付", partial: "部分", paid: "已付", overdue: "逾期" } as const;

export interface InstalmentFigures {
  seq: number;
  dueDate: string;
  amount: string;
  paid: string;
  balance: string;
  state: string;
}

/**
 * What each instalment has received: the bill's paid amount goes to the earliest due first; its
 * balance and state (逾期 when something of it is open after its due date, `today`).
 */
export function instalmentFigures(instalments: readonly InstalmentAmount[], paidFen: bigint, today: string): InstalmentFigures[] {
  let left = paidFen < 0n ? 0n : paidFen;
  return instalments.map((instalment, index) => {
    const paid = minFen(left, instalment.amount < 0n ? 0n : instalment.amount);
    left -= paid;
    const balance = instalment.amount - paid;
    const state =
      balance <= 0n ? InstalmentState.paid : instalment.dueDate < today ? InstalmentState.overdue : paid > 0n ? InstalmentState.partial : InstalmentState.unpaid;
    return { seq: index + 1, dueDate: instalment.dueDate, amount: fenToYuan(instalment.amount), paid: fenToYuan(paid), balance: fenToYuan(balance), state };
  });
}

/**
 * The instalments after the bill's payable changed (a late fee, a 减免, an edit), so that they sum
 * to it again: more is owed on the earliest instalment still open (a late fee is due with what is
 * overdue), less is taken from the last ones first, none below zero.
 */
export function reconcileInstalments(instalments: readonly InstalmentAmount[], payableFen: bigint, paidFen: bigint): InstalmentAmount[] {
  const next = instalments.map((instalment) => ({ ...instalment }));
  if (next.length === 0) return next;
  let delta = payableFen - next.reduce((sum, instalment) => sum + instalment.amount, 0n);
  if (delta > 0n) {
    let cumulative = 0n;
    const open = next.find((instalment) => (cumulative += instalment.amount) > paidFen) ?? next[next.length - 1]!;
    open.amount += delta;
    return next;
  }
  for (let index = next.length - 1; index >= 0 && delta < 0n; index -= 1) {
    const taken = minFen(next[index]!.amount, -delta);
    next[index]!.amount -= taken;
    delta += taken;
  }
  return next;
}

/** dict late_fee_mode: a daily amount or percent, or a one-off amount or percent. */
export const LateFeeMode = { dailyAmount: "1", dailyPercent: "2", onceAmount: "3", oncePercent: "4" } as const;

export interface LateFeeRule {
  mode: string;
  /** The amount (yuan) or the percent, by mode. */
  value: string;
  /** Days overdue before the fee starts: charged when more days than this have passed. */
  days: number;
  /** The most the rule charges on one bill (yuan); null: no cap. */
  cap: string | null;
}

/**
 * The fee one day adds for one project of an overdue bill, in fen: `baseFen` is the project's part of
 * the bill (for a percent), `chargedFen` what the rule has charged on the bill so far. A one-off fee
 * is charged once; every fee stops at the cap. 0 when nothing is due today.
 */
export function lateFeeOfDay(rule: LateFeeRule, daysOverdue: number, baseFen: bigint, chargedFen: bigint): bigint {
  if (daysOverdue <= rule.days) return 0n;
  const once = rule.mode === LateFeeMode.onceAmount || rule.mode === LateFeeMode.oncePercent;
  if (once && chargedFen > 0n) return 0n;
  const percent = rule.mode === LateFeeMode.dailyPercent || rule.mode === LateFeeMode.oncePercent;
  let fee = percent ? percentOfFen(baseFen < 0n ? 0n : baseFen, rule.value) : toFen(rule.value);
  if (rule.cap !== null) fee = minFen(fee, toFen(rule.cap) - chargedFen);
  return fee > 0n ? fee : 0n;
}

/** The line name of a project's late fee on a bill. */
export const lateFeeLineName = (projectName: string) => `滞纳金：${projectName}`.slice(0, 100);
