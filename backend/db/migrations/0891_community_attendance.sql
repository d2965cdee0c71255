-- 出勤 of community activities (issue #29, docs/decisions/168): the button 出勤 (community:attendance)
-- on 社区活动, granted to the roles that open community activities (the seed adds it to new
-- databases), as 0830 did for 活动's.
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0891-button-community:attendance'), p.id, '出勤', 2, 'community:attendance', '1', 20, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/activity/community' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'community:attendance' AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT DISTINCT md5('0891-grant-community:attendance-' || rp.role_id), rp.role_id, md5('0891-button-community:attendance')
  FROM sys_permission b
  JOIN sys_role_permission rp ON rp.permission_id = b.id
 WHERE b.perms = 'community:open' AND b.menu_type = 2
   AND EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0891-button-community:attendance'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
