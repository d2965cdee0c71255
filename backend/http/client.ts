// Which client sends a request (issue #31, docs/decisions/084 and 158): the JeecgBoot Vue 3 client,
// the original Vue 2 client (ant-design-vue-jeecg 3.3.0), or anything else (our web app, scripts,
// tests). The menu, the 网关路由 list and the Excel exports answer each in its own terms.
import type { Request } from "express";

export type JeecgClient = "web" | "vue2" | "vue3";

/** What axios (both JeecgBoot clients' HTTP library) sends as Accept unless told otherwise. */
const AXIOS_ACCEPT = "application/json, text/plain, */*";

/**
 * The Vue 3 client sends `X-Version: v3` on every call (its defHttp); the Vue 2 client is axios with
 * its default Accept header (its downloads too: `downFile` only sets the response type); anything
 * else is answered in our own terms. Our web app's backend client sends `Accept: application/json`.
 */
export function clientOf(req: Pick<Request, "get"> | undefined): JeecgClient {
  if (!req || typeof req.get !== "function") return "web";
  if ((req.get("X-Version") ?? "").toLowerCase() === "v3") return "vue3";
  if ((req.get("Accept") ?? "").startsWith(AXIOS_ACCEPT)) return "vue2";
  return "web";
}
