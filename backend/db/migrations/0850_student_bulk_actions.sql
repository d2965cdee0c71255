-- 批量操作 on 学生 beyond 删除 (issue #29 item 3, docs/decisions/163): 批量分班 (student:batch_class)
-- and 批量修改状态 (student:batch_status), granted to the roles that hold 学生 编辑 (the seed adds
-- both to new databases).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0850-button-' || wanted.perms), p.id, wanted.name, 2, wanted.perms, '1', 20, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('批量分班', 'student:batch_class'), ('批量修改状态', 'student:batch_status')) AS wanted (name, perms)
  CROSS JOIN LATERAL (SELECT id FROM sys_permission WHERE url = '/school/student' AND menu_type IN (0, 1) AND del_flag = 0
                       ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = wanted.perms AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT md5('0850-grant-' || wanted.perms || '-' || rp.role_id), rp.role_id, md5('0850-button-' || wanted.perms)
  FROM (VALUES ('student:batch_class'), ('student:batch_status')) AS wanted (perms)
  JOIN sys_permission b ON b.perms = 'student:edit' AND b.menu_type = 2
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0850-button-' || wanted.perms))
ON CONFLICT (role_id, permission_id) DO NOTHING;
