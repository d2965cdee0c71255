// 角色管理 (/isystem/roleUserList, api-contract.md §7 sys_role): roles per tenant. The texts are
// JeecgBoot's RoleModal rules; a code is fixed once created (grants and data rules refer to it).
import { defineModule } from "./module";

export const roleModule = defineModule({
  title: "角色信息",
  table: "sys_role",
  api: "/sys/role",
  page: "/isystem/roleUserList",
  permissionPrefix: "role",
  fields: {
    roleName: { label: "角色名称", required: "请输入角色名称!", pattern: { regex: /^.{2,30}$/u, message: "长度在 2 到 30 个字符" }, show: { search: true } },
    roleCode: {
      label: "角色编码",
      required: "请输入角色编码!",
      pattern: { regex: /^[^\u4E00-\u9FA5]+$/, message: "角色编码不可输入汉字!" },
      maxLength: 64,
      unique: true,
      fixed: true,
      show: { search: true },
    },
    description: { label: "描述", type: "text", maxLength: 126 },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});
