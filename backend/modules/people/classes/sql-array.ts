// A text[] parameter: drizzle spreads a JS array into a row of parameters, so arrays travel as
// one array literal ('{"a","b"}'), each element quoted and escaped.
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}
