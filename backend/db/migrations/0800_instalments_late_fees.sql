-- Instalments (分期) and late fees (滞纳金) of bills (issue #33 item 1, docs/decisions/159).

-- A bill's instalments: their own due dates and amounts, summing to the bill's payable (the
-- backend keeps it so after every change of the bill's lines). What is paid goes to the earliest
-- due first: an instalment's paid part is read from the bill's paid amount and `cumulative` (this
-- and the earlier instalments' amounts), never stored, so payments, reversals and refunds need
-- no change: paid = least(amount, greatest(0, bill.paid_amount - (cumulative - amount))).
CREATE TABLE bill_instalment (
  id          varchar(32) PRIMARY KEY,
  bill_id     varchar(32) NOT NULL REFERENCES bill_bill (id) ON DELETE CASCADE,
  seq         smallint NOT NULL CHECK (seq >= 1),
  due_date    date NOT NULL,
  amount      numeric(12,2) NOT NULL CHECK (amount >= 0),
  cumulative  numeric(12,2) NOT NULL CHECK (cumulative >= amount)
);
CREATE UNIQUE INDEX uniq_bill_instalment_seq ON bill_instalment (bill_id, seq);

-- A project's instalment plan, applied at generation: a count, and its due dates (yyyy-MM-dd
-- separated by commas) or none for "one a month from the generation's due date".
ALTER TABLE bill_project ADD COLUMN instalment_count smallint CHECK (instalment_count BETWEEN 1 AND 12);
ALTER TABLE bill_project ADD COLUMN instalment_dates varchar(200);

-- A project's late fee rule: dict late_fee_mode (1 每日金额, 2 每日比例, 3 一次性金额, 4 一次性比例),
-- its amount or percent of the project's part of the bill, after N days overdue, capped per bill.
ALTER TABLE bill_project ADD COLUMN late_fee_mode varchar(2) CHECK (late_fee_mode IN ('1', '2', '3', '4'));
ALTER TABLE bill_project ADD COLUMN late_fee_value numeric(12,2) CHECK (late_fee_value > 0);
ALTER TABLE bill_project ADD COLUMN late_fee_days integer CHECK (late_fee_days >= 0);
ALTER TABLE bill_project ADD COLUMN late_fee_cap numeric(12,2) CHECK (late_fee_cap > 0);
ALTER TABLE bill_project ADD CONSTRAINT bill_project_late_fee_whole CHECK (late_fee_mode IS NULL OR late_fee_value IS NOT NULL);

-- The late fees charged: at most one row per bill and school day, whatever runs the job twice or
-- two instances at once (the unique key is the guard); the day's amount went onto the bill's
-- 「滞纳金：<project>」 line(s) in the same transaction.
CREATE TABLE bill_late_fee (
  id          varchar(32) PRIMARY KEY,
  tenant_id   integer NOT NULL,
  bill_id     varchar(32) NOT NULL REFERENCES bill_bill (id) ON DELETE CASCADE,
  fee_date    date NOT NULL,
  amount      numeric(12,2) NOT NULL CHECK (amount > 0),
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX uniq_bill_late_fee_day ON bill_late_fee (bill_id, fee_date);

-- 滞纳金方式 (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0800-dict-late_fee_mode'), '滞纳金方式', 'late_fee_mode', 0, 'admin'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = 'late_fee_mode')
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0800-dict-item-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('1', '每日金额', 1), ('2', '每日比例', 2), ('3', '一次性金额', 3), ('4', '一次性比例', 4)) AS wanted (value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = 'late_fee_mode'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 分期 (bill:instalment) on the bill page, for the roles that may edit bills (the seed adds it to
-- new databases).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0800-button-bill:instalment'), p.id, '分期', 2, 'bill:instalment', '1', 11, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/billing/bill' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'bill:instalment' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0800-grant-' || rp.role_id), rp.role_id, md5('0800-button-bill:instalment')
  FROM sys_role_permission rp
  JOIN sys_permission b ON b.id = rp.permission_id AND b.perms = 'bill:edit' AND b.menu_type = 2
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0800-button-bill:instalment'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
