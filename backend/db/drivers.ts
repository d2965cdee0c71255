// The database drivers, each imported when a database of its kind is first opened (docs/decisions/175):
// a process runs on PGlite or on PostgreSQL, and loading the other's driver only slowed its start.
import type PgModule from "pg";

export type Pg = typeof PgModule;

let pgLoading: Promise<Pg> | null = null;

/** node-postgres (`pg`): the PostgreSQL pool, and the reports' and data sources' own connections. */
export function loadPg(): Promise<Pg> {
  pgLoading ??= import("pg").then((module) => ((module as { default?: Pg }).default ?? module) as Pg);
  return pgLoading;
}
