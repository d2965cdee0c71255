// User-visible texts fixed by the specification and the wire contract. Kept verbatim.
export const Messages = {
  // docs/spec/api-contract.md §1-§2
  tokenInvalid: "Token失效，请重新登录!",
  tokenIllegal: "token非法无效!",
  userMissing: "用户不存在!",
  userLocked: "账号已被锁定,请联系管理员!",
  tenantChanged: "用户租户信息变更,请重新登陆!",
  noPermission: "没有权限，请联系管理员授权",
  pathNotFound: "路径不存在，请检查路径是否正确",
  methodNotAllowed: "请求方式不支持",
  operationFailed: "操作失败，",
  duplicateRecord: "数据库中已存在该记录",
  loginSuccess: "登录成功",
  wrongCredentials: "用户名或密码错误",
  userDeleted: "该用户已注销",
  userFrozen: "该用户已冻结",
  tenantsFrozen: "与该用户关联的租户均已被冻结，无法登录！",
  logoutSuccess: "退出登录成功！",
  logoutFailed: "退出登录失败！",
  logoutTokenInvalid: "Token无效!",
  signFailed: "Sign签名校验失败！",
  signIncomplete: "Sign签名校验失败，请求参数不完整！",
  signExpired: "签名验证失败，请求时效性验证失败！",
  // password change (SysUserController.updatePassword)
  oldPasswordWrong: "旧密码输入错误!",
  newPasswordEmpty: "新密码不允许为空!",
  passwordsDiffer: "两次输入密码不一致!",
  passwordChanged: "密码修改成功!",
  // sign-in guard and password policy (issue #10; docs/decisions/010-011)
  captchaMissing: "验证码无效",
  captchaWrong: "验证码错误",
  captchaChecked: "验证码正确",
  captchaTooFrequent: "验证码请求过于频繁，请稍后再试",
  // JeecgBoot's strong-password message (its user form), now the backend's too
  passwordPolicy: "密码由8位数字、大小写字母和特殊符号组成!",
  passwordIsUsername: "密码不能与用户名相同",
  passwordChangeRequired: "首次登录或密码已被管理员重置，请先修改密码",
  userUnlocked: "解锁成功!",
  passwordUnchanged: "新密码不能与旧密码相同",
  // issue #34 item 3 (docs/decisions/088)
  passwordReused: "新密码不能与最近5次使用过的密码相同",
  // docs/spec/app-shell.md §5
  oldPasswordRequired: "请输入旧密码!",
  newPasswordRequired: "请输入新密码!",
  confirmPasswordRequired: "请确认新密码!",
  confirmPasswordMismatch: "两次输入的密码不一样！",
  usernameRequired: "请输入用户名",
  usernamePattern: "只允许字母、数字、下划线",
  usernameLength: "长度6到18个字符",
  passwordRequired: "请输入密码",
  mobileRequired: "请输入手机号",
  mobilePattern: "请输入正确手机号",
  emailPattern: "邮箱格式不正确",
  // docs/spec/app-shell.md §8
  forbidden: "拒绝访问",
  sessionExpiredTitle: "登录已过期",
  sessionExpired: "很抱歉，登录已过期，请重新登录",
  relogin: "重新登录",
  resourceNotFound: "很抱歉，资源未找到!",
  networkTimeout: "网络超时",
  notificationTitle: "系统提示",
  emptyMenu: "permissions must be a non-null array",
} as const;

/**
 * The refusal of a client address that failed too often, across all user names (issue #27 item 6,
 * docs/decisions/132): says when to try again, in whole seconds under a minute, else in minutes.
 */
export function addressWaitMessage(seconds: number, locked: boolean): string {
  const wait = seconds < 60 ? `${Math.max(1, Math.ceil(seconds))}秒` : `${Math.ceil(seconds / 60)}分钟`;
  return locked ? `此地址登录失败次数过多，已被暂停登录，请${wait}后重试` : `登录失败次数过多，请${wait}后重试`;
}
