// The grid's validation patterns (docs/spec/widgets.md §5 "Named patterns", "Other patterns") and the
// rule builders with their messages. Pure; unit-tested in tests/unit/widget-grid-validation.test.ts.

/** spec §5 "Named patterns": the names a column's `pattern` may give instead of a regular expression. */
export const NAMED_PATTERNS: Readonly<Record<string, RegExp>> = {
  "n6-16": /^\d{6,16}$/,
  "*6-16": /^[\s\S]{6,16}$/,
  "s6-18": /^[A-Za-z]{6,18}$/,
  url: /^(?:https?|ftp):\/\/[\w-]+(?:\.[\w-]+)+(?:[\w.,@?^=%&:/~+#-]*[\w@?^=%&/~+#-])?$/,
  e: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}$/,
  m: /^1[3-9]\d{9}$/,
  p: /^\d{6}$/,
  s: /^[A-Za-z]+$/,
  n: /^-?\d+(?:\.\d+)?$/,
  z: /^-?\d+$/,
  "*": /\S/,
  money: /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/,
};

/** spec §5 "Other patterns": the validator library of the forms, by name. */
export const OTHER_PATTERNS: Readonly<Record<string, RegExp>> = {
  naturalNumber: /^(?:0|[1-9]\d*)$/,
  englishLetters: /^[A-Za-z]+$/,
  landline: /^(?:0\d{2,3}-?)?\d{7,8}$/,
  bankCard: /^\d{10,20}$/,
  idNumber: /^[A-Za-z0-9]{1,50}$/,
  mainlandIdCard: /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  qq: /^[1-9]\d{4,10}$/,
  httpUrl: /^https?:\/\/\S+$/,
  alphanumeric20: /^[A-Za-z0-9]{0,20}$/,
  chineseEnglishSpace: /^[\u4e00-\u9fa5A-Za-z ]{2,100}$/,
  digitsAndLineFeeds: /^[\d\n]*$/,
  upTo255: /^[\s\S]{0,255}$/,
};

/** The regular expression of a rule's `pattern`: a named pattern, a RegExp, or a regex source. */
export function resolvePattern(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern;
  const named = NAMED_PATTERNS[pattern] ?? OTHER_PATTERNS[pattern];
  if (named) return named;
  return new RegExp(pattern);
}

/** spec §5 "Builders": a required text with a minimum length. */
export function minLengthRule(length: number) {
  return {
    handler: (value: unknown) => String(value ?? "").length >= length,
    message: `最小长度${length}位字符`,
  };
}

/** spec §5 "Builders": a required text with a maximum length. */
export function maxLengthRule(length: number) {
  return {
    handler: (value: unknown) => String(value ?? "").length <= length,
    message: `最大长度${length}位字符`,
  };
}

function chosenCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return String(value ?? "")
    .split(",")
    .filter((part) => part !== "").length;
}

/** spec §5 "Builders": a checkbox group with at least `count` choices. */
export function minChoicesRule(count: number) {
  return { handler: (value: unknown) => chosenCount(value) >= count, message: `最少选择${count}项` };
}

/** spec §5 "Builders": a checkbox group with at most `count` choices. */
export function maxChoicesRule(count: number) {
  return { handler: (value: unknown) => chosenCount(value) <= count, message: `最多选择${count}项` };
}
