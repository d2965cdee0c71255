// The parents of the student form on the editable grid (家长, 关系, 付款人): its value is the rows as
// JSON text (./student-parents.ts), which the form checks and the action turns into the backend's
// array; the student and its parents are saved in one backend transaction.
import { ONE_PAYER_MESSAGE, REPEATED_PARENT_MESSAGE, STUDENT_PARENT_FIELDS as FIELDS } from "#contract/modules/people";
import { GridTextField, type GridColumn, type GridRow } from "~/components/widgets/grid";
import { parseParentRows, serializeParentRows } from "./student-parents";

const PAYER = ["1", "0"] as const;

const COLUMNS: GridColumn[] = [
  // Parents are many: searched page by page as the user types.
  {
    key: "parentId",
    title: FIELDS.parentId.label,
    type: "sel_search_async",
    dictCode: FIELDS.parentId.dict,
    width: 240,
    validateRules: [{ required: true, message: FIELDS.parentId.required }, { unique: true, message: REPEATED_PARENT_MESSAGE }],
  },
  { key: "relation", title: FIELDS.relation.label, type: "select", dictCode: FIELDS.relation.dict, width: 140, validateRules: [{ required: true, message: FIELDS.relation.required }] },
  {
    key: "isPayer",
    title: FIELDS.isPayer.label,
    type: "checkbox",
    customValue: PAYER,
    width: 100,
    validateRules: [{ handler: (value, { rows }) => value !== PAYER[0] || rows.filter((row) => row.isPayer === PAYER[0]).length <= 1, message: ONE_PAYER_MESSAGE }],
  },
];

const toRows = (text: string | undefined) => parseParentRows(text).map((row) => ({ parentId: row.parentId, relation: row.relation, isPayer: row.isPayer ? PAYER[0] : PAYER[1] }));

function toText(rows: readonly GridRow[]): string {
  return serializeParentRows(rows.map((row) => ({ parentId: row.parentId ?? "", relation: row.relation ?? "", isPayer: row.isPayer === PAYER[0] })));
}

export interface StudentParentsFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

export function StudentParentsField({ value, onChange, disabled }: StudentParentsFieldProps) {
  return <GridTextField value={value} onChange={onChange} disabled={disabled} columns={COLUMNS} prefix="parent" toRows={toRows} toText={toText} maxHeight={260} />;
}
