// A bench's figure taken on fresh databases: the same work on `runs` new databases (each migrated and
// seeded by `prepare`), and the median run is the figure, since one run on a shared 2-core machine is
// noisy. PGlite in memory, or a throw-away PostgreSQL database (BENCH_POSTGRES_URL's server).
import { openDatabase, type Database } from "../backend/db/client";
import { adminQuery } from "./database";

export interface FreshDatabase {
  db: Database;
  dispose: () => Promise<void>;
}

export async function freshPglite(): Promise<FreshDatabase> {
  const db = await openDatabase({});
  return { db, dispose: () => db.close() };
}

/** A new database on the bench's PostgreSQL server, dropped by `dispose`. */
export function freshPostgres(prefix: string): () => Promise<FreshDatabase> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  return async () => {
    const database = `${prefix}_${process.pid}_${Date.now()}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
    const db = await openDatabase({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${database}`) });
    return {
      db,
      dispose: async () => {
        await db.close();
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      },
    };
  };
}

/**
 * The run with the median `key` of `runs` runs, each on a fresh database prepared by `prepare`; the
 * answer also lists every run's `key` as `runs<Key>` (totalMs → runsTotalMs).
 */
export async function medianOfFreshRuns(
  open: () => Promise<FreshDatabase>,
  prepare: (db: Database) => Promise<void>,
  work: (db: Database) => Promise<Record<string, number>>,
  key: string,
  runs = 3,
): Promise<Record<string, unknown>> {
  const figures: Array<Record<string, number>> = [];
  for (let run = 0; run < runs; run++) {
    const { db, dispose } = await open();
    try {
      await prepare(db);
      figures.push(await work(db));
    } finally {
      await dispose();
    }
  }
  const sorted = [...figures].sort((a, b) => a[key]! - b[key]!);
  return { ...sorted[Math.floor(runs / 2)]!, [`runs${key[0]!.toUpperCase()}${key.slice(1)}`]: figures.map((figure) => figure[key]) };
}
