-- 批量设置付款方 on 学生 (issue #29 item 3, docs/decisions/170): the button student:batch_payer,
-- granted to the roles that hold 学生 编辑 (the seed adds it to new databases with the page).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0900-button-student:batch_payer'), p.id, '批量设置付款方', 2, 'student:batch_payer', '1', 21, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/school/student' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'student:batch_payer' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT md5('0900-grant-student:batch_payer-' || rp.role_id), rp.role_id, md5('0900-button-student:batch_payer')
  FROM sys_permission b
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE b.perms = 'student:edit' AND b.menu_type = 2
   AND EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0900-button-student:batch_payer'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
