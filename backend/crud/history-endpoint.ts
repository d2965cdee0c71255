// `<basePath>/history?id=`: a record's history (docs/decisions/070) for whoever may see the record
// (the access of its queryById, and the record must be visible to the caller: tenant, logical
// delete). Fields are named by their labels and coded values by their dictionaries' texts, as
// the record's detail shows them. Read only: nothing edits or deletes a history row.
import { singleId, notFound } from "./crud-messages";
import { addDictText, DICT_TEXT_SUFFIX } from "./dict-text";
import { fieldByColumn } from "./entity";
import { readHistory } from "./history";
import { crudSummary } from "./summary";
import { endpoint, type Endpoint } from "../http/endpoint";
import { ok } from "../http/envelope";
import type { CrudResource } from "./engine";
import type { ListRecord } from "./page";
import { databaseExecutor } from "./context";
import type { RecordHistoryEntry } from "#contract/record-history";
import { formatDateTime } from "../http/format";
import { formatMoney, isAmount } from "#contract/money";

/** What each action is called on the 历史 tab. */
export const HISTORY_ACTIONS: Readonly<Record<string, string>> = {
  add: "新增",
  edit: "编辑",
  delete: "删除",
  generate: "生成账单",
  allocate: "分配",
  reverse: "冲销",
  void: "作废",
  reduce: "减免",
  instalment: "分期",
  lateFee: "滞纳金",
  payer: "更换付款方",
  confirm: "确认报名",
  cancel: "取消报名",
  refund: "退费",
  issue: "开具",
  reissue: "重开",
  print: "打印",
  post: "过账",
  settle: "结算",
  email: "发送邮件",
};

function plain(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function historyEndpoint(resource: CrudResource, labels: Readonly<Record<string, string>>): Endpoint {
  const { entity } = resource;
  return endpoint("GET", `${resource.config.basePath}/history`, resource.access.queryById, async (request) => {
    const context = resource.context(request);
    const id = singleId(request.query.id);
    const record = id ? await resource.findById(context, id) : undefined;
    if (!record || !id) throw notFound();
    // An encrypted field's search hash (decision 119) is the engine's, not the user's: its change is
    // already told by the field's own (masked) change.
    const searchHashColumns = new Set(entity.fields.flatMap((field) => (field.encrypted ? [field.encrypted.hashColumn] : [])));
    const rows = (await readHistory(databaseExecutor(context.services.db), resource.historyActor(context).tenantId, resource.history.table, id)).map((row) => ({
      ...row,
      changes: row.changes.filter((change) => !searchHashColumns.has(change.field)),
    }));
    // Old and new values of every change as records of the entity, translated at once, and shown as
    // the record's list and detail show them (docs/decisions/189): a time, stored as the database's
    // JSON text (UTC), on the school's clock (issue #32 item 3); an amount of money as formatMoney
    // writes it (item 2).
    const money = new Set(resource.config.money ?? []);
    const values: ListRecord[] = [];
    for (const row of rows)
      for (const change of row.changes) {
        const field = fieldByColumn(entity, change.field);
        const property = field?.property ?? change.field;
        const shown = (value: unknown) => {
          if (field?.type === "datetime" && typeof value === "string") return formatDateTime(value) ?? value;
          if (money.has(property) && isAmount(value)) return formatMoney(value);
          return value;
        };
        values.push({ [property]: shown(change.old) }, { [property]: shown(change.new) });
      }
    await addDictText(context, entity, values);
    let index = 0;
    const answer: RecordHistoryEntry[] = rows.map((row) => ({
      id: row.id,
      action: row.action,
      actionText: HISTORY_ACTIONS[row.action] ?? row.action,
      username: row.username,
      changedAt: formatDateTime(row.changedAt) ?? row.changedAt,
      reason: row.reason,
      changes: row.changes.map((change) => {
        const field = fieldByColumn(entity, change.field);
        const property = field?.property ?? change.field;
        const texts = [values[index++]!, values[index++]!].map((value) => plain(value[`${property}${DICT_TEXT_SUFFIX}`] ?? value[property]));
        return { field: property, label: labels[property] ?? labels[change.field] ?? property, old: texts[0]!, new: texts[1]! };
      }),
    }));
    return ok(answer);
  }, { doc: { summary: crudSummary(resource.config, "修改记录") } });
}
