// 租户管理 (/isystem/tenant, api-contract.md §5 sys_tenant, §7 /sys/tenant): the schools of the
// installation. A tenant's number is given by the server; only a platform administrator changes
// tenants, and a tenant that still has users cannot be deleted (backend/modules/system/tenant).
import { defineModule } from "./module";

export const tenantModule = defineModule({
  title: "租户信息",
  table: "sys_tenant",
  api: "/sys/tenant",
  page: "/isystem/tenant",
  permissionPrefix: "tenant",
  fields: {
    id: { label: "租户编号", type: "int", readOnly: true, show: { excel: false, search: true } },
    name: { label: "租户名称", required: "请输入租户名称!", maxLength: 100, show: { search: true } },
    beginDate: { label: "开始时间", type: "datetime" },
    endDate: { label: "结束时间", type: "datetime" },
    status: { label: "状态", type: "int", dict: "tenant_status", required: "请选择状态!", show: { search: true } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

/** The refusals of the tenant module (the original's words where it has them). */
export const TenantMessages = {
  platformOnly: "只有平台管理员可以管理租户",
  endBeforeBegin: "结束时间不能早于开始时间",
  hasUsers: (name: string, count: number) => `租户「${name}」下还有${count}个用户，不能删除！请先移除这些用户`,
} as const;
