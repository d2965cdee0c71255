-- The shop pays like everything else (issue #33 item 3, docs/decisions/161): an order's 付款 is a
-- payment of 付款 (bill_payment.order_id names its order), its 退款 a negative payment (退费) of the
-- same order, neither ever allocated to bills; an unpaid order is cancelled (已取消), never deleted.

ALTER TABLE bill_payment ADD COLUMN order_id varchar(32) REFERENCES shop_order (id);
-- One payment and one refund per order, whatever races.
CREATE UNIQUE INDEX uniq_bill_payment_order ON bill_payment (order_id, kind) WHERE order_id IS NOT NULL;
-- An order's money is never allocated to bills: its refund holds nothing allocated either.
ALTER TABLE bill_payment DROP CONSTRAINT IF EXISTS bill_payment_allocated;
ALTER TABLE bill_payment ADD CONSTRAINT bill_payment_allocated CHECK (
  (kind = '1' AND allocated_amount >= 0 AND allocated_amount <= amount)
  OR (kind = '2' AND (allocated_amount = amount OR (status = '4' AND allocated_amount = 0) OR (order_id IS NOT NULL AND allocated_amount = 0))));
ALTER TABLE bill_payment ADD CONSTRAINT bill_payment_order_unallocated CHECK (order_id IS NULL OR allocated_amount = 0);

-- 取消 / 退款: the reason and the time on the order (who: its history).
ALTER TABLE shop_order
  ADD COLUMN close_reason varchar(255),
  ADD COLUMN closed_at    timestamptz;

-- 订单状态 6 已取消 (the seed gives fresh databases the same).
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0840-dict-item-order_status-6'), d.id, '已取消', '6', 6, 1, 'admin'
  FROM sys_dict d
 WHERE d.dict_code = 'order_status'
   AND NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = '6');

-- 取消 (order:cancel), granted to the roles that could delete orders (or add them).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0840-button-order:cancel'), p.id, '取消', 2, 'order:cancel', '1', 10, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/shop/order' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'order:cancel' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT ON (rp.role_id) md5('0840-grant-order:cancel-' || rp.role_id), rp.role_id, md5('0840-button-order:cancel')
  FROM sys_permission b
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE b.perms IN ('order:delete', 'order:add') AND b.menu_type = 2
   AND EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0840-button-order:cancel'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
UPDATE sys_permission SET del_flag = 1
 WHERE menu_type = 2 AND perms IN ('order:delete', 'order:batch_delete');
