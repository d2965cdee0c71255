// Personal data of a CRUD resource (issue #34 item 1, docs/decisions/087): the fields a module
// definition marks `sensitive` are masked in every record the engine answers (list, picker,
// detail, export, the original clients' calls: they all read through it) unless the caller holds
// the module's `<prefix>:viewSensitive` button. A caller who holds it sees them in full, and each
// detail view or unmasked export is written to 系统日志 (who, when, which records). A masked value
// sent back (a form that showed it masked) is never written: the stored value stays.
import { maskValue, viewSensitiveCode, type SensitiveKind } from "#contract/modules/sensitive";
import { isMasked } from "#contract/modules/sensitive";
import type { PermissionPrefix } from "#contract/permission-codes";
import { clientIp } from "../http/format";
import { LogType, OperateType } from "../log-service";
import type { CrudContext } from "./context";
import type { EntityDefinition } from "./entity";
import type { ListRecord } from "./page";

export type SensitiveFields = Readonly<Record<string, SensitiveKind>>;

/** Held rights per request (one check per answer, however many records). */
const held = new WeakMap<object, Map<string, Promise<boolean>>>();

/** Does the caller see the resource's sensitive fields in full? */
export function seesSensitive(context: CrudContext, permissionPrefix: PermissionPrefix): Promise<boolean> {
  const code = viewSensitiveCode(permissionPrefix);
  let codes = held.get(context.auth);
  if (!codes) held.set(context.auth, (codes = new Map()));
  let answer = codes.get(code);
  if (!answer) codes.set(code, (answer = context.services.permissions.hasButton(context.auth, code)));
  return answer;
}

/** The records' sensitive values masked, in place. */
export function maskRecords(fields: SensitiveFields, records: ListRecord[]): void {
  const entries = Object.entries(fields);
  for (const record of records) {
    for (const [property, kind] of entries) {
      const value = record[property];
      if (typeof value === "string" && value !== "") record[property] = maskValue(kind, value);
    }
  }
}

/**
 * The entity as a caller who sees the sensitive fields masked may search it: those kept in clear
 * (sys_user's phone and e-mail; encrypted ones are so already) are found by their whole value only
 * and never sorted, so that `phone=*1380*` or a sort cannot reveal them one guess at a time. The
 * entity itself when no field changes.
 */
export function wholeValueEntity(entity: EntityDefinition, fields: SensitiveFields): EntityDefinition {
  const guarded = (property: string, encrypted: unknown) => Object.hasOwn(fields, property) && !encrypted;
  if (!entity.fields.some((field) => guarded(field.property, field.encrypted))) return entity;
  return {
    ...entity,
    fields: entity.fields.map((field) => (guarded(field.property, field.encrypted) ? { ...field, sortable: false, wholeValueOnly: true } : field)),
  };
}

/** A body without the masked values it sent back (they would overwrite the stored ones). */
export function withoutMaskedValues(fields: SensitiveFields, body: Record<string, unknown>): Record<string, unknown> {
  let kept: Record<string, unknown> | undefined;
  for (const property of Object.keys(fields)) {
    if (!isMasked(body[property])) continue;
    kept ??= { ...body };
    delete kept[property];
  }
  return kept ?? body;
}

/** 系统日志 (operation) of a full view of personal data: who, when, what and which records. */
export function logSensitiveAccess(context: CrudContext, what: { title: string; export: boolean; ids?: readonly string[]; detail?: string }): void {
  const req = context.request?.req;
  const ids = what.ids ?? [];
  context.services.logs.enqueue({
    logType: LogType.operation,
    operateType: what.export ? OperateType.export : OperateType.query,
    content: `${what.export ? SensitiveLogText.export : SensitiveLogText.view}：${what.title}${ids.length > 0 ? ` ${ids.join(",")}` : ""}${what.detail ? ` ${what.detail}` : ""}`.slice(0, 1000),
    username: context.auth.user.username,
    realname: context.auth.user.realname,
    ip: req ? clientIp(req) : null,
    requestUrl: req?.path,
    requestType: req?.method,
    requestParam: req ? JSON.stringify(req.query).slice(0, 2000) : null,
    tenantId: context.tenantId,
  });
}

/** How the log entries of full views begin (系统日志 searches by them). */
export const SensitiveLogText = {
  view: "查看敏感信息",
  export: "导出敏感信息（未脱敏）",
} as const;
