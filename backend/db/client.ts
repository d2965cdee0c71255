// One database handle for the backend: PGlite (embedded, a folder or in memory) or a
// PostgreSQL server. drizzle runs the same schema and queries on both (docs/architecture.md).
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import * as schema from "./schema";
import { loadPg } from "./drivers";

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly orm: Orm;
  /** Runs raw SQL (migrations, generated queries) and returns the rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /** Runs a script of several statements in one transaction: all of it, or nothing. */
  execInTransaction(script: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string;
  /** A PGlite data folder dump (tar) to start from: the migrated test template. */
  loadDataDir?: Blob;
}

/**
 * PGlite's shared buffers (docs/decisions/175). initdb writes PostgreSQL's 128MB, which PGlite's
 * memory allocator zeroes at every start: a third of a restart's CPU, and 128 MB of resident memory
 * for as long as the process lives. A school's working set fits in a quarter of it; a page not in
 * the buffers is read from the data folder (the operating system's cache) as before.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const [pg, { drizzle: drizzlePostgres }] = await Promise.all([loadPg(), import("drizzle-orm/node-postgres")]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ended (a PostgreSQL restart, an administrator's terminate) is
    // dropped by the pool; without a listener its error would end the whole process.
    pool.on("error", (error) => console.error(`[db] an idle PostgreSQL connection failed: ${error.message}`));
    // pool.end() resolves once the connections were told to end; close() also waits until they
    // have (so a database dropped right after sees no connection of ours).
    const open = new Set<pg.PoolClient>();
    pool.on("connect", (client) => {
      open.add(client);
      client.once("end", () => open.delete(client));
    });
    const closed = (client: pg.PoolClient) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        client.once("end", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    // count(*) and bigint come back as strings from pg; numeric as string too. Keep ints as numbers.
    pg.types.setTypeParser(20, (value) => Number(value));
    const orm = drizzlePostgres(pool, { schema }) as unknown as Orm;
    return {
      kind: "postgres",
      orm,
      rows: async <T>(query: SQL) => executeRows<T>(orm, query),
      exec: async (script) => {
        await pool.query(script);
      },
      execInTransaction: async (script) => {
        const connection = await pool.connect();
        try {
          await connection.query("BEGIN");
          await connection.query(script);
          await connection.query("COMMIT");
        } catch (error) {
          await connection.query("ROLLBACK");
          throw error;
        } finally {
          connection.release();
        }
      },
      close: async () => {
        const ending = [...open].map(closed);
        await pool.end();
        await Promise.all(ending);
      },
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
  const client = yieldingToTheLoop(
    await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    }),
  );
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return {
    kind: "pglite",
    orm,
    rows: async <T>(query: SQL) => executeRows<T>(orm, query),
    exec: async (script) => {
      await client.exec(script);
    },
    execInTransaction: async (script) => {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    close: () => client.close(),
  };
}

/**
 * PGlite runs in this thread and answers through promises alone, so a request's statements, and those
 * of every request started with it, ran in one microtask drain: one turn of the event loop took
 * seconds under load, and sockets (a new connection above all: accepted once per turn) waited for it
 * (issue #35 item 1, docs/decisions/096). Each statement outside a transaction now starts in a turn
 * of its own; a transaction's statements stay together.
 */
function yieldingToTheLoop(client: PGlite): PGlite {
  // One statement a turn: each waits for the previous one's turn, then for a turn of its own
  // (setImmediate from a turn's continuation runs in the next one), so that statements issued
  // together don't all run in one check phase either.
  let previous = Promise.resolve();
  const nextTurn = () => {
    const turn = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    previous = turn;
    return turn;
  };
  const patched = client as unknown as Record<"query" | "exec" | "transaction", (...args: unknown[]) => Promise<unknown>>;
  const activity = { running: 0, lastDone: 0 };
  pgliteActivity.set(client, activity);
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = patched[name].bind(client);
    patched[name] = async (...args: unknown[]) => {
      activity.running += 1;
      try {
        await nextTurn();
        return await original(...args);
      } finally {
        activity.running -= 1;
        activity.lastDone = performance.now();
      }
    };
  }
  return client;
}

const pgliteActivity = new WeakMap<PGlite, { running: number; lastDone: number }>();

/**
 * PGlite only: resolves once no statement has been asked of the database for `quietMs` (a request's
 * statements follow each other closer than that), or at `deadline` (performance.now()) answering
 * false. PostgreSQL answers true at once: it has connections enough.
 */
export async function whenQuiet(database: Database, quietMs: number, deadline: number): Promise<boolean> {
  if (database.kind !== "pglite") return true;
  const activity = pgliteActivity.get((database.orm as unknown as { $client: PGlite }).$client);
  if (!activity) return true;
  for (;;) {
    const now = performance.now();
    const quietFor = activity.running > 0 ? 0 : now - activity.lastDone;
    if (quietFor >= quietMs) return true;
    if (now >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(quietMs - quietFor, deadline - now))));
  }
}

/** PGlite only: dump the data folder, to copy a migrated template into test databases. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.orm as unknown as { $client: PGlite }).$client;
  return (await client.dumpDataDir("none")) as Blob;
}

/** The rows of a raw query; both drivers answer `{ rows }`. */
export async function executeRows<T>(orm: Pick<Orm, "execute">, query: SQL): Promise<T[]> {
  const answer = (await orm.execute(query)) as unknown as { rows: T[] };
  return answer.rows;
}

export { sql };
