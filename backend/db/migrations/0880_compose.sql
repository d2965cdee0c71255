-- 群发 (issue #29 item 4, docs/decisions/166): one message written to many parents or staff. The
-- 群发 row keeps who wrote what to whom (the selection as chosen, the channels, the counts); each
-- recipient and channel is one 消息 row (sys_message, compose_id set) with its own merged text and
-- status (待发送/已发送/失败 with the reason), a mail's row pointing at its outbox mail (related_id).
-- request_key: the form's one-time key, so a double click makes one 群发.
CREATE TABLE comm_compose (
  id               varchar(32) PRIMARY KEY,
  tenant_id        integer NOT NULL DEFAULT 1,
  request_key      varchar(64) NOT NULL,
  subject          varchar(255) NOT NULL,
  body             text NOT NULL,
  selection        text NOT NULL,
  selection_text   varchar(500) NOT NULL,
  channels         varchar(20) NOT NULL,
  recipient_count  integer NOT NULL,
  message_count    integer NOT NULL,
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX uniq_comm_compose_request ON comm_compose (tenant_id, request_key);
CREATE INDEX idx_comm_compose_list ON comm_compose (tenant_id, create_time DESC, id DESC);

ALTER TABLE sys_message ADD COLUMN compose_id varchar(32) REFERENCES comm_compose (id);
ALTER TABLE sys_message ADD COLUMN recipient_name varchar(100);
CREATE INDEX idx_sys_message_compose ON sys_message (compose_id, es_send_status) WHERE compose_id IS NOT NULL;

-- 群发 under 消息中心 for a database seeded before it (a fresh one gets it from the seed), with its
-- button 群发 (message:compose), granted to the administrator, 教务 (office) and 财务 (finance).
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0880-menu-/communication/compose'), m.parent_id, '群发', '/communication/compose', 'school/Compose', 1, m.sort_no + 0.5, 1, 1, '1', 0, 'admin'
  FROM (SELECT parent_id, sort_no FROM sys_permission
         WHERE url = '/communication/message' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) m
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.url = '/communication/compose' AND existing.menu_type IN (0, 1));

INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0880-button-message:compose'), md5('0880-menu-/communication/compose'), '群发', 2, 'message:compose', '1', 1, 0, 1, '1', 0, 'admin'
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0880-menu-/communication/compose'))
   AND NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'message:compose' AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0880-grant-' || r.id || '-' || granted.id), r.id, granted.id
  FROM sys_role r
  CROSS JOIN (SELECT id FROM sys_permission
               WHERE id IN (md5('0880-menu-/communication/compose'), md5('0880-button-message:compose'))) granted
 WHERE r.role_code IN ('admin', 'office', 'finance')
ON CONFLICT (role_id, permission_id) DO NOTHING;
