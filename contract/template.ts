// Message templates (消息模板): `${name}` placeholders filled from named values. Plain text
// substitution only: a placeholder names a value, it is never evaluated.

/** `${name}`: letters, digits, `_`, `.` or CJK characters, spaces around the name allowed. */
const PLACEHOLDER = /\$\{\s*([\w.\u4e00-\u9fff]+)\s*\}/g;

export type TemplateValues = Readonly<Record<string, string | number | bigint | null | undefined>>;

export interface RenderedTemplate {
  text: string;
  /** Placeholders without a value, each once, in order of appearance (left as written in `text`). */
  missing: string[];
}

export function renderTemplate(content: string, values: TemplateValues): RenderedTemplate {
  const missing: string[] = [];
  const text = content.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null) {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return String(value);
  });
  return { text, missing };
}

/** The placeholder names of a template, each once. */
export function templatePlaceholders(content: string): string[] {
  return [...new Set(Array.from(content.matchAll(PLACEHOLDER), (match) => match[1]!))];
}

/** The error of a render with missing values, in the user's words. */
export function missingValuesMessage(missing: readonly string[]): string {
  return `模板参数缺失: ${missing.join(", ")}`;
}
