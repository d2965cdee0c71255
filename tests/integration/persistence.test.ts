// The data folder survives a restart: the account and its password are still there, and the
// admin password is generated (and returned once) only on the very first start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createBackend } from "../../backend/index";
import { sysUser } from "../../backend/db/schema";
import { verifyPassword } from "../../backend/security/password";

const folder = mkdtempSync(path.join(tmpdir(), "school-data-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("persistent PGlite data folder", () => {
  // Two starts of a database built from nothing (every migration and the demo seed): minutes on a loaded machine.
  it("generates the admin password once, prints it once, and keeps it across restarts", { timeout: 180_000 }, async () => {
    const printed: string[] = [];
    const logger = { info: (line: string) => printed.push(line), error: () => undefined };
    const first = await createBackend({ dataDir: folder, logger });
    const line = printed.join("\n");
    const generated = /generated password: (\S+)/.exec(line)?.[1];
    expect(generated).toMatch(/^[a-zA-Z2-9]{16}$/);
    await first.close();

    printed.length = 0;
    const second = await createBackend({ dataDir: folder, logger, adminPassword: "ignored-after-first-start" });
    expect(printed.join("\n")).not.toContain("generated password");
    const [admin] = await second.db.orm.select().from(sysUser).where(eq(sysUser.username, "admin"));
    expect(await verifyPassword(generated!, admin!.password)).toBe(true);
    expect(await verifyPassword("ignored-after-first-start", admin!.password)).toBe(false);
    await second.close();
  });
});
