// A plain Chinese description of a Quartz expression (cronstrue, zh_CN). The library and its
// locales are loaded on first use only, so pages without a cron editor never download them.
type Cronstrue = { toString(expression: string, options: Record<string, unknown>): string };

let loading: Promise<Cronstrue> | null = null;

function loadCronstrue(): Promise<Cronstrue> {
  loading ??= import("cronstrue/i18n").then((module) => (module as unknown as { default: Cronstrue }).default);
  return loading;
}

/** The description, or "" when cronstrue cannot read the expression (the preview says why). */
export async function describeCron(expression: string): Promise<string> {
  const cronstrue = await loadCronstrue();
  try {
    // Quartz numbers weekdays from 1 (Sunday).
    return cronstrue.toString(expression, { locale: "zh_CN", dayOfWeekStartIndexZero: false, use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return "";
  }
}
