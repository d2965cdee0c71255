// Personal data of a module definition (issue #34 item 1, docs/decisions/087): a field marked
// `sensitive` with its kind is masked by the backend in every answer to a caller without the
// module's `<prefix>:viewSensitive` button (查看敏感信息). The masks keep what a reader needs to
// tell two values apart and hide the rest, as JeecgBoot's SensitiveInfoUtil does per kind:
// `FR64****52`, `138****5678`, `z***@example.com`.

/** What a sensitive value is: it decides its mask. */
export type SensitiveKind = "idNumber" | "phone" | "email" | "name" | "address" | "bankAccount" | "wechat";

/** Every kind, in the order 表单开发's field grid offers them. */
export const SENSITIVE_KINDS = ["idNumber", "phone", "email", "name", "address", "bankAccount", "wechat"] as const satisfies readonly SensitiveKind[];

/** A kind's name where an administrator chooses it (表单开发 → 字段 → 敏感). */
export const SENSITIVE_KIND_LABELS: Readonly<Record<SensitiveKind, string>> = {
  idNumber: "证件号",
  phone: "手机号",
  email: "邮箱",
  name: "姓名",
  address: "地址",
  bankAccount: "银行卡号",
  wechat: "微信号",
};

export function isSensitiveKind(value: unknown): value is SensitiveKind {
  return typeof value === "string" && (SENSITIVE_KINDS as readonly string[]).includes(value);
}

/** The action of a module's button that shows its sensitive fields in full. */
export const VIEW_SENSITIVE_ACTION = "viewSensitive";
/** The button's name in 角色管理 → 授权. */
export const VIEW_SENSITIVE_NAME = "查看敏感信息";

/** `student:viewSensitive` of the permission prefix `student`. */
export function viewSensitiveCode<Prefix extends string>(permissionPrefix: Prefix): `${Prefix}:${typeof VIEW_SENSITIVE_ACTION}` {
  return `${permissionPrefix}:${VIEW_SENSITIVE_ACTION}`;
}

const STARS = "****";

/** `keep` first and `tail` last characters around four stars; short values keep less. */
function around(value: string, keep: number, tail: number): string {
  const characters = [...value];
  // At least two characters of a short value are hidden.
  while (keep + tail > 0 && keep + tail > characters.length - 2) {
    if (tail >= keep && tail > 0) tail -= 1;
    else keep -= 1;
  }
  return characters.slice(0, keep).join("") + STARS + (tail > 0 ? characters.slice(-tail).join("") : "");
}

/** The value as a caller without the right sees it (empty values stay empty). */
export function maskValue(kind: SensitiveKind, value: string): string {
  if (value === "") return value;
  switch (kind) {
    case "idNumber":
      return around(value, 4, 2);
    case "phone":
      return around(value, 3, 4);
    case "email": {
      const at = value.lastIndexOf("@");
      if (at <= 0) return around(value, 1, 0);
      return `${[...value.slice(0, at)][0]}***${value.slice(at)}`;
    }
    case "name":
      return `${[...value][0]}**`;
    case "address":
      return around(value, 6, 0);
    case "bankAccount":
      return around(value, 6, 4);
    case "wechat":
      return around(value, 3, 2);
  }
}

/** A value that is a mask (as posted back by a form that showed it masked). */
export function isMasked(value: unknown): boolean {
  return typeof value === "string" && value.includes("***");
}
