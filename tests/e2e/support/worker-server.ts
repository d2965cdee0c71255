// Before each file: this worker's product server and Chromium (global-setup.ts starts one of each
// per vitest worker, keyed by VITEST_POOL_ID, when its first file asks; a Chromium that died is
// started again for the next file). baseUrl(), smtpPort() and launchBrowser() (browser.ts) read what
// it answers.
import { get } from "node:http";
import { inject } from "vitest";
import type { WorkerServer } from "./global-setup";

/** node:http, not fetch: a server's start can take minutes on a loaded machine, past fetch's 300 s header timeout. */
function ask(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

const poolId = process.env.VITEST_POOL_ID ?? "1";
if (process.env.E2E_SERVER_OF_POOL !== poolId) {
  const answer = await ask(`${inject("e2eControl")}/server/${poolId}`);
  if (answer.status !== 200) throw new Error(`this worker's e2e server did not start: ${answer.body}`);
  const server = JSON.parse(answer.body) as WorkerServer;
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_SMTP_PORT = String(server.smtpPort);
  process.env.E2E_SERVER_OF_POOL = poolId;
}
const browser = await ask(`${inject("e2eControl")}/browser/${poolId}`);
if (browser.status !== 200) throw new Error(`this worker's Chromium did not start: ${browser.body}`);
process.env.E2E_BROWSER_ENDPOINT = (JSON.parse(browser.body) as { wsEndpoint: string }).wsEndpoint;
