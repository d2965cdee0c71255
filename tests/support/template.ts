// The migrated and seeded PGlite template, built once and cached on disk (docs/decisions/065).
// Its name carries a hash of everything that determines its content: the source files the
// migration and the seed run (found by esbuild's metafile, so a new import is covered), the SQL
// files of backend/db/migrations, the PGlite version, the passwords, and the school day (the seed
// dates demo rows from "now"). A later run, another project or the e2e global setup reuse it; each
// test file or server starts from a copy. Two processes building it at once each write a file of
// their own and rename it into place: the last rename wins, both are whole.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "../..");
export const TEMPLATE_FOLDER = path.join(root, "node_modules/.cache/school-tests");
/** The modules that make the template's content: their imports are followed by esbuild. */
const ENTRY_POINTS = ["backend/db/migrate.ts", "backend/seed/index.ts", "backend/db/client.ts", "tests/support/template.ts", "tests/support/postgres-template.ts"];
const STALE_AFTER_MS = 2 * 24 * 3_600_000;

export interface TemplatePasswords {
  adminPassword: string;
  demoPassword: string;
}

/** The key of the template for these passwords: a hash of its inputs (see the head of this file). */
export async function templateKey(passwords: TemplatePasswords): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outdir: "unused",
    logLevel: "silent",
  });
  const hash = createHash("sha256");
  for (const input of Object.keys(result.metafile.inputs).sort()) hash.update(`${input}\0`).update(readFileSync(path.join(root, input))).update("\0");
  const migrations = path.join(root, "backend/db/migrations");
  for (const name of readdirSync(migrations).sort()) hash.update(`${name}\0`).update(readFileSync(path.join(migrations, name))).update("\0");
  const pglite = JSON.parse(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  const { readBackendConfig } = await import("../../backend/config");
  const timeZone = readBackendConfig().schoolTimeZone;
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  hash.update(JSON.stringify({ pglite: pglite.version, passwords, timeZone, day }));
  return hash.digest("hex").slice(0, 16);
}

/** The template's file for these passwords, built now if no run built it before. */
export async function pgliteTemplateFile(passwords: TemplatePasswords, key?: string): Promise<string> {
  mkdirSync(TEMPLATE_FOLDER, { recursive: true });
  const file = path.join(TEMPLATE_FOLDER, `template-${key ?? (await templateKey(passwords))}.tar`);
  if (existsSync(file)) return file;
  removeStaleTemplates();
  const { openDatabase, dumpPglite } = await import("../../backend/db/client");
  const { migrate } = await import("../../backend/db/migrate");
  const { seedDatabase } = await import("../../backend/seed");
  const db = await openDatabase({});
  try {
    await migrate(db);
    await seedDatabase(db, passwords);
    const dump = await compacted(await dumpPglite(db));
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
  } finally {
    await db.close();
  }
  return file;
}

/**
 * The same database in a smaller dump, which every test file and e2e server loads (docs/decisions/171):
 * the migrations leave the system catalogs bloated (27 of 35 MB: pg_attribute, pg_policy, pg_rewrite
 * and pg_depend rewritten by each ALTER), and the dump carries every WAL segment written so far
 * (4 × 16 MB). VACUUM FULL of the catalogs (the tables' rows and their statistics are left as the
 * seed wrote them), then a checkpoint with min_wal_size at its floor, which removes the segments
 * no longer needed instead of keeping them for reuse: 120 MB → 65 MB, and a load of the dump
 * (PGlite untars it into memory) takes ~2 s less CPU. The floor still keeps one recycled segment
 * AFTER the current one (16 MB of old records, read by nobody: recovery ends where the valid
 * records end, and PostgreSQL makes the next segment when it needs one); the dump leaves it out:
 * 49 MB (docs/decisions/196).
 */
async function compacted(dump: Blob): Promise<Blob> {
  const { PGlite } = await import("@electric-sql/pglite");
  const database = await PGlite.create({ loadDataDir: dump, startParams: [...PGlite.defaultStartParams, "-c", "min_wal_size=32MB", "-c", "max_wal_size=32MB"] });
  try {
    const catalogs = await database.query<{ name: string }>(
      "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pg_catalog' AND c.relkind = 'r' ORDER BY 1",
    );
    for (const { name } of catalogs.rows) await database.exec(`VACUUM FULL pg_catalog.${name}`);
    await database.exec("CHECKPOINT");
    const current = await database.query<{ name: string }>("SELECT pg_walfile_name(pg_current_wal_lsn()) AS name");
    return withoutWalAfter((await database.dumpDataDir("none")) as Blob, current.rows[0]!.name);
  } finally {
    await database.close();
  }
}

/** The tar `dump` without the WAL segments named after `current` (recycled ones, not yet written). */
async function withoutWalAfter(dump: Blob, current: string): Promise<Blob> {
  const bytes = new Uint8Array(await dump.arrayBuffer());
  const kept: Uint8Array<ArrayBuffer>[] = [];
  const text = (start: number, length: number) => new TextDecoder().decode(bytes.subarray(start, start + length)).replace(/\0.*$/s, "");
  let offset = 0;
  // Each entry: a 512-byte header (name at 0, size in octal at 124), then its data padded to 512.
  while (offset + 512 <= bytes.length && bytes[offset] !== 0) {
    const size = parseInt(text(offset + 124, 12).trim() || "0", 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(text(offset, 100))?.[1];
    if (!segment || segment <= current) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  kept.push(new Uint8Array(1024));
  return new Blob(kept);
}

/** Templates of older inputs, and files a killed build left behind, once they are two days old. */
function removeStaleTemplates(): void {
  for (const name of readdirSync(TEMPLATE_FOLDER)) {
    const file = path.join(TEMPLATE_FOLDER, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // removed meanwhile by another run
    }
  }
}

