-- 对账单 of a family or a company (issue #33 item 2, docs/decisions/160): every movement of a payer's
-- money in date order. A bill is dated by its create_time and a payment by its paid_at; a bill's
-- 作废 and a payment's 冲销 get their own time here, kept by the database whoever writes the status
-- (the bill page, a sign-up's cancellation, a refund, a reversed refund reopening its bill).
ALTER TABLE bill_bill ADD COLUMN voided_at timestamptz;
ALTER TABLE bill_payment ADD COLUMN reversed_at timestamptz;

CREATE FUNCTION bill_bill_voided_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = '4' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM '4') THEN
    NEW.voided_at := clock_timestamp();
  ELSIF NEW.status <> '4' THEN
    NEW.voided_at := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bill_bill_voided_at BEFORE INSERT OR UPDATE OF status ON bill_bill
  FOR EACH ROW EXECUTE FUNCTION bill_bill_voided_at();

CREATE FUNCTION bill_payment_reversed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = '4' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM '4') THEN
    NEW.reversed_at := clock_timestamp();
  ELSIF NEW.status <> '4' THEN
    NEW.reversed_at := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bill_payment_reversed_at BEFORE INSERT OR UPDATE OF status ON bill_payment
  FOR EACH ROW EXECUTE FUNCTION bill_payment_reversed_at();

-- The two times are the database's, like update_time: the history tells the status change itself
-- (作废, 冲销 with their reasons), not the time column moving with it (0300's function otherwise).
CREATE OR REPLACE FUNCTION sys_record_history_changes(old_row jsonb, new_row jsonb, masked text[] DEFAULT '{}') RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'field', k,
           'old', sys_record_history_value(old_row -> k, k = ANY(masked)),
           'new', sys_record_history_value(new_row -> k, k = ANY(masked)))
         ORDER BY k), '[]'::jsonb)
    FROM (SELECT DISTINCT jsonb_object_keys(coalesce(old_row, '{}'::jsonb) || coalesce(new_row, '{}'::jsonb)) AS k) keys
   WHERE k NOT IN ('id', 'tenant_id', 'create_by', 'create_time', 'update_by', 'update_time', 'del_flag', 'voided_at', 'reversed_at')
     AND coalesce(old_row -> k, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> k, 'null'::jsonb)
$$;

-- Rows voided or reversed before: the time of their last 作废 / 冲销 in their history, else their
-- last change.
UPDATE bill_bill b SET voided_at = coalesce(
    (SELECT max(h.changed_at) FROM sys_record_history h WHERE h.module = 'bill_bill' AND h.record_id = b.id AND h.action = 'void'),
    b.update_time, b.create_time, now())
 WHERE b.status = '4';
UPDATE bill_payment p SET reversed_at = coalesce(
    (SELECT max(h.changed_at) FROM sys_record_history h WHERE h.module = 'bill_payment' AND h.record_id = p.id AND h.action = 'reverse'),
    p.update_time, p.create_time, now())
 WHERE p.status = '4';

-- A payer's bills (the statement starts from them).
CREATE INDEX idx_bill_bill_payer ON bill_bill (tenant_id, payer_type, payer_id);

-- 对账单 under 收费管理 for a database seeded before it (a fresh one gets it from the seed), with its
-- buttons 打印, 导出 and 邮件发送, granted to every role that has 应收账单.
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0810-menu-/billing/statement'), r.parent_id, '对账单', '/billing/statement', 'school/Statement', 1, r.sort_no + 0.6, 1, 1, '1', 0, 'admin'
  FROM (SELECT parent_id, sort_no FROM sys_permission
         WHERE url = '/billing/receivableBill' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) r
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.url = '/billing/statement' AND existing.menu_type IN (0, 1));

INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0810-button-' || b.perms), md5('0810-menu-/billing/statement'), b.name, 2, b.perms, '1', b.sort_no, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('打印', 'statement:print', 1), ('导出', 'statement:export', 2), ('邮件发送', 'statement:email', 3)) AS b(name, perms, sort_no)
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0810-menu-/billing/statement'))
   AND NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = b.perms AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0810-grant-' || rp.role_id || '-' || granted.id), rp.role_id, granted.id
  FROM sys_role_permission rp
  JOIN sys_permission p ON p.id = rp.permission_id AND p.url = '/billing/receivableBill' AND p.menu_type IN (0, 1)
  CROSS JOIN (SELECT id FROM sys_permission
               WHERE id IN (md5('0810-menu-/billing/statement'), md5('0810-button-statement:print'),
                            md5('0810-button-statement:export'), md5('0810-button-statement:email'))) granted
ON CONFLICT (role_id, permission_id) DO NOTHING;
