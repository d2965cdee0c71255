// 群发 (/communication/compose, docs/decisions/166): every endpoint needs message:compose, enforced here
// whatever the page shows. Bodies are parsed with the contract's schemas.
import { COMPOSE_API, COMPOSE_PERMISSION, ComposeTexts, composeDraftSchema, composeSendSchema } from "#contract/modules/compose";
import { crudContext } from "../../../crud/context";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { composeDetail, composeOptions, listCompose, previewCompose, retryCompose, sendCompose } from "./compose-service";

function parse<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(ComposeTexts.badRequest);
  return parsed.data;
}

export const composeEndpoints: Endpoint[] = [
  endpoint("GET", `${COMPOSE_API}/options`, COMPOSE_PERMISSION, async (request) => ok(await composeOptions(crudContext(request))), {
    doc: { summary: "群发：可选的班级、年级、活动、家长和教职工" },
  }),
  endpoint("GET", `${COMPOSE_API}/list`, COMPOSE_PERMISSION, async (request) => ok(await listCompose(crudContext(request))), { doc: { summary: "群发列表" } }),
  endpoint("GET", `${COMPOSE_API}/detail`, COMPOSE_PERMISSION, async (request) => ok(await composeDetail(crudContext(request), String(request.query.id ?? ""))), {
    doc: { summary: "群发详情：每位收件人的消息和状态" },
  }),
  endpoint("POST", `${COMPOSE_API}/preview`, COMPOSE_PERMISSION, async (request) => ok(await previewCompose(crudContext(request), parse(composeDraftSchema, request.body))), {
    doc: { summary: "群发预览：三位收件人的合并内容和各渠道人数", body: composeDraftSchema },
  }),
  endpoint(
    "POST",
    `${COMPOSE_API}/send`,
    COMPOSE_PERMISSION,
    async (request) => {
      const sent = await sendCompose(crudContext(request), parse(composeSendSchema, request.body));
      return ok(sent, ComposeTexts.queued(sent.messages));
    },
    { doc: { summary: "发送群发", body: composeSendSchema } },
  ),
  endpoint(
    "POST",
    `${COMPOSE_API}/retry`,
    COMPOSE_PERMISSION,
    async (request) => {
      const count = await retryCompose(crudContext(request), String(request.body.id ?? ""));
      return ok({ count }, ComposeTexts.retried(count));
    },
    { doc: { summary: "群发重发失败的消息" } },
  ),
];
