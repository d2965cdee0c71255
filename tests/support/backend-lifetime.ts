// Run as a child process by the scheduler's lifetime test: opens the embedded backend from the
// migrated PGlite template (a tar, argv[2]) with a job armed every second, closes it, and then ends.
// If anything of the backend still held a timer or a handle, the process would not exit.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { createBackend } from "../../backend/index";

const backend = await createBackend({
  loadDataDir: new Blob([readFileSync(process.argv[2]!)]),
  logger: { info: () => undefined, error: () => undefined },
});
await backend.db.rows(sql`UPDATE sys_quartz_job SET status = 0, cron_expression = '* * * * * ?'`);
await backend.services.scheduler.sync();
await new Promise((resolve) => setTimeout(resolve, 1_500));
await backend.close();
console.log("closed");
