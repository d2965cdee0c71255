// 职务管理 (/isystem/position, api-contract.md §5 sys_position): positions per tenant.
import { defineModule } from "./module";

export const positionModule = defineModule({
  title: "职务信息",
  table: "sys_position",
  api: "/sys/position",
  page: "/isystem/position",
  permissionPrefix: "position",
  fields: {
    // The school's 通用编码规则 (check rule `common`): a letter first, 3 to 12 characters.
    code: { label: "职务编码", required: "请输入职务编码!", pattern: "code", maxLength: 100, unique: true, checkRule: "common", fixed: true, show: { search: true } },
    name: { label: "职务名称", required: "请输入职务名称!", maxLength: 100, show: { search: true } },
    postRank: { label: "职级", dict: "position_rank" },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});
