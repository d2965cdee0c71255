-- 余额 on 应收账单 and the ageing report (issue #33 item 2, docs/decisions/110).
-- The balance is the database's: 应收 − 已收, a generated column, so every writer of the totals
-- (generation, bill saves, allocation, reversal) keeps it without knowing of it.
ALTER TABLE bill_receivable ADD COLUMN balance numeric(12,2) GENERATED ALWAYS AS (total_amount - received_amount) STORED;

-- The ageing report reads the open live bills of a tenant by due date.
CREATE INDEX idx_bill_bill_open_due ON bill_bill (tenant_id, due_date) WHERE status <> '4';

-- 账龄分析 under 收费管理 for a database seeded before it (a fresh one gets it from the seed), granted
-- to every role that has 应收账单.
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0520-menu-/billing/ageing'), r.parent_id, '账龄分析', '/billing/ageing', 'school/AgeingReport', 1, r.sort_no + 0.5, 1, 1, '1', 0, 'admin'
  FROM (SELECT parent_id, sort_no FROM sys_permission
         WHERE url = '/billing/receivableBill' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) r
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.url = '/billing/ageing' AND existing.menu_type IN (0, 1));

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0520-grant-' || rp.role_id), rp.role_id, md5('0520-menu-/billing/ageing')
  FROM sys_role_permission rp
  JOIN sys_permission p ON p.id = rp.permission_id AND p.url = '/billing/receivableBill' AND p.menu_type IN (0, 1)
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0520-menu-/billing/ageing'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
