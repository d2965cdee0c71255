// The answer of GET /sys/monitor/server (性能监控, issue #15 Deliver 5), shared by the backend that
// builds it (backend/modules/monitor/server) and the page that shows it (app/routes/monitor).
import { z } from "zod";

const nullableText = z.string().nullable();

export const tracedRequestSchema = z.object({
  at: z.number(),
  time: nullableText,
  method: z.string(),
  path: z.string(),
  status: z.number(),
  ms: z.number(),
  username: nullableText,
});

export const serverFiguresSchema = z.object({
  readAt: nullableText,
  process: z.object({
    node: z.string(),
    pid: z.number(),
    uptimeSeconds: z.number(),
    startedAt: nullableText,
    cpuPercent: z.number(),
    memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), external: z.number() }),
    eventLoopDelayMs: z.object({ mean: z.number(), p50: z.number(), p99: z.number(), max: z.number() }),
    machine: z.object({
      hostname: z.string(),
      platform: z.string(),
      cpus: z.number(),
      cpuModel: nullableText,
      cpuPercent: z.number(),
      loadAverage: z.array(z.number()),
      totalMemory: z.number(),
      freeMemory: z.number(),
      uptimeSeconds: z.number(),
    }),
  }),
  database: z.object({
    kind: z.string(),
    version: nullableText.optional(),
    sizeBytes: z.number().optional(),
    connections: z.number().optional(),
    slowStatements: z.array(z.object({ query: z.string(), calls: z.number(), meanMs: z.number(), totalMs: z.number() })).nullable().optional(),
    note: nullableText.optional(),
    error: z.string().optional(),
  }),
  redis: z.object({ configured: z.boolean(), info: z.record(z.string(), z.string()).optional(), error: z.string().optional() }),
  trace: z.object({
    total: z.number(),
    kept: z.number(),
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
    errors: z.number(),
    requests: z.array(tracedRequestSchema),
  }),
});

export type ServerFigures = z.infer<typeof serverFiguresSchema>;
