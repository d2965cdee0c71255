// The students of a third-party activity on the editable grid (学生, 备注): its value is the rows as
// JSON text, which the action posts as the backend's array; saved with the activity in one
// backend transaction.
import { REPEATED_STUDENT_MESSAGE, THIRD_PARTY_STUDENT_FIELDS as FIELDS } from "#contract/modules/activity";
import { GridTextField, type GridColumn, type GridRow } from "~/components/widgets/grid";

const COLUMNS: GridColumn[] = [
  {
    key: "studentId",
    title: FIELDS.studentId.label,
    type: "sel_search_async",
    dictCode: FIELDS.studentId.dict,
    width: 240,
    validateRules: [{ required: true, message: FIELDS.studentId.required }, { unique: true, message: REPEATED_STUDENT_MESSAGE }],
  },
  { key: "remark", title: FIELDS.remark.label, type: "input", width: 240 },
];

export interface ThirdPartyStudentRow {
  studentId: string;
  remark: string;
}

export function parseStudentRows(text: string | undefined): ThirdPartyStudentRow[] {
  try {
    const parsed = JSON.parse(text || "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as ThirdPartyStudentRow[]) : [];
  } catch {
    return [];
  }
}

function toText(rows: readonly GridRow[]): string {
  return JSON.stringify(rows.map((row) => ({ studentId: row.studentId ?? "", remark: row.remark ?? "" })));
}

const toRows = (text: string | undefined) => parseStudentRows(text).map((row) => ({ studentId: row.studentId, remark: row.remark ?? "" }));

export function ThirdPartyStudentsField({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  return <GridTextField value={value} onChange={onChange} disabled={disabled} columns={COLUMNS} prefix="third_party_student" toRows={toRows} toText={toText} />;
}
