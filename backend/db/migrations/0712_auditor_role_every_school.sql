-- 审计员 in every school (issue #34 item 5, docs/decisions/146): migration 0661 gave the default
-- school its auditor role; every other school gets its own here, as a school created from now on
-- does (backend/modules/system/tenant/school-defaults.ts addAuditorRole): 首页, 系统监控 → 系统日志
-- and its 导出 button, nothing else. A school that has a role coded `auditor` keeps it as it is; on
-- a fresh database the pages do not exist yet and nothing is inserted (the seed adds the roles).
INSERT INTO sys_role (id, role_name, role_code, description, tenant_id, platform_admin, create_by, create_time)
SELECT md5('0712-role-auditor-' || t.id), '审计员', 'auditor', '查看和导出系统日志（登录、操作、导出、敏感信息查看）', t.id, 0, 'admin', now()
  FROM sys_tenant t
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE url = '/monitor/log' AND menu_type IN (0, 1) AND del_flag = 0)
   AND NOT EXISTS (SELECT 1 FROM sys_role r WHERE r.role_code = 'auditor' AND r.tenant_id = t.id);

INSERT INTO sys_role_permission (id, role_id, permission_id, operate_date)
SELECT md5('0712-grant-' || t.id || '-' || p.id), md5('0712-role-auditor-' || t.id), p.id, now()
  FROM sys_tenant t
  JOIN sys_role r ON r.id = md5('0712-role-auditor-' || t.id)
 CROSS JOIN sys_permission p
 WHERE p.del_flag = 0
   AND ((p.menu_type IN (0, 1) AND p.url IN ('/dashboard/analysis', '/monitor', '/monitor/log'))
        OR (p.menu_type = 2 AND p.perms = 'log:export'))
ON CONFLICT (role_id, permission_id) DO NOTHING;
