-- The last clear copies of phones (issue #34 item 2, docs/decisions/155), through the one mechanism
-- of decision 119: ciphertext with its keyed search hash beside, encrypted by the backend when it
-- starts (the key is the environment's, never the database's), covered by the rotation.

-- 订单's receiver phone (a snapshot of the parent's): encrypted, masked by `order:viewSensitive`.
-- Report SQL sees neither it nor its hash (the migration runner makes the views again after).
ALTER TABLE shop_order ALTER COLUMN receiver_phone TYPE text;
ALTER TABLE shop_order ADD COLUMN IF NOT EXISTS receiver_phone_hash varchar(64);
CREATE INDEX IF NOT EXISTS idx_shop_order_receiver_phone_hash ON shop_order (receiver_phone_hash) WHERE receiver_phone_hash IS NOT NULL;
UPDATE report_source SET hidden_columns = 'receiver_phone,receiver_phone_hash' WHERE table_name = 'shop_order';

-- 消息: an SMS row's receiver (es_type '1') is encrypted with its hash; other channels' stay.
ALTER TABLE sys_message ALTER COLUMN es_receiver TYPE text;
ALTER TABLE sys_message ADD COLUMN IF NOT EXISTS es_receiver_hash varchar(64);
CREATE INDEX IF NOT EXISTS idx_sys_message_es_receiver_hash ON sys_message (es_receiver_hash) WHERE es_receiver_hash IS NOT NULL;

-- Sign-in codes are looked up by the phone's keyed hash, never kept with the phone. SQL cannot
-- compute the hash, and a code lives ten minutes: the codes still pending are dropped (whoever
-- was waiting for one asks again).
DELETE FROM sys_sms_code;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'sys_sms_code' AND column_name = 'mobile') THEN
    ALTER TABLE sys_sms_code RENAME COLUMN mobile TO mobile_hash;
  END IF;
END $$;
ALTER TABLE sys_sms_code ALTER COLUMN mobile_hash TYPE varchar(64);
-- The phones' sign-in lockouts are keyed `sms:<hash>` too; those of the last minutes are dropped.
DELETE FROM sys_login_failure WHERE username LIKE 'sms:%';
DELETE FROM sys_login_lock WHERE username LIKE 'sms:%';

-- 查看敏感信息 of 订单 and 消息, as 0450 and 0660: a database seeded before gets the buttons under
-- their pages, granted to the platform administrators' roles only; on a fresh database the pages
-- do not exist yet and the seed adds them.
CREATE TEMPORARY TABLE wanted_sensitive_button_0760 (page_url text, perms text) ON COMMIT DROP;
INSERT INTO wanted_sensitive_button_0760 VALUES
  ('/shop/order', 'order:viewSensitive'),
  ('/communication/message', 'message:viewSensitive');

INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0760-button-' || w.perms), p.id, '查看敏感信息', 2, w.perms, '1', 20, 0, 1, '1', 0, 'admin'
  FROM wanted_sensitive_button_0760 w
  JOIN LATERAL (
    SELECT id FROM sys_permission
     WHERE url = w.page_url AND menu_type IN (0, 1) AND del_flag = 0
     ORDER BY create_time NULLS LAST, id LIMIT 1
  ) p ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = w.perms AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0760-grant-' || r.id || '-' || b.id), r.id, b.id
  FROM sys_role r
  JOIN sys_permission b ON b.menu_type = 2 AND b.id = md5('0760-button-' || b.perms)
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;
