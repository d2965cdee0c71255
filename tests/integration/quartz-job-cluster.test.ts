// 定时任务 across instances (issue #15): two backend processes on one PostgreSQL database run a job
// every second for 30 s; every fire time runs exactly once, none twice, none missed, and when one
// process is killed half-way the other carries on. Skipped without the local PostgreSQL server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postgresReachable } from "../support/postgres";
import { firesBetween, startJobCluster, type JobCluster } from "../support/job-cluster";

const reachable = await postgresReachable();
const WINDOW_S = 30;

describe.skipIf(!reachable)("a job every second on two backend processes", () => {
  let cluster: JobCluster;

  beforeAll(async () => {
    // From the PostgreSQL template (CREATE DATABASE ... TEMPLATE): the migrations and the seed are
    // the subject of other files, and running them here cost ~15 s of CPU (docs/decisions/172).
    cluster = await startJobCluster({ instances: 2, entry: "source", pollMs: 1000, template: inject("postgresTemplate") ?? undefined });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("runs each fire once, misses none, and survives losing an instance", async () => {
    const token = await cluster.adminToken();
    const jobId = await cluster.addJob(token, {
      jobClassName: "org.jeecg.modules.quartz.job.SampleParamJob",
      cronExpression: "* * * * * ?",
      parameter: "cluster",
      description: "每秒一次（集群测试）",
      status: 0,
    });
    // Both instances know the job after one poll; the window starts on the next whole second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const from = Math.ceil(Date.now() / 1000) * 1000;
    const killAt = from + (WINDOW_S / 2) * 1000;
    const to = from + WINDOW_S * 1000;

    await new Promise((resolve) => setTimeout(resolve, killAt - Date.now() + 300));
    const victim = cluster.instances[1]!;
    victim.process.kill("SIGKILL");
    await victim.exited;
    await new Promise((resolve) => setTimeout(resolve, to - Date.now() + 1_500));

    const fires = await firesBetween(cluster.pool, jobId, from, to);
    const expected = Array.from({ length: WINDOW_S }, (_, index) => from + index * 1000);
    // One row per fire time (the unique key makes a second impossible; the count proves none missed).
    expect(fires.map((row) => row.fire)).toEqual(expected);

    const instancesBefore = new Set(fires.filter((row) => row.fire < killAt).map((row) => row.instance));
    const instancesAfter = new Set(fires.filter((row) => row.fire > killAt + 1000).map((row) => row.instance));
    // Both competed before the kill; only the survivor ran afterwards.
    expect(instancesBefore.size).toBe(2);
    expect(instancesAfter.size).toBe(1);
    // Everything after the kill finished; before it, at most the fire the victim held may be unfinished.
    expect(fires.filter((row) => row.fire > killAt + 1000).every((row) => row.outcome === "success")).toBe(true);
    expect(fires.filter((row) => row.outcome !== "success").length).toBeLessThanOrEqual(1);

    // The survivor stops cleanly on SIGTERM.
    const survivor = cluster.instances[0]!;
    survivor.process.kill("SIGTERM");
    expect(await survivor.exited).toBe(0);
  }, 90_000);
});
