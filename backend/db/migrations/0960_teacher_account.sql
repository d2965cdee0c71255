-- A teacher's sign-in account (issue #30 item 1, docs/decisions/186): the staff account that is this
-- teacher, so that his 首页 shows his classes (the classes whose 班主任 he is). One account is at most
-- one teacher of a school; no account is linked by this migration (a school links them in 教师).
ALTER TABLE school_teacher ADD COLUMN user_id varchar(32) REFERENCES sys_user (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX uniq_school_teacher_user ON school_teacher (tenant_id, user_id) WHERE user_id IS NOT NULL;
