// The local PostgreSQL server of the tests (TEST_DATABASE_URL, default the machine's own): its
// admin URL and whether it answers. Shared by the backend, integration and end-to-end tests.
import pg from "pg";

export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** True when a PostgreSQL server answers at TEST_DATABASE_URL (or the local default). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Ends a pool once its connections are really closed. `pool.end()` resolves as soon as the clients
 * are told to end; a connection still closing when its database is then dropped (which terminates
 * connections) got the server's "terminating connection" error, which the pool re-emitted with no
 * listener: an uncaught exception that failed a green run (the topology e2e).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  // A client the server ends meanwhile is gone already: nothing to report.
  pool.on("error", () => undefined);
  await pool.end();
  await closed;
}
