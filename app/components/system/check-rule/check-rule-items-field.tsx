// The rule editor of 校验规则: rule_json's items on the editable grid (位数, 规则, 提示文本), in the
// order they run. Its value is the items as JSON text, checked by the form and by the backend.
import { checkRuleRowProblem, CheckRuleRowMessages, parseCheckRuleRows, serializeCheckRuleRows } from "#contract/modules/check-rule";
import { GridTextField, type GridColumn, type GridRow } from "~/components/widgets/grid";

const COLUMNS: GridColumn[] = [
  {
    key: "digits",
    title: "位数",
    type: "input",
    width: 110,
    defaultValue: "*",
    placeholder: "数字或*",
    validateRules: [{ handler: (value) => checkRuleRowProblem({ digits: String(value ?? ""), pattern: "x", message: "x" }) === null, message: CheckRuleRowMessages.digits }],
  },
  {
    key: "pattern",
    title: "规则（正则表达式）",
    type: "input",
    width: 260,
    validateRules: [
      { required: true, message: CheckRuleRowMessages.pattern },
      { handler: (value) => checkRuleRowProblem({ digits: "*", pattern: String(value ?? ""), message: "x" }) !== CheckRuleRowMessages.badPattern, message: CheckRuleRowMessages.badPattern },
    ],
  },
  { key: "message", title: "提示文本", type: "input", width: 240, validateRules: [{ required: true, message: CheckRuleRowMessages.message }] },
];

function toText(rows: readonly GridRow[]): string {
  return serializeCheckRuleRows(rows.map((row) => ({ digits: String(row.digits ?? ""), pattern: String(row.pattern ?? ""), message: String(row.message ?? "") })));
}

export interface CheckRuleItemsFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

export function CheckRuleItemsField({ value, onChange, disabled }: CheckRuleItemsFieldProps) {
  return <GridTextField value={value} onChange={onChange} disabled={disabled} columns={COLUMNS} prefix="rule" toRows={(text) => parseCheckRuleRows(text).map((row) => ({ ...row }))} toText={toText} dragSort maxHeight={260} />;
}

/** The form's check of the items text (the same rules as the grid's and the backend's). */
export function checkRuleItemsProblem(text: string | undefined): string | null {
  const rows = parseCheckRuleRows(text);
  if (rows.length === 0) return CheckRuleRowMessages.none;
  for (const [index, row] of rows.entries()) {
    const problem = checkRuleRowProblem(row);
    if (problem) return `第${index + 1}条规则：${problem}`;
  }
  return null;
}
