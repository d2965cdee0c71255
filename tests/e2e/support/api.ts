// The backend's API for a test's own set-up (records it owns, made without the pages under test):
// signed in through /sys/login, each answer's envelope checked.
import { expect } from "vitest";
import { baseUrl } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./constants";

/** Calls an endpoint; the envelope must say success, and its result is answered. */
export type BackendCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The backend as `username` (the administrator by default). */
export async function backendApi(username = "admin", password = E2E_ADMIN_PASSWORD): Promise<{ backend: BackendCall; firstRecord: <T>(path: string) => Promise<T> }> {
  const login = (await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  }).then((response) => response.json())) as { result: { token: string } };
  const token = login.result.token;
  const backend: BackendCall = async <T>(method: string, path: string, body?: unknown) => {
    const answer = (await fetch(`${baseUrl()}/jeecg-boot${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Access-Token": token },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((response) => response.json())) as { success: boolean; message: string; result: T };
    expect(answer.success, `${method} ${path}: ${answer.message}`).toBe(true);
    return answer.result;
  };
  return { backend, firstRecord: async <T>(path: string) => (await backend<{ records: T[] }>("GET", path)).records[0]! };
}
