// scratch (not committed): profile the users list .data request
import { withBenchDatabase, BENCH_ADMIN_PASSWORD } from "./database";
import { seedUsers, engineStatements, timeRawSql, timeLoader } from "./lists";
import { signIn } from "./lib";
await withBenchDatabase("zzprof", async ({ client, web }) => {
  await seedUsers(client, 1, 100000);
  await client.query("ANALYZE");
  const statements = await engineStatements(client);
  const raw = await timeRawSql(client, statements);
  const first = await client.query<{ username: string; $total: string }>(statements[0]!.text, statements[0]!.params);
  const cookie = await signIn(web.baseUrl, "admin", BENCH_ADMIN_PASSWORD);
  for (let i = 0; i < 5; i++) {
    const r = await timeLoader(web.baseUrl, cookie, first.rows[0]!.username, Number(first.rows[0]!.$total), web.pid);
    console.log(JSON.stringify({ raw, r }));
  }
});
