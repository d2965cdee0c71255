-- Activities that fill like real ones (issue #29 item 5, docs/decisions/162): eligible grades, a
-- waiting list (候补) promoted in order when a place frees, and attendance per session.

-- 适用年级: values of the 年级 dictionary joined by commas; empty = every grade.
ALTER TABLE act_activity ADD COLUMN grades varchar(200);

-- 候补 (signup_status 4): a sign-up beyond capacity waits; waitlist_no is its arrival number in
-- the activity's queue (taken under the activity's row lock), its position the rank among those
-- still waiting. A waiting sign-up holds no place (capacity counts 1 待确认 and 2 已确认 only).
ALTER TABLE act_signup ADD COLUMN waitlist_no integer;
CREATE INDEX idx_act_signup_waitlist ON act_signup (activity_id, waitlist_no) WHERE status = '4';

-- A session of an activity (one date), written when its attendance is first taken.
CREATE TABLE act_session (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  activity_id   varchar(32) NOT NULL REFERENCES act_activity (id) ON DELETE CASCADE,
  session_date  date NOT NULL,
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
CREATE UNIQUE INDEX uniq_act_session_date ON act_session (activity_id, session_date);

-- 出勤 of a signed-up student at a session: dict attendance_status (1 出席, 2 缺席, 3 请假).
CREATE TABLE act_attendance (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  session_id   varchar(32) NOT NULL REFERENCES act_session (id) ON DELETE CASCADE,
  signup_id    varchar(32) NOT NULL REFERENCES act_signup (id) ON DELETE CASCADE,
  status       varchar(2) NOT NULL CHECK (status IN ('1', '2', '3')),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_act_attendance ON act_attendance (session_id, signup_id);

-- 候补 and 出勤 in the dictionaries (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0830-dict-attendance_status'), '出勤状态', 'attendance_status', 0, 'admin'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = 'attendance_status')
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0830-dict-item-' || wanted.code || '-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('signup_status', '4', '候补', 4), ('attendance_status', '1', '出席', 1), ('attendance_status', '2', '缺席', 2),
               ('attendance_status', '3', '请假', 3)) AS wanted (code, value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = wanted.code
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 批量报名 (signup:bulk) on 报名 for the roles that add sign-ups, 出勤 (activity:attendance) on 活动
-- for the roles that open activities (the seed adds both to new databases).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0830-button-' || wanted.perms), p.id, wanted.name, 2, wanted.perms, '1', 20, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('/activity/signup', '批量报名', 'signup:bulk'), ('/activity/activity', '出勤', 'activity:attendance')) AS wanted (url, name, perms)
  CROSS JOIN LATERAL (SELECT id FROM sys_permission WHERE url = wanted.url AND menu_type IN (0, 1) AND del_flag = 0
                       ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = wanted.perms AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT md5('0830-grant-' || wanted.perms || '-' || rp.role_id), rp.role_id, md5('0830-button-' || wanted.perms)
  FROM (VALUES ('signup:add', 'signup:bulk'), ('activity:open', 'activity:attendance')) AS wanted (held, perms)
  JOIN sys_permission b ON b.perms = wanted.held AND b.menu_type = 2
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0830-button-' || wanted.perms))
ON CONFLICT (role_id, permission_id) DO NOTHING;
