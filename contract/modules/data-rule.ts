// 数据规则 (/isystem/dataRule, the original's PermissionDataRuleList; api-contract.md §4, §5
// sys_permission_data_rule): the row-level rules of a menu. A role chooses which of a menu's rules
// apply to it (角色管理 → 授权); the list reads them in backend/crud/data-rules.ts.
import { defineModule } from "./module";

export const dataRuleModule = defineModule({
  title: "数据规则",
  table: "sys_permission_data_rule",
  api: "/sys/permissionDataRule",
  page: "/isystem/dataRule",
  permissionPrefix: "dataRule",
  fields: {
    // Menus only (no buttons): the table dictionary's scope says so (backend).
    permissionId: { label: "菜单", dict: "sys_permission,name,id", required: "请选择菜单!", show: { search: true } },
    ruleName: { label: "规则名称", required: "请输入规则名称!", maxLength: 50, show: { search: true } },
    ruleColumn: {
      label: "规则字段",
      pattern: { regex: /^[A-Za-z_][A-Za-z0-9_]*$/, message: "规则字段须为实体属性名（字母、数字、下划线）" },
      maxLength: 50,
    },
    ruleConditions: { label: "条件规则", dict: "rule_conditions", required: "请选择条件规则!" },
    ruleValue: { label: "规则值", required: "请输入规则值!", maxLength: 300 },
    status: { label: "状态", dict: "valid_status", required: "请选择状态!" },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

export const DataRuleAdminMessages = {
  noSql: "不支持自定义SQL表达式，请使用其他条件",
  columnRequired: "请输入规则字段!",
  notMenu: "所选菜单不存在",
} as const;
