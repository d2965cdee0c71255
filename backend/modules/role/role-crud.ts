// The role page's CRUD (/sys/role, api-contract.md §7 "Other base paths"): roles belong to a
// tenant; the role list is also the role picker, so it needs a signed-in user only. Role codes
// are unique within the tenant (migration 0002) and fixed once created: grants and data rules
// of other systems refer to them.
import { and, eq, ne } from "drizzle-orm";
import { sysRole } from "../../db/schema";
import { ApiError } from "../../http/envelope";
import { createCrud, type SaveContext } from "../../crud/engine";
import type { CrudContext, Executor } from "../../crud/context";
import { notFound, singleId } from "../../crud/crud-messages";
import { findRow } from "../../crud/store";
import { roleEntity } from "./role-entity";

export const ROLE_PAGE = "/isystem/roleUserList";

export const RoleMessages = {
  codeTaken: "角色编码已存在",
  codeEmpty: "角色编码不能为空",
  codeFixed: "角色编码不允许修改",
  badRole: "参数不正确",
} as const;

async function beforeSave(save: SaveContext): Promise<void> {
  if (save.operation === "edit") {
    if (save.values.roleCode !== undefined && save.values.roleCode !== save.existing?.roleCode) throw new ApiError(RoleMessages.codeFixed);
    delete save.values.roleCode;
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

export const roleCrud = createCrud({
  basePath: "/sys/role",
  entity: roleEntity,
  table: sysRole,
  pagePath: ROLE_PAGE,
  permissionPrefix: "role",
  access: { list: "user" },
  body: {
    fields: {
      roleName: { label: "角色名称", required: "请输入角色名称!" },
      roleCode: {
        label: "角色编码",
        required: "请输入角色编码!",
        pattern: /^[^\u4E00-\u9FA5]+$/,
        patternMessage: "角色编码不可输入汉字!",
      },
      description: { label: "描述" },
    },
  },
  // JeecgBoot's role sheet; codes are unique within the tenant (beforeSave checks the same).
  excel: {
    title: "角色信息",
    columns: [
      { property: "roleName", title: "角色名称", required: true },
      { property: "roleCode", title: "角色编码", required: true },
      { property: "description", title: "描述" },
    ],
    unique: ["roleCode"],
  },
  hooks: { beforeSave },
});

/** The role `roleId` if the caller's tenant has it; otherwise 未找到对应数据. */
export async function requireRole(executor: Executor, context: CrudContext, roleId: unknown): Promise<string> {
  const id = singleId(roleId);
  if (!id) throw new ApiError(RoleMessages.badRole);
  if (!(await findRow(executor, roleEntity, id, roleCrud.visibility(context)))) throw notFound();
  return id;
}
