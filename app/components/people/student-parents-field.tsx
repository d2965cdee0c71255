// The parents of the student form on the editable grid: a row chooses an existing parent (searched
// by name or phone, shown with his phone and children) or adds a new one (新家长姓名, 手机号, 邮箱),
// then 关系 and 付款人. Its value is the rows as JSON text (./student-parents.ts), which the form
// checks and the action turns into the backend's array; the student, his new parents and the links
// are saved in one backend transaction.
import { ONE_PAYER_MESSAGE, REPEATED_PARENT_MESSAGE, STUDENT_PARENT_FIELDS as FIELDS } from "#contract/modules/people";
import { NAMED_PATTERNS } from "#contract/modules/patterns";
import { GridTextField, type GridColumn, type GridRow } from "~/components/widgets/grid";
import { NEW_PARENT_LABELS, PARENT_OPTIONS_URL, PARENT_OR_NEW_MESSAGE, parseParentRows, serializeParentRows } from "./student-parents";

const PAYER = ["1", "0"] as const;
const chosenOrNew = { handler: (value: string, { row }: { row: GridRow }) => value !== "" || (row.newName ?? "").trim() !== "", message: PARENT_OR_NEW_MESSAGE };

const COLUMNS: GridColumn[] = [
  // Parents are many: searched page by page as the user types.
  {
    key: "parentId",
    title: FIELDS.parentId.label,
    type: "sel_search_async",
    dictCode: FIELDS.parentId.dict,
    searchUrl: PARENT_OPTIONS_URL,
    width: 240,
    validateRules: [chosenOrNew, { unique: true, message: REPEATED_PARENT_MESSAGE }],
  },
  { key: "newName", title: NEW_PARENT_LABELS.name, type: "input", width: 120, placeholder: "或新增家长" },
  { key: "newPhone", title: NEW_PARENT_LABELS.phone, type: "input", width: 130, validateRules: [{ pattern: "m", message: NAMED_PATTERNS.m.message }] },
  { key: "newEmail", title: NEW_PARENT_LABELS.email, type: "input", width: 170, validateRules: [{ pattern: "e", message: NAMED_PATTERNS.e.message }] },
  { key: "relation", title: FIELDS.relation.label, type: "select", dictCode: FIELDS.relation.dict, width: 110, validateRules: [{ required: true, message: FIELDS.relation.required }] },
  {
    key: "isPayer",
    title: FIELDS.isPayer.label,
    type: "checkbox",
    customValue: PAYER,
    width: 80,
    validateRules: [{ handler: (value, { rows }) => value !== PAYER[0] || rows.filter((row) => row.isPayer === PAYER[0]).length <= 1, message: ONE_PAYER_MESSAGE }],
  },
];

const toRows = (value: string | undefined) =>
  parseParentRows(value).map((row) => ({
    parentId: row.parentId,
    newName: row.parent?.name ?? "",
    newPhone: row.parent?.phone ?? "",
    newEmail: row.parent?.email ?? "",
    relation: row.relation,
    isPayer: row.isPayer ? PAYER[0] : PAYER[1],
  }));

function toText(rows: readonly GridRow[]): string {
  return serializeParentRows(
    rows.map((row) => {
      const parentId = row.parentId ?? "";
      const name = (row.newName ?? "").trim();
      const parent = !parentId && name ? { name, phone: (row.newPhone ?? "").trim(), email: (row.newEmail ?? "").trim() } : undefined;
      return { parentId, relation: row.relation ?? "", isPayer: row.isPayer === PAYER[0], ...(parent ? { parent } : {}) };
    }),
  );
}

export interface StudentParentsFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

export function StudentParentsField({ value, onChange, disabled }: StudentParentsFieldProps) {
  return <GridTextField value={value} onChange={onChange} disabled={disabled} columns={COLUMNS} prefix="parent" toRows={toRows} toText={toText} maxHeight={260} />;
}
