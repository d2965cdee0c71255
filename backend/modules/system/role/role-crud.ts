// The role page's CRUD (/sys/role, api-contract.md §7 "Other base paths"): roles belong to a
// tenant; the role list is also the role picker, so it needs a signed-in user only. Role codes
// are unique within the tenant (migration 0002) and fixed once created: grants and data rules
// of other systems refer to them.
import { and, eq, ne } from "drizzle-orm";
import { sysRole } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import { roleModule } from "#contract/modules/role";
import { type SaveContext } from "../../../crud/engine";
import { createModuleCrud } from "../../../crud/module";
import type { CrudContext, Executor } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { findRow } from "../../../crud/store";
import { roleEntity } from "./role-entity";
import { requireRoleManageable } from "../permission/delegation";

export const ROLE_PAGE = roleModule.page;

/** What the role picker shows (app/components/widgets/pickers: PICKER_FIELDS.role). */
export const ROLE_PICKER_COLUMNS = ["id", "roleName", "roleCode"] as const;

export const RoleMessages = {
  codeTaken: "角色编码已存在",
  codeEmpty: "角色编码不能为空",
  badRole: "参数不正确",
} as const;

async function beforeSave(save: SaveContext): Promise<void> {
  // The code is fixed (the definition refuses another one on edit); a new one must be free.
  if (save.operation === "edit") {
    await requireRoleManageable(save.tx, save, save.id);
    return;
  }
  const code = String(save.values.roleCode ?? "");
  const [taken] = await save.tx.orm
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(and(eq(sysRole.roleCode, code), eq(sysRole.tenantId, save.tenantId), ne(sysRole.id, save.id)))
    .limit(1);
  if (taken) throw new ApiError(RoleMessages.codeTaken);
}

// The module definition on the engine, per tenant; the list is also the role picker, so it needs
// a signed-in user only. Excel is JeecgBoot's role sheet, codes unique within the tenant.
export const roleCrud = createModuleCrud(roleModule, {
  table: sysRole,
  entity: { tenantColumn: "tenant_id" },
  access: { list: "user" },
  pickerColumns: ROLE_PICKER_COLUMNS,
  hooks: {
    beforeSave,
    // Only the platform administrator removes the platform administrator role (decision 007).
    beforeDelete: async (remove) => {
      for (const id of remove.ids) await requireRoleManageable(remove.tx, remove, id);
    },
  },
});

/** The role `roleId` if the caller's tenant has it; otherwise 未找到对应数据. */
export async function requireRole(executor: Executor, context: CrudContext, roleId: unknown): Promise<string> {
  const id = singleId(roleId);
  if (!id) throw new ApiError(RoleMessages.badRole);
  if (!(await findRow(executor, roleEntity, id, roleCrud.visibility(context)))) throw notFound();
  return id;
}
