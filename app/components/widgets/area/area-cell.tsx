// The area selector as an editable-grid cell type `area` (docs/spec/widgets.md §2; grid API:
// installCellType). Install it once where a grid has area columns: `installAreaCell()`.
import { installCellType, type CellProps } from "../grid";
import { AreaSelect } from "./index";

function AreaCell({ column, value, disabled, onChange, onBlur, placeholder, status }: CellProps) {
  return <AreaSelect aria-label={column.title} value={value} disabled={disabled} onChange={onChange} onBlur={onBlur} placeholder={placeholder} status={status} size="small" />;
}

let installed = false;

export function installAreaCell(): void {
  if (installed) return;
  installCellType("area", AreaCell);
  installed = true;
}
