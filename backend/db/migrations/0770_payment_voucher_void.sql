-- Nothing that was issued is deleted, payments and vouchers too (issue #32 item 4, docs/decisions/156,
-- amending 106): a payment's and a voucher's numbers come from fill-rule counters, so a deleted one
-- left a silent gap in its series. A payment is reversed (冲销) or, recorded by mistake and never
-- allocated nor receipted, voided (作废) with a reason: status 4 (已作废, out of every total, as a
-- reversed payment), its number kept. A draft voucher is voided with a reason (status 3 已作废); a
-- posted one stays as it is. The backend serves no delete of either.
ALTER TABLE bill_payment
  ADD COLUMN void_reason varchar(255),
  ADD COLUMN voided_by   varchar(32),
  ADD COLUMN voided_at   timestamptz,
  ADD CONSTRAINT bill_payment_void_reason CHECK (void_reason IS NULL OR (status = '4' AND btrim(void_reason) <> ''));
ALTER TABLE bill_voucher
  ADD COLUMN void_reason varchar(255),
  ADD COLUMN voided_by   varchar(32),
  ADD COLUMN voided_at   timestamptz,
  ADD CONSTRAINT bill_voucher_void_has_reason CHECK (status <> '3' OR (void_reason IS NOT NULL AND btrim(void_reason) <> ''));

-- 凭证状态 3 已作废 (the seed gives fresh databases the same).
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0770-dict-item-voucher_status-3'), d.id, '已作废', '3', 3, 1, 'admin'
  FROM sys_dict d
 WHERE d.dict_code = 'voucher_status'
   AND NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = '3');

-- 作废 (payment:void, voucher:void), granted to the roles that could delete them (or 冲销 / 过账 them).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0770-button-' || wanted.perms), p.id, '作废', 2, wanted.perms, '1', 9, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('/billing/payment', 'payment:void'), ('/billing/voucher', 'voucher:void')) AS wanted (url, perms)
  CROSS JOIN LATERAL (SELECT id FROM sys_permission WHERE url = wanted.url AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = wanted.perms AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT ON (rp.role_id, wanted.perms) md5('0770-grant-' || wanted.perms || '-' || rp.role_id), rp.role_id, md5('0770-button-' || wanted.perms)
  FROM (VALUES ('payment:void', ARRAY['payment:delete', 'payment:reverse']), ('voucher:void', ARRAY['voucher:delete', 'voucher:post'])) AS wanted (perms, holders)
  JOIN sys_permission b ON b.perms = ANY (wanted.holders) AND b.menu_type = 2
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0770-button-' || wanted.perms))
ON CONFLICT (role_id, permission_id) DO NOTHING;
UPDATE sys_permission SET del_flag = 1
 WHERE menu_type = 2 AND perms IN ('payment:delete', 'payment:batch_delete', 'voucher:delete', 'voucher:batch_delete');
