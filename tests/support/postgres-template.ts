// The migrated and seeded PostgreSQL template database, the twin of the PGlite template
// (tests/support/template.ts, docs/decisions/103): built once per template key on the local server,
// and each test that asks for PostgreSQL gets `CREATE DATABASE ... TEMPLATE` of it (about a second)
// instead of running every migration and the seed again (15 s and more under load).
//
// Several vitest runs (other worktrees, other engineers) share one server: the build holds an
// advisory lock, writes `<name>_building` and renames it, so a run that is killed while building
// leaves nothing another run would take for a whole template. Databases of this kind whose mark
// (the database's comment, the time it was made) is two days old are dropped when a template is built.
import pg from "pg";
import { postgresAdminUrl } from "./postgres";
import type { TemplatePasswords } from "./template";

const TEMPLATE_PREFIX = "school_template_";
/** The prefixes of the databases the tests make; those older than two days are dropped. */
const TEST_PREFIXES = [TEMPLATE_PREFIX, "school_test_", "school_notice_"];
const BUILD_LOCK = 727_103;
const STALE_AFTER_MS = 2 * 24 * 3_600_000;

/** The URL of database `name` on the tests' PostgreSQL server. */
export function postgresDatabaseUrl(name: string): string {
  return postgresAdminUrl().replace(/\/[^/]*$/, `/${name}`);
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
}

/** The template database for `key` (tests/support/template.ts's templateKey), built now if missing. */
export async function postgresTemplateDatabase(key: string, passwords: TemplatePasswords): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${key}`;
  return withAdmin(async (admin) => {
    if (await databaseExists(admin, name)) return name;
    await admin.query("SELECT pg_advisory_lock($1)", [BUILD_LOCK]);
    try {
      if (await databaseExists(admin, name)) return name; // another run built it meanwhile
      await dropStaleDatabases(admin);
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const { openDatabase } = await import("../../backend/db/client");
      const { migrate } = await import("../../backend/db/migrate");
      const { seedDatabase } = await import("../../backend/seed");
      const db = await openDatabase({ databaseUrl: postgresDatabaseUrl(building) });
      try {
        await migrate(db);
        await seedDatabase(db, passwords);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [BUILD_LOCK]);
    }
  });
}

/** A new database copied from the template `template`; `drop` removes it. */
export async function copyPostgresTemplate(template: string, label = "school_test"): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${label}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin(async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
  });
  return {
    name,
    url: postgresDatabaseUrl(name),
    drop: () => withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** The tests' databases (templates of older inputs, copies a killed run left) made two days ago or earlier. */
async function dropStaleDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string; mark: string | null }>(
    "SELECT datname, shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname LIKE 'school\\_%'",
  );
  for (const { datname, mark } of rows) {
    if (!TEST_PREFIXES.some((prefix) => datname.startsWith(prefix))) continue;
    const made = mark ? Date.parse(mark) : Number.NaN;
    // Unmarked: a database of the tests from before the marks; its name carries Date.now().
    const since = Number.isFinite(made) ? made : Number(/_(\d{13})(?:_|$)/.exec(datname)?.[1] ?? Number.NaN);
    if (Number.isFinite(since) && Date.now() - since > STALE_AFTER_MS) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
  }
}
