// Section `jobs`: the scheduler across instances. Two production backends (build/backend.js) on one
// fresh PostgreSQL database run a job every second for 60 s; from the run rows: how late each fire
// started (start_time − fire time), fires run twice (duplicates) and fires never run (missed).
import { firesBetween, startJobCluster } from "../tests/support/job-cluster";
import { percentile, round } from "./lib";

const WINDOW_S = 60;
const INSTANCES = 2;

export async function benchJobs(): Promise<Record<string, unknown>> {
  const cluster = await startJobCluster({ instances: INSTANCES, entry: "build", pollMs: 1000 });
  try {
    const token = await cluster.adminToken();
    const jobId = await cluster.addJob(token, {
      jobClassName: "org.jeecg.modules.quartz.job.SampleParamJob",
      cronExpression: "* * * * * ?",
      parameter: "bench",
      description: "bench: every second",
      status: 0,
    });
    // Both instances know the job after one poll.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const from = Math.ceil(Date.now() / 1000) * 1000;
    const to = from + WINDOW_S * 1000;
    await new Promise((resolve) => setTimeout(resolve, to - Date.now() + 2_000));
    const fires = await firesBetween(cluster.pool, jobId, from, to);
    const distinct = new Set(fires.map((row) => row.fire));
    const skews = fires.map((row) => row.startMs - row.fire);
    const byInstance: Record<string, number> = {};
    for (const row of fires) byInstance[row.instance] = (byInstance[row.instance] ?? 0) + 1;
    return {
      windowSeconds: WINDOW_S,
      instances: INSTANCES,
      expectedFires: WINDOW_S,
      runs: fires.length,
      duplicates: fires.length - distinct.size,
      missed: WINDOW_S - distinct.size,
      failed: fires.filter((row) => row.outcome !== "success").length,
      skewMs: skews.length > 0 ? { p50: round(percentile(skews, 50)), p99: round(percentile(skews, 99)), max: round(Math.max(...skews)) } : null,
      runsPerInstance: Object.values(byInstance).sort((a, b) => b - a),
      goals: { duplicates: 0, missed: 0 },
    };
  } finally {
    await cluster.stop();
  }
}

export function summarizeJobs(result: Record<string, unknown>): string[] {
  const skew = result.skewMs as { p50: number; p99: number; max: number } | null;
  return [
    `runs ${String(result.runs)} of ${String(result.expectedFires)} fires on ${String(result.instances)} instances (per instance ${JSON.stringify(result.runsPerInstance)})`,
    `duplicates ${String(result.duplicates)}, missed ${String(result.missed)}, failed ${String(result.failed)}`,
    skew ? `fire-time skew p50 ${skew.p50} ms, p99 ${skew.p99} ms, max ${skew.max} ms` : "no runs",
  ];
}
