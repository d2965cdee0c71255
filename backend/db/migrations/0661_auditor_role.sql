-- 审计员 (issue #34 item 5, docs/decisions/137): a role of the default school that reads 系统日志
-- (sign-in, operation, export and sensitive-view entries) and exports it for a period, and holds
-- nothing else of the administration: 首页, 系统监控 → 系统日志 and its 导出 button. A database
-- seeded before it gets the role here; on a fresh database the page does not exist yet and nothing
-- is inserted (the seed adds the role). An existing role coded `auditor` is left as it is.
INSERT INTO sys_role (id, role_name, role_code, description, tenant_id, platform_admin, create_by, create_time)
SELECT md5('0661-role-auditor'), '审计员', 'auditor', '查看和导出系统日志（登录、操作、导出、敏感信息查看）', 1, 0, 'admin', now()
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE url = '/monitor/log' AND menu_type IN (0, 1) AND del_flag = 0)
   AND NOT EXISTS (SELECT 1 FROM sys_role WHERE role_code = 'auditor' AND tenant_id = 1);

INSERT INTO sys_role_permission (id, role_id, permission_id, operate_date)
SELECT md5('0661-grant-' || p.id), md5('0661-role-auditor'), p.id, now()
  FROM sys_permission p
 WHERE EXISTS (SELECT 1 FROM sys_role WHERE id = md5('0661-role-auditor'))
   AND p.del_flag = 0
   AND ((p.menu_type IN (0, 1) AND p.url IN ('/dashboard/analysis', '/monitor', '/monitor/log'))
        OR (p.menu_type = 2 AND p.perms = 'log:export'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
