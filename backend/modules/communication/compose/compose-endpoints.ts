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
  endpoint("GET", `${COMPOSE_API}/options`, COMPOSE_PERMISSION, async (request) => ok(await composeOptions(crudContext(request)))),
  endpoint("GET", `${COMPOSE_API}/list`, COMPOSE_PERMISSION, async (request) => ok(await listCompose(crudContext(request)))),
  endpoint("GET", `${COMPOSE_API}/detail`, COMPOSE_PERMISSION, async (request) => ok(await composeDetail(crudContext(request), String(request.query.id ?? "")))),
  endpoint("POST", `${COMPOSE_API}/preview`, COMPOSE_PERMISSION, async (request) =>
    ok(await previewCompose(crudContext(request), parse(composeDraftSchema, request.body))),
  ),
  endpoint("POST", `${COMPOSE_API}/send`, COMPOSE_PERMISSION, async (request) => {
    const sent = await sendCompose(crudContext(request), parse(composeSendSchema, request.body));
    return ok(sent, ComposeTexts.queued(sent.messages));
  }),
  endpoint("POST", `${COMPOSE_API}/retry`, COMPOSE_PERMISSION, async (request) => {
    const count = await retryCompose(crudContext(request), String(request.body.id ?? ""));
    return ok({ count }, ComposeTexts.retried(count));
  }),
];
