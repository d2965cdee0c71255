// drizzle mirror of migrations/0003_announcements.sql (the SQL is the source of truth). Kept in
// the module rather than db/schema.ts: the announcement tables are only this module's business.
import { integer, pgTable, text, timestamp, varchar, smallint } from "drizzle-orm/pg-core";

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

const audit = {
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestampColumn("create_time").notNull().defaultNow(),
  updateBy: varchar("update_by", { length: 32 }),
  updateTime: timestampColumn("update_time"),
};

/** Notices and system messages (contract §5 sys_announcement; `titile` is the original's spelling). */
export const sysAnnouncement = pgTable("sys_announcement", {
  id: varchar("id", { length: 32 }).primaryKey(),
  titile: varchar("titile", { length: 100 }),
  msgContent: text("msg_content"),
  startTime: timestampColumn("start_time"),
  endTime: timestampColumn("end_time"),
  sender: varchar("sender", { length: 100 }),
  priority: varchar("priority", { length: 255 }),
  msgCategory: varchar("msg_category", { length: 10 }).notNull().default("2"),
  msgType: varchar("msg_type", { length: 10 }),
  sendStatus: varchar("send_status", { length: 10 }).notNull().default("0"),
  sendTime: timestampColumn("send_time"),
  cancelTime: timestampColumn("cancel_time"),
  delFlag: varchar("del_flag", { length: 1 }).notNull().default("0"),
  busType: varchar("bus_type", { length: 20 }),
  busId: varchar("bus_id", { length: 50 }),
  openType: varchar("open_type", { length: 20 }),
  openPage: varchar("open_page", { length: 255 }),
  userIds: text("user_ids"),
  msgAbstract: text("msg_abstract"),
  dtTaskId: varchar("dt_task_id", { length: 100 }),
  /** The campus the notice was written for (migration 0003). */
  tenantId: integer("tenant_id").notNull().default(1),
  // 置顶 and the page's visits (migration 0581).
  izTop: smallint("iz_top").notNull().default(0),
  visitsNum: integer("visits_num").notNull().default(0),
  ...audit,
});

/** One recipient's read mark (contract §5 sys_announcement_send). */
export const sysAnnouncementSend = pgTable("sys_announcement_send", {
  id: varchar("id", { length: 32 }).primaryKey(),
  anntId: varchar("annt_id", { length: 32 }).notNull(),
  userId: varchar("user_id", { length: 32 }).notNull(),
  readFlag: varchar("read_flag", { length: 10 }).notNull().default("0"),
  readTime: timestampColumn("read_time"),
  /** '1': hidden from the recipient's 我的消息 (migration 0652). */
  delFlag: varchar("del_flag", { length: 1 }).notNull().default("0"),
  /** '1': starred by the recipient (the Vue 3 client's 标星, migration 0740). */
  starFlag: varchar("star_flag", { length: 1 }).notNull().default("0"),
  ...audit,
});

export type AnnouncementRow = typeof sysAnnouncement.$inferSelect;
