// `npm test`: every stage of the suite, one after another, and each stage's wall time at the end
// (docs/decisions/065). The unit, integration and end-to-end stages run the files that failed once
// more, in a fresh vitest process (fresh servers and databases). The rerun only tells an
// infrastructure hiccup from a flaky test: a file whose start failed (no test failed, e.g. a server
// that did not come up) and then passes is let through, but a TEST that failed and passed only on
// the rerun fails the run, unless tests/quarantine.json lists it with its reason. The quarantine
// is printed on every run.
//
//   npm test                          all stages
//   npm test -- --stages=unit,e2e     only these stages (ensure-browser, typecheck, unit, integration, build, e2e)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
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

const quarantineFile = path.resolve("tests/quarantine.json");
const quarantine: QuarantineEntry[] = existsSync(quarantineFile) ? JSON.parse(readFileSync(quarantineFile, "utf8")) : [];
const reportFile = path.resolve("node_modules/.cache/test-report.json");
mkdirSync(path.dirname(reportFile), { recursive: true });

const chosen = process.argv.find((argument) => argument.startsWith("--stages="))?.slice("--stages=".length).split(",");
const stages = STAGES.filter((stage) => !chosen || chosen.includes(stage));
const times: { stage: Stage; seconds: number; outcome: string }[] = [];
const problems: string[] = [];
const notes: string[] = [];

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status ?? 1;
}

function vitestPass(config: string, project: string | null, files: string[]): { code: number; files: FileReport[] | null } {
  rmSync(reportFile, { force: true });
  const args = ["vitest", "run", "--config", config, ...(project ? ["--project", project] : []), "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...files];
  const code = run("npx", args);
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
function vitestStage(stage: Stage, config: string, project: string | null): boolean {
  const first = vitestPass(config, project, []);
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
  const second = vitestPass(config, project, names);
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

function runStage(stage: Stage): boolean {
  switch (stage) {
    case "ensure-browser":
      return run("bash", ["scripts/ensure-browser.sh"]) === 0;
    case "typecheck":
      return run("npm", ["run", "typecheck"]) === 0;
    case "unit":
      return vitestStage(stage, "vitest.config.ts", "unit");
    case "integration":
      return vitestStage(stage, "vitest.config.ts", "integration");
    case "build":
      return run("npm", ["run", "build"]) === 0;
    case "e2e":
      return vitestStage(stage, "vitest.e2e.config.ts", null);
  }
}

if (quarantine.length > 0) {
  console.log(`[test] quarantine (tests/quarantine.json): a test listed here may pass on its rerun only`);
  for (const entry of quarantine) console.log(`  ${entry.file}${entry.test ? ` › ${entry.test}` : ""}: ${entry.reason}`);
}
const started = Date.now();
let ok = true;
for (const stage of stages) {
  console.log(`\n[test] ── ${stage} ──`);
  const stageStart = Date.now();
  const passed = runStage(stage);
  times.push({ stage, seconds: (Date.now() - stageStart) / 1000, outcome: passed ? "passed" : "FAILED" });
  if (!passed) {
    if (!problems.some((problem) => problem.startsWith(`${stage}:`))) problems.push(`${stage}: failed (see above)`);
    ok = false;
    break;
  }
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0).padStart(2, "0")} s`;
console.log("\n[test] stage times");
for (const { stage, seconds, outcome } of times) console.log(`  ${stage.padEnd(15)} ${clock(seconds).padStart(12)}  ${outcome}`);
console.log(`  ${"total".padEnd(15)} ${clock((Date.now() - started) / 1000).padStart(12)}`);
if (quarantine.length > 0) console.log(`[test] ${quarantine.length} quarantined test(s) in tests/quarantine.json (listed at the start)`);
for (const note of notes) console.log(`[test] note: ${note}`);
for (const problem of problems) console.log(`[test] ${problem}`);
console.log(ok ? "[test] all stages passed" : "[test] the run FAILED");
process.exit(ok ? 0 : 1);
