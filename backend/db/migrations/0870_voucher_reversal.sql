-- 红字冲销 of a posted voucher (issue #32 leftover, docs/decisions/165, amending 032 and 156): a posted
-- voucher is never edited, voided or deleted; a mistake in it is corrected by a red reversing voucher
-- (status 已过账, dated the day of the reversal, the same accounts with debit and credit negated),
-- written in one transaction with the original's new status 4 已冲销. Both are linked, each way: the
-- red one names its original (reversal_of, reversal_of_no), the original its red one (reversal_id,
-- reversal_no) with the reason, who and when. A voucher is reversed once: the original's row lock
-- decides between requests at once, a unique index is the database's last word.
ALTER TABLE bill_voucher
  ADD COLUMN reversal_of     varchar(32) REFERENCES bill_voucher (id),
  ADD COLUMN reversal_of_no  varchar(64),
  ADD COLUMN reversal_id     varchar(32) REFERENCES bill_voucher (id),
  ADD COLUMN reversal_no     varchar(64),
  ADD COLUMN reverse_reason  varchar(255),
  ADD COLUMN reversed_by     varchar(32),
  ADD COLUMN reversed_at     timestamptz,
  ADD CONSTRAINT bill_voucher_reversed CHECK ((status = '4') = (reversal_id IS NOT NULL)
                                              AND (status <> '4' OR (reverse_reason IS NOT NULL AND btrim(reverse_reason) <> ''))),
  ADD CONSTRAINT bill_voucher_reversal_posted CHECK (reversal_of IS NULL OR status = '2');
CREATE UNIQUE INDEX uniq_bill_voucher_reversal_of ON bill_voucher (reversal_of) WHERE reversal_of IS NOT NULL;

-- Red figures: a reversing voucher's lines are negative. Each line still holds one side only.
ALTER TABLE bill_voucher_entry DROP CONSTRAINT IF EXISTS bill_voucher_entry_debit_check;
ALTER TABLE bill_voucher_entry DROP CONSTRAINT IF EXISTS bill_voucher_entry_credit_check;
ALTER TABLE bill_voucher_entry ADD CONSTRAINT bill_voucher_entry_one_side CHECK (debit = 0 OR credit = 0);

-- 凭证状态 4 已冲销 (the seed gives fresh databases the same).
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0870-dict-item-voucher_status-4'), d.id, '已冲销', '4', 4, 1, 'admin'
  FROM sys_dict d
 WHERE d.dict_code = 'voucher_status'
   AND NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = '4');

-- 冲销 (voucher:reverse) on 凭证, granted to the roles that post vouchers (the seed adds both to new databases).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0870-button-voucher:reverse'), p.id, '冲销', 2, 'voucher:reverse', '1', 10, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/billing/voucher' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'voucher:reverse' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT md5('0870-grant-voucher:reverse-' || rp.role_id), rp.role_id, md5('0870-button-voucher:reverse')
  FROM sys_permission b
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE b.perms = 'voucher:post' AND b.menu_type = 2
   AND EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0870-button-voucher:reverse'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
