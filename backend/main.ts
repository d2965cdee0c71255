// Runs the embedded backend on its own (for several backend instances behind the web servers):
//   BACKEND_PORT=8080 DATABASE_URL=postgres://… node build/backend.js
import express from "express";
import { createBackend, BACKEND_BASE_PATH } from "./index";
import { backendOptionsFromEnv } from "./options";
import { attachNoticeSocket } from "./realtime";
import { fromTrustedProxy, upgradeClientIp } from "./http/format";
import { keepIdleConnections } from "./http/keep-alive";

const port = Number(process.env.BACKEND_PORT ?? 8080);
const backend = await createBackend(backendOptionsFromEnv());
const app = express();
app.disable("x-powered-by");
// No ETag on JSON answers: hashing every body costs CPU and no client revalidates API answers.
app.set("etag", false);
// The web servers in front tell the browser's address (sign-in failures count per address).
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});
app.use(BACKEND_BASE_PATH, backend.router);
const server = keepIdleConnections(app.listen(port, () => console.log(`[backend] listening on http://localhost:${port}${BACKEND_BASE_PATH}`)));
const notices = attachNoticeSocket(server, backend, { path: `${BACKEND_BASE_PATH}/websocket`, clientAddress: (req) => ({ address: upgradeClientIp(app, req), checked: !fromTrustedProxy(app, req) }) });
const stop = () => {
  // Sockets first: server.close() also waits for upgraded connections.
  void notices.close().finally(() => server.close(() => void backend.close().then(() => process.exit(0))));
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
