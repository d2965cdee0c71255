-- Nothing that was issued is deleted (issue #32 item 4, docs/decisions/106): a receipt is voided
-- (作废) with a reason, never deleted; its number stays with its state and the reason. A new
-- receipt for the same payment gets the next number and names the voided one it replaces (重开).
-- One live receipt per payment (the partial unique index replaces 0090's one receipt per payment).
ALTER TABLE bill_receipt
  ADD COLUMN status       varchar(2) NOT NULL DEFAULT '1',   -- dict receipt_status: 1 有效, 2 已作废
  ADD COLUMN void_reason  varchar(255),
  ADD COLUMN voided_by    varchar(32),
  ADD COLUMN voided_at    timestamptz,
  ADD COLUMN reissue_of   varchar(32) REFERENCES bill_receipt (id),
  ADD COLUMN reissue_of_no varchar(64),
  ADD CONSTRAINT bill_receipt_void_has_reason CHECK (status <> '2' OR (void_reason IS NOT NULL AND btrim(void_reason) <> ''));
DROP INDEX IF EXISTS uniq_bill_receipt_payment;
CREATE UNIQUE INDEX uniq_bill_receipt_payment_live ON bill_receipt (payment_id) WHERE status = '1';
CREATE INDEX idx_bill_receipt_payment ON bill_receipt (payment_id);

-- 收据状态 (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0500-dict-receipt_status'), '收据状态', 'receipt_status', 0, 'admin'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = 'receipt_status')
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0500-dict-item-receipt_status-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('1', '有效', 1), ('2', '已作废', 2)) AS wanted (value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = 'receipt_status'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 作废 (receipt:void) under 收据, granted to the platform administrators' roles only as 0140 does;
-- 删除 and 批量删除 of receipts are gone (the backend has no delete for them).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0500-button-receipt:void'), p.id, '作废', 2, 'receipt:void', '1', 7, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/billing/receipt' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'receipt:void' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0500-grant-' || r.id), r.id, md5('0500-button-receipt:void')
  FROM sys_role r
 WHERE r.platform_admin = 1 AND EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0500-button-receipt:void'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
UPDATE sys_permission SET del_flag = 1 WHERE menu_type = 2 AND perms IN ('receipt:delete', 'receipt:batch_delete');
