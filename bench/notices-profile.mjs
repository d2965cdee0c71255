// CPU profiler for the web servers of bench/notices.ts (BENCH_NOTICE_PROFILE=<folder>): loaded
// with `node --import`, it does nothing until the benchmark sends SIGUSR2 just before the measured
// releases, and writes `<folder>/web-<pid>-<time>.cpuprofile` at the second SIGUSR2, just after
// them. Open the file in Chrome DevTools (Performance) or VS Code. (--cpu-prof itself is not
// allowed in NODE_OPTIONS, and would profile the start-up and the stream openings too.)
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const folder = process.env.BENCH_NOTICE_PROFILE_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  let running = false;
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true;
      session.post("Profiler.start");
      return;
    }
    running = false;
    session.post("Profiler.stop", (error, result) => {
      if (error) console.error(`[profile] ${error.message}`);
      else writeFileSync(path.join(folder, `web-${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
