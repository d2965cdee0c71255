-- 访问控制's page (issue #34 item 4, docs/decisions/134; table in 0640).
-- The page under 系统管理 and its buttons, granted to the platform administrator roles (fresh
-- databases get them from the seed's menu).
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0640-menu-/isystem/accessRule'), g.id, '访问控制', '/isystem/accessRule', 'system/SysAccessRuleList', 1, 17, 1, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/isystem' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) g
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.url = '/isystem/accessRule' AND existing.menu_type IN (0, 1));
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0640-button-' || w.perms), p.id, w.name, 2, w.perms, '1', w.sort_no, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('accessRule:add', '添加', 1), ('accessRule:edit', '编辑', 2), ('accessRule:delete', '删除', 3),
               ('accessRule:batch_delete', '批量删除', 4), ('accessRule:export', '导出', 5), ('accessRule:import', '导入', 6)) AS w (perms, name, sort_no)
  JOIN LATERAL (SELECT id FROM sys_permission WHERE url = '/isystem/accessRule' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) p ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = w.perms AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0640-grant-' || r.id || '-' || p.id), r.id, p.id
  FROM sys_role r
  JOIN sys_permission p ON p.id = md5('0640-menu-/isystem/accessRule')
                        OR (p.menu_type = 2 AND p.id = md5('0640-button-' || p.perms))
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;
