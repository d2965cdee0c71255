// `npm test`: every stage of the suite, and each stage's wall time at the end (docs/decisions/065).
// The typecheck and the build need no database and no browser: they run beside the unit and
// integration stages (which leave part of the second core idle), their output kept and printed when
// they end; the e2e stage waits for the build (docs/decisions/194). The unit, integration and end-to-end stages run the files that failed once
// more, in a fresh vitest process (fresh servers and databases). The rerun only tells an
// infrastructure hiccup from a flaky test: a file whose start failed (no test failed, e.g. a server
// that did not come up) and then passes is let through, but a TEST that failed and passed only on
// the rerun fails the run, unless tests/quarantine.json lists it with its reason. The quarantine
// is printed on every run.
//
//   npm test                          all stages
//   npm test -- --stages=unit,e2e     only these stages (ensure-browser, typecheck, unit, integration, build, e2e)
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

interface QuarantineEntry {
  file: string;
  /** The test's full name (describe blocks and title, space-separated); omitted: every test of the file. */
  test?: string;
  reason: string;
}

interface FileReport {
  name: string;
  status: string;
  assertionResults: { fullName: string; status: string }[];
}

const STAGES = ["ensure-browser", "typecheck", "unit", "integration", "build", "e2e"] as const;
type Stage = (typeof STAGES)[number];
/** The stages that run beside the others, one after another, their output to a file. */
const BESIDE: readonly Stage[] = ["typecheck", "build"];

const quarantineFile = path.resolve("tests/quarantine.json");
const quarantine: QuarantineEntry[] = existsSync(quarantineFile) ? JSON.parse(readFileSync(quarantineFile, "utf8")) : [];
const cacheDir = path.resolve("node_modules/.cache");
const reportFile = path.join(cacheDir, "test-report.json");
mkdirSync(cacheDir, { recursive: true });

const chosen = process.argv.find((argument) => argument.startsWith("--stages="))?.slice("--stages=".length).split(",");
const stages = STAGES.filter((stage) => !chosen || chosen.includes(stage));
const times: { stage: Stage; seconds: number; outcome: string }[] = [];
const problems: string[] = [];
const notes: string[] = [];

/** Runs a command to its end, its output to the terminal or to `logFile`; answers its exit code. */
async function run(command: string, args: string[], logFile?: string): Promise<number> {
  const log = logFile ? openSync(logFile, "w") : null;
  try {
    return await new Promise<number>((resolve) => {
      const child = spawn(command, args, { stdio: log === null ? "inherit" : ["ignore", log, log] });
      child.on("error", () => resolve(1));
      child.on("close", (code) => resolve(code ?? 1));
    });
  } finally {
    if (log !== null) closeSync(log);
  }
}

async function vitestPass(config: string, project: string | null, files: string[]): Promise<{ code: number; files: FileReport[] | null }> {
  rmSync(reportFile, { force: true });
  const args = ["vitest", "run", "--config", config, ...(project ? ["--project", project] : []), "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...files];
  const code = await run("npx", args);
  try {
    return { code, files: (JSON.parse(readFileSync(reportFile, "utf8")) as { testResults: FileReport[] }).testResults };
  } catch {
    // No report: vitest itself failed (configuration, global setup).
    return { code, files: null };
  }
}

const relative = (file: string) => path.relative(process.cwd(), file);
const failedTests = (file: FileReport) => file.assertionResults.filter((test) => test.status === "failed").map((test) => test.fullName);
const quarantined = (file: string, test: string) => quarantine.find((entry) => entry.file === file && (entry.test === undefined || entry.test === test));

/** One vitest stage with the rerun rule; true when it passes. */
async function vitestStage(stage: Stage, config: string, project: string | null): Promise<boolean> {
  const first = await vitestPass(config, project, []);
  if (first.code === 0) return true;
  if (first.files === null) {
    problems.push(`${stage}: vitest failed before any test ran (see above)`);
    return false;
  }
  const failed = first.files.filter((file) => file.status === "failed");
  if (failed.length === 0) {
    problems.push(`${stage}: vitest exited with ${first.code} and no failed file (see above)`);
    return false;
  }
  const names = failed.map((file) => relative(file.name));
  console.log(`\n[test] ${stage}: ${names.length} file(s) failed: ${names.join(", ")}; running them once more in a fresh process\n`);
  const second = await vitestPass(config, project, names);
  let passed = true;
  for (const file of failed) {
    const name = relative(file.name);
    const again = second.files?.find((report) => relative(report.name) === name);
    if (!again || again.status === "failed") {
      problems.push(`${stage}: ${name} failed twice: ${(again ? failedTests(again) : failedTests(file)).join(" | ") || "its start failed"}`);
      passed = false;
      continue;
    }
    const flaky = failedTests(file);
    if (flaky.length === 0) {
      notes.push(`${stage}: ${name} failed to start, then passed on the rerun (an infrastructure hiccup)`);
      continue;
    }
    for (const test of flaky) {
      const entry = quarantined(name, test);
      if (entry) notes.push(`${stage}: ${name} › ${test} passed only on the rerun; quarantined: ${entry.reason}`);
      else {
        problems.push(`${stage}: ${name} › ${test} passed only on the rerun (flaky; fix it, or list it with its reason in tests/quarantine.json)`);
        passed = false;
      }
    }
  }
  return passed;
}

async function runStage(stage: Stage, logFile?: string): Promise<boolean> {
  switch (stage) {
    case "ensure-browser":
      return (await run("bash", ["scripts/ensure-browser.sh"], logFile)) === 0;
    case "typecheck":
      return (await run("npm", ["run", "typecheck"], logFile)) === 0;
    case "unit":
      return vitestStage(stage, "vitest.config.ts", "unit");
    case "integration":
      return vitestStage(stage, "vitest.config.ts", "integration");
    case "build":
      return (await run("npm", ["run", "build"], logFile)) === 0;
    case "e2e":
      return vitestStage(stage, "vitest.e2e.config.ts", null);
  }
}

/** Runs one stage and records its time; false when it failed. */
async function timed(stage: Stage, logFile?: string): Promise<boolean> {
  const stageStart = Date.now();
  const passed = await runStage(stage, logFile);
  times.push({ stage, seconds: (Date.now() - stageStart) / 1000, outcome: passed ? "passed" : "FAILED" });
  if (!passed && !problems.some((problem) => problem.startsWith(`${stage}:`))) problems.push(`${stage}: failed (see above)`);
  return passed;
}

/** The stages that run beside the others, one after another; each one's output printed when it ends. */
async function besideStages(chain: readonly Stage[]): Promise<boolean> {
  for (const stage of chain) {
    const logFile = path.join(cacheDir, `test-${stage}.log`);
    const passed = await timed(stage, logFile);
    console.log(`\n[test] ── ${stage} (ran beside the other stages): ${passed ? "passed" : "FAILED"}; its output ──\n${readFileSync(logFile, "utf8")}`);
    if (!passed) return false;
  }
  return true;
}

if (quarantine.length > 0) {
  console.log(`[test] quarantine (tests/quarantine.json): a test listed here may pass on its rerun only`);
  for (const entry of quarantine) console.log(`  ${entry.file}${entry.test ? ` › ${entry.test}` : ""}: ${entry.reason}`);
}
const started = Date.now();
let ok = true;
let beside: Promise<boolean> | null = null;
for (const stage of stages) {
  if (BESIDE.includes(stage)) {
    // After ensure-browser (the build's CSS step and Chromium's install do not share the machine's apt and disk).
    beside ??= besideStages(stages.filter((candidate) => BESIDE.includes(candidate)));
    continue;
  }
  if (stage === "e2e" && beside) {
    console.log(`\n[test] e2e waits for the build`);
    ok = await beside;
    beside = null;
    if (!ok) break;
  }
  console.log(`\n[test] ── ${stage} ──`);
  if (!(await timed(stage))) {
    ok = false;
    break;
  }
}
// A red stage stops the run; what runs beside it is let finish, so its output is printed.
if (beside) ok = (await beside) && ok;

const clock = (seconds: number) => `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0).padStart(2, "0")} s`;
console.log("\n[test] stage times");
for (const { stage, seconds, outcome } of times.sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage))) console.log(`  ${stage.padEnd(15)} ${clock(seconds).padStart(12)}  ${outcome}`);
console.log(`  ${"total".padEnd(15)} ${clock((Date.now() - started) / 1000).padStart(12)}`);
if (quarantine.length > 0) console.log(`[test] ${quarantine.length} quarantined test(s) in tests/quarantine.json (listed at the start)`);
for (const note of notes) console.log(`[test] note: ${note}`);
for (const problem of problems) console.log(`[test] ${problem}`);
console.log(ok ? "[test] all stages passed" : "[test] the run FAILED");
process.exit(ok ? 0 : 1);
