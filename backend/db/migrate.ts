// Applies backend/db/migrations/*.sql in name order, each once and all-or-nothing. Instances that
// start together serialise on an advisory lock; the loser's insert of the same name fails, and it
// finds the migration applied.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

const MIGRATION_LOCK = 727_001;

// The report views (migration 0350, docs/decisions/078) stand on the tables a migration may alter:
// they are dropped before each migration and made again after it, in its transaction.
const HIDE_REPORT_VIEWS = "DO $$ BEGIN IF to_regprocedure('public.report_hide_all()') IS NOT NULL THEN PERFORM public.report_hide_all(); END IF; END $$;";
const EXPOSE_REPORT_VIEWS = "DO $$ BEGIN IF to_regprocedure('public.report_expose_all()') IS NOT NULL THEN PERFORM public.report_expose_all(); END IF; END $$;";

export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
}

async function appliedNames(database: Database): Promise<Set<string>> {
  const rows = await database.rows<{ name: string }>(sql`SELECT name FROM schema_migrations`);
  return new Set(rows.map((row) => row.name));
}

export async function migrate(database: Database, folder = migrationsFolder()): Promise<string[]> {
  const files = readdirSync(folder)
    .filter((name) => /^[\w.-]+\.sql$/.test(name))
    .sort();
  await database.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = await appliedNames(database);
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const script = readFileSync(path.join(folder, file), "utf8");
    try {
      await database.execInTransaction(
        `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});\nINSERT INTO schema_migrations (name) VALUES ('${file}');\n${HIDE_REPORT_VIEWS}\n${script}\n;${EXPOSE_REPORT_VIEWS}`,
      );
      applied.push(file);
    } catch (error) {
      if ((await appliedNames(database)).has(file)) continue; // another instance applied it
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}
