// 消息模板 (/sys/message/sysMessageTemplate) and 消息 (/sys/message/sysMessage) on the CRUD engine,
// plus 测试发送 (sendMsg): the template rendered with the test data and sent to the receivers.
// Messages are written by sending only, never added or edited by hand.
import { messageModule, messageTemplateModule, MessageTexts } from "#contract/modules/message";
import { crudContext } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { sysMessage, sysSmsTemplate } from "../../../db/schema";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { parseReceivers, sendTemplateMessage } from "./message-service";
import { openSmsReceivers, receiverConditions, smsReceiverInFull } from "./sms-receiver";

export const messageTemplateCrud = createModuleCrud(messageTemplateModule, {
  table: sysSmsTemplate,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    beforeSave: (save) => {
      const json = save.values.templateTestJson;
      if (typeof json === "string" && json.trim() !== "") parseTestData(json);
    },
  },
});

export const messageCrud = createModuleCrud(messageModule, {
  table: sysMessage,
  operations: ["list", "delete", "deleteBatch", "queryById"],
  // An SMS row's receiver is stored encrypted (docs/decisions/155): opened here, searched by
  // receiverConditions rather than by the engine.
  entity: { tenantColumn: "tenant_id", fields: { esReceiver: { searchable: false, sortable: false } } },
  hooks: { decorate: openSmsReceivers, listConditions: receiverConditions, viewedInFull: smsReceiverInFull },
});

/** The test data: a JSON object of placeholder values. */
function parseTestData(value: unknown): Record<string, string | number> {
  if (value === undefined || value === null || value === "") return {};
  let data: unknown = value;
  if (typeof value === "string") {
    try {
      data = JSON.parse(value);
    } catch {
      throw new ApiError(MessageTexts.badTestData);
    }
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new ApiError(MessageTexts.badTestData);
  const values: Record<string, string | number> = {};
  for (const [name, item] of Object.entries(data)) {
    if (typeof item === "string" || typeof item === "number") values[name] = item;
    else if (item !== null && item !== undefined) values[name] = JSON.stringify(item);
  }
  return values;
}

export const messageEndpoints: Endpoint[] = [
  ...messageTemplateCrud.endpoints,
  ...messageCrud.endpoints,
  // The original's body: {templateCode, testData (JSON text), receiver (comma separated)}.
  endpoint("POST", "/sys/message/sysMessageTemplate/sendMsg", "messageTemplate:test", async (request) => {
    const context = crudContext(request);
    const templateCode = String(request.body.templateCode ?? "").trim();
    if (!templateCode) throw new ApiError(MessageTexts.templateNotFound);
    const receivers = parseReceivers(request.body.receiver);
    const sent = await sendTemplateMessage(context.services, {
      tenantId: context.tenantId,
      username: context.username,
      templateCode,
      receivers,
      values: parseTestData(request.body.testData),
    });
    return ok(sent, MessageTexts.sent);
  }, { doc: { summary: "按消息模板发送测试消息" } }),
];
