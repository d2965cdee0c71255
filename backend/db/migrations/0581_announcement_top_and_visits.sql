-- The Vue 3 client's 通知公告 (issue #31 item 3, docs/decisions/124): a notice may be pinned to the
-- top (置顶, iz_top) and counts how often its page was opened (visits_num).
ALTER TABLE sys_announcement ADD COLUMN iz_top smallint NOT NULL DEFAULT 0 CHECK (iz_top IN (0, 1));
ALTER TABLE sys_announcement ADD COLUMN visits_num integer NOT NULL DEFAULT 0;
