// The editor's preview (docs/spec/widgets.md §2, §9): the next 10 runs from the scheduler's own engine
// (contract/cron.ts), or 无执行时间, or why the expression is wrong.
import { CRON_PREVIEW_COUNT, CronMessages, compileCron, formatCronTime } from "#contract/cron";

export type CronPreview = { ok: true; runs: string[] } | { ok: false; error: string };

/** Debounce of the preview after a change, ms. */
export const PREVIEW_DEBOUNCE_MS = 500;

export function previewRuns(expression: string, timezone: string, after = new Date()): CronPreview {
  const check = compileCron(expression, timezone);
  if (!check.ok) return { ok: false, error: check.error };
  const runs = check.cron.nextRuns(CRON_PREVIEW_COUNT, after).map((date) => formatCronTime(date, timezone));
  return runs.length > 0 ? { ok: true, runs } : { ok: false, error: CronMessages.noRuns };
}
