// sys_category as an engine entity (contract §5): a shared tree (root pid '0') with hierarchical
// codes; also a table dictionary and tree table for the selects.
import { sysCategory } from "../../../db/schema";
import { defineEntity } from "../../../crud/entity";
import { registerDictTable } from "../../../crud/table-dict";

export const CATEGORY_ROOT_PID = "0";

export const categoryEntity = defineEntity(sysCategory, { defaultSort: { property: "code", order: "asc" } });

registerDictTable({
  entity: categoryEntity,
  columns: ["id", "code", "name", "pid"],
  tree: { pidColumns: ["pid"], hasChildColumns: ["has_child"] },
});
