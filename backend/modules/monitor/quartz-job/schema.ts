// drizzle mirror of migrations/0050_quartz_jobs.sql and 0095 (the SQL is the source of truth), kept in the
// module: the job tables are only the scheduler's business.
import { integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const sysQuartzJob = pgTable("sys_quartz_job", {
  id: varchar("id", { length: 32 }).primaryKey(),
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestampColumn("create_time").notNull().defaultNow(),
  updateBy: varchar("update_by", { length: 32 }),
  updateTime: timestampColumn("update_time"),
  delFlag: integer("del_flag").notNull().default(0),
  jobClassName: varchar("job_class_name", { length: 255 }).notNull(),
  cronExpression: varchar("cron_expression", { length: 255 }).notNull(),
  parameter: varchar("parameter", { length: 255 }),
  description: varchar("description", { length: 255 }),
  status: integer("status").notNull().default(-1),
  tenantId: integer("tenant_id").notNull().default(1),
});

export const sysQuartzJobRun = pgTable("sys_quartz_job_run", {
  id: varchar("id", { length: 32 }).primaryKey(),
  jobId: varchar("job_id", { length: 32 }).notNull(),
  fireTime: timestampColumn("fire_time"),
  trigger: varchar("trigger", { length: 10 }).notNull(),
  instance: varchar("instance", { length: 100 }).notNull(),
  startTime: timestampColumn("start_time").notNull(),
  endTime: timestampColumn("end_time"),
  outcome: varchar("outcome", { length: 10 }).notNull(),
  message: text("message"),
});

export type QuartzJobRow = typeof sysQuartzJob.$inferSelect;
