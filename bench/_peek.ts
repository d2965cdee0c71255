import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os"; import path from "node:path";
import { startServer, findFreePort, getPage, signInDetailed, rssMb } from "/work/main/bench/lib.ts";
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-peek-"));
const s = await startServer({ env: { DATA_DIR: dir, ADMIN_PASSWORD: "Bench-Pass-2026" }, port: await findFreePort(4790), readyPath: "/user/login" });
console.log("ready", s.readyMs, s.pid);
try {
  const p = await getPage(s.baseUrl + "/user/login");
  console.log(p.status); console.log(p.body.toString().replace(/<style[\s\S]*?<\/style>/g, "<style/>").slice(0, 6000));
  const a = await signInDetailed(s.baseUrl, "admin", "Bench-Pass-2026"); console.log(a);
  const d = await getPage(a.location, a.cookie); console.log(d.status, d.body.length);
  console.log(rssMb(s.pid));
} finally { await s.stop(); rmSync(dir, { recursive: true, force: true }); }
