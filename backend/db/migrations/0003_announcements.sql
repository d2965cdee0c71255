-- Notices and their per-user read marks (docs/spec/api-contract.md §5 sys_announcement,
-- sys_announcement_send; §8 Announcements). Drizzle mirror: backend/modules/announcement/schema.ts.
--
-- Departures from the original DDL, and why:
-- - tenant_id: a notice belongs to the campus it was written for; admin lists and ALL broadcasts
--   only reach that tenant (backend/crud/tenant.ts has the rule for the current tenant).
-- - sys_announcement_send gets a primary key and a unique (annt_id, user_id): the original has
--   neither, so listByUser racing itself could create duplicate read marks.
-- - Flags are checked by the database as well as by the service, so no other writer can store a
--   value the screens cannot show.

CREATE TABLE sys_announcement (
  id            varchar(32) PRIMARY KEY,
  titile        varchar(100),
  msg_content   text,
  start_time    timestamptz,
  end_time      timestamptz,
  sender        varchar(100),
  priority      varchar(255),
  msg_category  varchar(10) NOT NULL DEFAULT '2' CHECK (msg_category IN ('1', '2')),
  msg_type      varchar(10) CHECK (msg_type IN ('USER', 'ALL')),
  send_status   varchar(10) NOT NULL DEFAULT '0' CHECK (send_status IN ('0', '1', '2')),
  send_time     timestamptz,
  cancel_time   timestamptz,
  del_flag      varchar(1) NOT NULL DEFAULT '0' CHECK (del_flag IN ('0', '1')),
  bus_type      varchar(20),
  bus_id        varchar(50),
  open_type     varchar(20),
  open_page     varchar(255),
  user_ids      text,
  msg_abstract  text,
  dt_task_id    varchar(100),
  tenant_id     integer NOT NULL DEFAULT 1,
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
-- The admin list: one tenant's present notices, newest first.
CREATE INDEX idx_sys_announcement_tenant_time ON sys_announcement (tenant_id, create_time DESC) WHERE del_flag = '0';
-- listByUser's catch-up of ALL notices: the published broadcasts of one tenant.
CREATE INDEX idx_sys_announcement_broadcast ON sys_announcement (tenant_id, end_time)
  WHERE msg_type = 'ALL' AND send_status = '1' AND del_flag = '0';

CREATE TABLE sys_announcement_send (
  id           varchar(32) PRIMARY KEY,
  annt_id      varchar(32) NOT NULL REFERENCES sys_announcement (id) ON DELETE CASCADE,
  user_id      varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  read_flag    varchar(10) NOT NULL DEFAULT '0' CHECK (read_flag IN ('0', '1')),
  read_time    timestamptz,
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_sys_announcement_send ON sys_announcement_send (annt_id, user_id);
-- The bell (unread of one user) and 我的消息 (one user's rows, unread first).
CREATE INDEX idx_sys_announcement_send_user ON sys_announcement_send (user_id, read_flag);
