// What the JeecgBoot Vue 2 client (3.3.0) sends, as its api/manage.js sends it: getAction and
// postAction signed (X-Sign, X-TIMESTAMP; `_t` on every GET but getDictItems), putAction and
// deleteAction unsigned, the token and tenant headers on all, and axios's default Accept.
import { computeSign, formatSignTimestamp } from "#contract/sign";
import { readAnswer } from "./answer";

/** What the Vue 2 client's api/manage.js sends. */
export function originalClient(base: string, token: string, tenantId = "1") {
  // axios's default Accept: the backend tells this client by it (docs/decisions/084).
  const headers = { "X-Access-Token": token, "tenant-id": tenantId, Accept: "application/json, text/plain, */*" };
  const send = async (method: string, url: string, init: { params?: Record<string, string>; body?: unknown; signed: boolean }) => {
    const query = new URLSearchParams(init.params ?? {}).toString();
    const signHeaders: Record<string, string> = init.signed
      ? { "X-Sign": computeSign(url, { ...(init.params ?? {}), ...((init.body as Record<string, string>) ?? {}) }), "X-TIMESTAMP": formatSignTimestamp() }
      : {};
    const response = await fetch(`${base}${url}${query ? `${url.includes("?") ? "&" : "?"}${query}` : ""}`, {
      method,
      headers: { ...headers, ...signHeaders, ...(init.body === undefined ? {} : { "Content-Type": "application/json;charset=UTF-8" }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { ...(await readAnswer(response)), headers: response.headers };
  };
  const stamp = () => String(Math.floor(Date.now() / 1000));
  return {
    getAction: (url: string, params: Record<string, string> = {}) => send("GET", url, { params: { ...params, _t: stamp() }, signed: true }),
    /** getDictItems is the one GET without `_t` (contract §0). */
    getDictItems: (code: string) => send("GET", `/sys/dict/getDictItems/${code}`, { signed: true }),
    postAction: (url: string, body: unknown) => send("POST", url, { body, signed: true }),
    putAction: (url: string, body: unknown) => send("PUT", url, { body, signed: false }),
    deleteAction: (url: string, params: Record<string, string>) => send("DELETE", url, { params, signed: false }),
    /** `this.$http.get(url)`: the axios instance itself, neither signed nor stamped. */
    http: (url: string) => send("GET", url, { signed: false }),
  };
}
