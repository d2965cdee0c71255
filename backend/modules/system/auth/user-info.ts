// The SysUser JSON of the contract (§2 login answer); password and salt are never serialized.
import type { InferSelectModel } from "drizzle-orm";
import type { sysDepart, sysUser } from "../../../db/schema";
import { formatDateTime } from "../../../http/format";
import { decryptValue } from "../../../security/personal-data";

type UserRow = InferSelectModel<typeof sysUser>;
type DepartRow = InferSelectModel<typeof sysDepart>;

export function toUserInfo(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    avatar: user.avatar,
    birthday: user.birthday,
    sex: user.sex,
    // Stored encrypted (docs/decisions/145): the caller's own, in clear.
    email: user.email ? decryptValue(user.email) : user.email,
    phone: user.phone ? decryptValue(user.phone) : user.phone,
    orgCode: user.orgCode,
    orgCodeTxt: null,
    status: user.status,
    delFlag: user.delFlag,
    workNo: user.workNo,
    post: user.post,
    telephone: user.telephone,
    createBy: user.createBy,
    createTime: formatDateTime(user.createTime),
    updateBy: user.updateBy,
    updateTime: formatDateTime(user.updateTime),
    activitiSync: user.activitiSync,
    userIdentity: user.userIdentity,
    departIds: user.departIds,
    relTenantIds: user.relTenantIds,
    clientId: user.clientId,
    loginTenantId: user.loginTenantId,
  };
}

export function toDepart(depart: DepartRow) {
  return {
    ...depart,
    createTime: formatDateTime(depart.createTime),
    updateTime: formatDateTime(depart.updateTime),
  };
}
