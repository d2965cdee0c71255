-- 用户管理's 查看敏感信息 (issue #34 item 1, docs/decisions/136): staff phones and e-mails in full.
-- As 0450 for the people pages: a database seeded before it gets the button under its page,
-- granted to the platform administrators' roles only; a school's own roles see the data masked
-- until their administrator grants it in 角色管理 → 授权. On a fresh database the page does not
-- exist yet and nothing is inserted (the seed adds the button).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0660-button-user:viewSensitive'), p.id, '查看敏感信息', 2, 'user:viewSensitive', '1', 9, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/isystem/user' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'user:viewSensitive' AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0660-grant-' || r.id), r.id, md5('0660-button-user:viewSensitive')
  FROM sys_role r
 WHERE r.platform_admin = 1
   AND EXISTS (SELECT 1 FROM sys_permission b WHERE b.id = md5('0660-button-user:viewSensitive'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
