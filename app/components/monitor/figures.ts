// How 性能监控 shows its figures (pure, unit-tested in tests/unit/monitor-figures.test.ts).
export { formatBytes } from "~/components/widgets/list/export-excel";

/** `3天4小时5分` style durations; under a minute in seconds. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return `${seconds}秒`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  return [days ? `${days}天` : "", hours ? `${hours}小时` : "", `${minutes}分`].join("");
}

/** The share `used / total` in percent, one decimal; 0 when there is no total. */
export function percentOf(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 1000) / 10 : 0;
}

/** The colour of an HTTP status in the trace: errors red, client refusals orange. */
export function statusColor(status: number): "success" | "warning" | "error" {
  if (status >= 500 || status === 499) return "error";
  if (status >= 400) return "warning";
  return "success";
}
