// Benchmark runner: `tsx bench/run.ts [section…]` runs the named sections (all when none is
// given), merges their figures into bench/results/latest.json (other sections already in the file
// are kept) and prints a summary. Exits non-zero when a section fails or reports errors.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benchFoundation, summarizeFoundation } from "./foundation";
import { benchShell, summarizeShell } from "./shell";
import { benchNotices, summarizeNotices } from "./notices";
import { benchLists, summarizeLists } from "./lists";
import { benchPersonalDataAlone, summarizePersonalData } from "./personal-data";
import { benchJobs, summarizeJobs } from "./jobs";
import { benchMonitor, summarizeMonitor } from "./monitor";
import { benchSchool, summarizeSchool } from "./school";
import { benchAgeingAlone, benchFeeOffice, benchGenerationAlone, summarizeAgeing, summarizeFeeOffice, summarizeGenerationAlone } from "./fee-office";
import { benchHistoryCost, summarizeHistoryCost } from "./history-cost";
import { benchBillGeneration, summarizeBillGeneration } from "./billing";
import { benchGrid, summarizeGrid } from "./grid";
import { benchDashboard, summarizeDashboard } from "./dashboard";
// 在线开发 (issue #18): online forms (bench/online-form.ts).
import { benchOnlineForm, summarizeOnlineForm } from "./online-form";
// 在线开发 (issue #18 part 2): online reports (bench/online-report.ts).
import { benchOnlineReport, summarizeOnlineReport } from "./online-report";
// What a person waits for in Chromium (issue #19 part 5): login usable, sign-in, menu → list.
import { benchPageload, summarizePageload } from "./pageload";
// The users list through nginx, 1+1 against 2+2 instances, 200 clients (issue #16 part 4).
import { benchTopology, summarizeTopology } from "./topology";
// 50 loaded keep-alive sessions and probes on fresh connections (issue #35 item 1).
import { benchFairness, summarizeFairness } from "./fairness";
// The Vue 2 client's .xls: our BIFF8 writer against @e965/xlsx's (issue #31, decision 158).
import { benchXlsExport, summarizeXlsExport } from "./xls-export";
import { PROJECT_ROOT, installCleanupHandlers, killAllServers } from "./lib";

interface Section {
  run: () => Promise<Record<string, unknown>>;
  /** Human-readable lines; without it the summary prints the top-level numbers. */
  summarize?: (result: Record<string, unknown>) => string[];
  /** Hard limit for the whole section. */
  timeoutMs: number;
}

// Add new sections here.
const SECTIONS: Record<string, Section> = {
  foundation: { run: benchFoundation, summarize: summarizeFoundation, timeoutMs: 10 * 60_000 },
  shell: { run: benchShell, summarize: summarizeShell, timeoutMs: 10 * 60_000 },
  notices: { run: benchNotices, summarize: summarizeNotices, timeoutMs: 10 * 60_000 },
  // Since issue #34 also the personal data figures (100,000 students): 25 minutes under load.
  lists: { run: benchLists, summarize: summarizeLists, timeoutMs: 25 * 60_000 },
  // Those figures alone (bench/personal-data.ts).
  "personal-data": { run: benchPersonalDataAlone, summarize: summarizePersonalData, timeoutMs: 15 * 60_000 },
  jobs: { run: benchJobs, summarize: summarizeJobs, timeoutMs: 5 * 60_000 },
  // monitor: what the operation log costs a mutating call (issue #15 part B).
  monitor: { run: benchMonitor, summarize: summarizeMonitor, timeoutMs: 10 * 60_000 },
  school: { run: benchSchool, summarize: summarizeSchool, timeoutMs: 10 * 60_000 },
  grid: { run: benchGrid, summarize: summarizeGrid, timeoutMs: 10 * 60_000 },
  // 首页 (issue #13 part 6): loader with 100k students and 1M payments, JS beyond the layout.
  dashboard: { run: benchDashboard, summarize: summarizeDashboard, timeoutMs: 10 * 60_000 },
  // 在线开发 (issue #18 part 1): the generated list page loader against the page built in code, 100k rows.
  online: { run: benchOnlineForm, summarize: summarizeOnlineForm, timeoutMs: 10 * 60_000 },
  // Online reports (issue #18 part 2): getData p50 on a report of 100,000 rows.
  "online-report": { run: benchOnlineReport, summarize: summarizeOnlineReport, timeoutMs: 10 * 60_000 },
  pageload: { run: benchPageload, summarize: summarizePageload, timeoutMs: 10 * 60_000 },
  // topology: the users list's data through nginx, 1 + 1 against 2 + 2 instances, 200 clients (issue #16 part 4).
  topology: { run: benchTopology, summarize: summarizeTopology, timeoutMs: 15 * 60_000 },
  fairness: { run: benchFairness, summarize: summarizeFairness, timeoutMs: 10 * 60_000 },
  // The fee office (issue #33): generation with grade prices and siblings, 账龄分析 over 100,000 bills.
  billing: { run: benchFeeOffice, summarize: summarizeFeeOffice, timeoutMs: 10 * 60_000 },
  // 账龄分析 over 100,000 bills alone (the billing section runs it too, among minutes of other work).
  ageing: { run: benchAgeingAlone, summarize: summarizeAgeing, timeoutMs: 10 * 60_000 },
  // Generation and a family's statement alone (the billing section runs them too).
  "fee-generation": { run: benchGenerationAlone, summarize: summarizeGenerationAlone, timeoutMs: 10 * 60_000 },
  "xls-export": { run: benchXlsExport, summarize: summarizeXlsExport, timeoutMs: 10 * 60_000 },
  // Issue #32's generation figure alone (2,000 students × 6 projects, median of three fresh databases, PGlite and
  // PostgreSQL): the billing section runs it on PGlite among minutes of other work.
  "bill-generation": { run: benchBillGeneration, summarize: summarizeBillGeneration, timeoutMs: 10 * 60_000 },
  // What the record history adds to a plain save and to a payment with its allocation, alone (issue #32: ≤ 15 %).
  "history-cost": { run: benchHistoryCost, summarize: summarizeHistoryCost, timeoutMs: 20 * 60_000 },
};

const RESULTS_FILE = path.join(PROJECT_ROOT, "bench", "results", "latest.json");

function readResults(): Record<string, unknown> {
  if (!existsSync(RESULTS_FILE)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS_FILE, "utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    console.error(`[bench] ${RESULTS_FILE} is not valid JSON; starting a new one`);
    return {};
  }
}

function writeResults(results: Record<string, unknown>): void {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const temporary = `${RESULTS_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(results, null, 2) + "\n");
  renameSync(temporary, RESULTS_FILE);
}

function genericSummary(result: Record<string, unknown>): string[] {
  return Object.entries(result)
    .filter(([, value]) => typeof value === "number")
    .map(([key, value]) => `${key}: ${String(value)}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  installCleanupHandlers();
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0) {
    console.error(`[bench] unknown section(s): ${unknown.join(", ")}; known: ${Object.keys(SECTIONS).join(", ")}`);
    return 2;
  }
  const names = requested.length > 0 ? [...new Set(requested)] : Object.keys(SECTIONS);

  let failed = false;
  for (const name of names) {
    const section = SECTIONS[name];
    console.log(`[bench] ${name}: running…`);
    const started = performance.now();
    let result: Record<string, unknown>;
    try {
      result = await withTimeout(section.run(), section.timeoutMs, `section ${name}`);
    } catch (error) {
      // Nothing measured: keep the section's previous figures in the file.
      killAllServers();
      console.error(`[bench] ${name} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      failed = true;
      continue;
    }
    const errors = Array.isArray(result.errors) ? result.errors : [];
    if (errors.length > 0) failed = true;
    // Re-read just before writing so that the file reflects the latest state of other sections.
    writeResults({ ...readResults(), [name]: result });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n== ${name} (${seconds} s) ==`);
    for (const line of (section.summarize ?? genericSummary)(result)) console.log(`  ${line}`);
  }
  console.log(`\n[bench] results: ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  return failed ? 1 : 0;
}

main()
  .then((code) => {
    killAllServers();
    // Exit at once: a timed-out section may still have timers or sockets pending.
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error("[bench] failed:", error);
    killAllServers();
    process.exit(1);
  });
