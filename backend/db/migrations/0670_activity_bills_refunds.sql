-- Activity fees are their own bills, and a paid sign-up's cancellation is a refund (issue #32
-- item 6, docs/decisions/138). Amends 0080 (one live bill per student and term) and 0090 (payments
-- are positive).
--
-- What a bill is: 1 the term's bill (generation, or made by hand), 2 an activity's bill (a
-- confirmed sign-up's fee, one bill per sign-up). The rule "one live bill per student and term"
-- (docs/decisions/026) holds for the term's bills only.
ALTER TABLE bill_bill ADD COLUMN kind varchar(2) NOT NULL DEFAULT '1';  -- dict bill_kind
DROP INDEX IF EXISTS uniq_bill_bill_student_term;
CREATE UNIQUE INDEX uniq_bill_bill_student_term ON bill_bill (tenant_id, student_id, school_year, term) WHERE status <> '4' AND kind = '1';

-- What a payment is: 1 money received, 2 a refund (退费): money paid back, a negative amount
-- allocated (negatively) to the bill it refunds. A refund is never edited, allocated or reversed.
ALTER TABLE bill_payment ADD COLUMN kind varchar(2) NOT NULL DEFAULT '1';  -- dict payment_kind
ALTER TABLE bill_payment DROP CONSTRAINT IF EXISTS bill_payment_amount_check;
ALTER TABLE bill_payment DROP CONSTRAINT IF EXISTS bill_payment_allocated;
ALTER TABLE bill_payment
  ADD CONSTRAINT bill_payment_amount_sign CHECK ((kind = '1' AND amount > 0) OR (kind = '2' AND amount < 0)),
  ADD CONSTRAINT bill_payment_allocated CHECK (
    (kind = '1' AND allocated_amount >= 0 AND allocated_amount <= amount) OR (kind = '2' AND allocated_amount = amount));
ALTER TABLE bill_payment_allocation DROP CONSTRAINT IF EXISTS bill_payment_allocation_amount_check;
ALTER TABLE bill_payment_allocation ADD CONSTRAINT bill_payment_allocation_amount_nonzero CHECK (amount <> 0);

-- The refund of a cancelled paid sign-up.
ALTER TABLE act_signup ADD COLUMN refund_payment_id varchar(32) REFERENCES bill_payment (id);

-- 账单类型 and 付款类型 (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0670-dict-' || wanted.code), wanted.name, wanted.code, 0, 'admin'
  FROM (VALUES ('bill_kind', '账单类型'), ('payment_kind', '付款类型')) AS wanted (code, name)
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = wanted.code)
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0670-dict-item-' || wanted.code || '-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('bill_kind', '1', '学期', 1), ('bill_kind', '2', '活动', 2), ('payment_kind', '1', '收款', 1), ('payment_kind', '2', '退费', 2))
       AS wanted (code, value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = wanted.code
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 退费 (bill:refund) on the bill page, for the roles that may void bills (as 0521 did for 减免;
-- the seed adds it to new databases).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0670-button-bill:refund'), p.id, '退费', 2, 'bill:refund', '1', 10, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/billing/bill' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'bill:refund' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0670-grant-' || rp.role_id), rp.role_id, md5('0670-button-bill:refund')
  FROM sys_role_permission rp
  JOIN sys_permission b ON b.id = rp.permission_id AND b.perms = 'bill:void' AND b.menu_type = 2
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0670-button-bill:refund'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
