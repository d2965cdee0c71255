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
