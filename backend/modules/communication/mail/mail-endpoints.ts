// 邮件 (/communication/mail, menu /communication/mail): the outbox on the CRUD engine. 添加 (and an
// Excel import) queues mails and sends them once committed; 重发 sends a failed mail again. Mails
// are not edited: what was sent stays as it was.
import { mailModule } from "#contract/modules/mail";
import { commMail } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext } from "../../../crud/context";
import { singleId, notFound } from "../../../crud/crud-messages";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { deliverMail, MailStatus } from "./mail-service";

export const mailCrud = createModuleCrud(mailModule, {
  table: commMail,
  entity: { tenantColumn: "tenant_id" },
  operations: ["list", "add", "delete", "deleteBatch", "queryById"],
  hooks: {
    beforeSave: (save) => {
      save.values.status = MailStatus.pending;
    },
    // Written first, sent after the commit: a mail that cannot go out is kept as 失败.
    afterCommit: async (context, operation, ids) => {
      if (operation !== "add") return;
      for (const id of ids) await deliverMail(context.services, id);
    },
  },
});

export const mailEndpoints: Endpoint[] = [
  ...mailCrud.endpoints,
  endpoint("POST", "/communication/mail/retry", "mail:retry", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    const mail = id ? await mailCrud.findById(context, id) : undefined;
    if (!mail || !id) throw notFound();
    if (mail.status === MailStatus.sent) return ok({ sent: true }, "邮件已发送");
    const outcome = await deliverMail(context.services, id);
    if (!outcome.sent) throw new ApiError(`重发失败: ${outcome.error}`);
    return ok(outcome, "重发成功");
  }, { doc: { summary: "重新发送邮件" } }),
];
