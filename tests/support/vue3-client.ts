// What the JeecgBoot Vue 3 client's defHttp (src/utils/http/axios) sends on every call: the token
// twice (Authorization and X-Access-Token), X-Tenant-Id, X-Version: v3, X-Sign over the URL's
// parameters, the query and the body, X-TIMESTAMP in milliseconds, and `_t` on every GET.
import { createCipheriv } from "node:crypto";
import { computeSign } from "#contract/sign";
import { JEECG_DEFAULT_AES } from "../../backend/security/client-password";
import { readAnswer } from "./answer";

export interface Vue3Answer {
  status: number;
  json: any;
  text: string;
}

export function vue3Client(base: string, options: { token?: string; tenantId?: string; address?: string; userAgent?: string } = {}) {
  const send = async (method: string, url: string, params: Record<string, string> = {}, body?: unknown): Promise<Vue3Answer> => {
    const query = method === "GET" ? { ...params, _t: String(Date.now()) } : params;
    const headers: Record<string, string> = {
      "X-Version": "v3",
      "X-TIMESTAMP": String(Date.now()),
      "X-Sign": computeSign(url, { ...params, ...((body as Record<string, string>) ?? {}) }),
      "User-Agent": options.userAgent ?? "Mozilla/5.0 (vue3-client-test)",
    };
    if (options.token) Object.assign(headers, { Authorization: options.token, "X-Access-Token": options.token });
    if (options.tenantId ?? options.token) headers["X-Tenant-Id"] = options.tenantId ?? "1";
    if (options.address) headers["X-Forwarded-For"] = options.address;
    if (body !== undefined) headers["Content-Type"] = "application/json;charset=UTF-8";
    const search = new URLSearchParams(query).toString();
    const response = await fetch(`${base}${url}${search ? `${url.includes("?") ? "&" : "?"}${search}` : ""}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return readAnswer(response);
  };
  return {
    get: (url: string, params?: Record<string, string>) => send("GET", url, params),
    post: (url: string, body: unknown) => send("POST", url, {}, body),
    put: (url: string, body: unknown) => send("PUT", url, {}, body),
    delete: (url: string, params?: Record<string, string>) => send("DELETE", url, params),
  };
}

/** The Vue 3.9 client's encryptAESCBC: AES-CBC, PKCS#7, Base64 (CryptoJS's toString()). */
export function encryptLikeVue3(plain: string, cipher: { key: string; iv: string } = JEECG_DEFAULT_AES): string {
  const aes = createCipheriv(`aes-${Buffer.byteLength(cipher.key) * 8}-cbc`, Buffer.from(cipher.key), Buffer.from(cipher.iv));
  return Buffer.concat([aes.update(plain, "utf8"), aes.final()]).toString("base64");
}

/** JeecgBoot's older clients: AES-CBC over the text padded with zero bytes. */
export function encryptZeroPadded(plain: string, cipher: { key: string; iv: string } = JEECG_DEFAULT_AES): string {
  const bytes = Buffer.from(plain, "utf8");
  const padded = Buffer.alloc(Math.ceil(bytes.length / 16) * 16);
  bytes.copy(padded);
  const aes = createCipheriv("aes-128-cbc", Buffer.from(cipher.key), Buffer.from(cipher.iv));
  aes.setAutoPadding(false);
  return Buffer.concat([aes.update(padded), aes.final()]).toString("base64");
}
