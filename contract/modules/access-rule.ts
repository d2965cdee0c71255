// 访问控制 (/isystem/accessRule, issue #34 item 4, docs/decisions/134): allow and block lists of
// addresses and networks (IPv4 and IPv6, one address or a CIDR network), for the platform (租户ID 0:
// every request) or for one school (requests in that tenant). Checked by the backend at sign-in and
// on every request (backend/security/address-rules.ts); only a platform administrator manages them.
import { defineModule } from "./module";

/** Loose shape of an address or CIDR network; the backend parses it for real (node:net). */
const ADDRESS_OR_NETWORK = /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/;

export const ACCESS_RULE_TYPES = { allow: "allow", block: "block" } as const;
export type AccessRuleType = (typeof ACCESS_RULE_TYPES)[keyof typeof ACCESS_RULE_TYPES];

/**
 * Answers `true` to a signed-in call whose address the rules admit, and refuses it as every call
 * is refused otherwise: the web app's notice stream asks it before each delivery and every minute
 * (docs/decisions/146).
 */
export const ACCESS_CHECK_PATH = "/sys/accessRule/admitted";

/** 租户ID of a rule that applies to every request, whatever the tenant. */
export const PLATFORM_SCOPE = 0;

export const accessRuleModule = defineModule({
  title: "访问控制",
  table: "sys_access_rule",
  api: "/sys/accessRule",
  page: "/isystem/accessRule",
  permissionPrefix: "accessRule",
  fields: {
    ruleType: { label: "规则类型", dict: "access_rule_type", required: "请选择规则类型!", show: { search: true } },
    address: {
      label: "地址或网段",
      required: "请输入地址或网段!",
      pattern: { regex: ADDRESS_OR_NETWORK, message: "请输入IP地址或CIDR网段，如 192.168.1.10、10.0.0.0/8、2001:db8::/32" },
      maxLength: 100,
      show: { search: true },
    },
    tenantId: { label: "租户ID", type: "int", required: "请输入租户ID（0表示平台）!", show: { search: true } },
    status: { label: "状态", type: "int", dict: "valid_status", required: "请选择状态!", show: { search: true } },
    description: { label: "备注", maxLength: 200 },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

export const AccessRuleMessages = {
  /** The answer to a request or a sign-in from an address the rules refuse. */
  refused: "当前IP地址不允许访问",
  platformOnly: "只有平台管理员可以管理访问控制",
  badAddress: "地址或网段格式不正确，请输入IP地址或CIDR网段，如 192.168.1.10、10.0.0.0/8、2001:db8::/32",
  badType: "规则类型只能是允许或禁止",
  badTenant: "租户不存在（0表示平台）",
  selfLockout: (address: string) => `保存后当前IP地址（${address}）将无法访问，不能保存此规则`,
} as const;
