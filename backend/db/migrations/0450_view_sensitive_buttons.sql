-- 查看敏感信息 (issue #34 item 1, docs/decisions/087): the button that shows a module's personal
-- data (passport numbers, phones, e-mails, WeChat ids) in full. A database seeded before it has the
-- pages but not the buttons: each is added under its page and granted to the platform
-- administrators' roles only, as 0140 does; a school's own roles see the data masked until their
-- administrator grants it in 角色管理 → 授权 (docs/decisions/008). On a fresh database the pages do
-- not exist yet and nothing is inserted (the seed adds the buttons).
CREATE TEMPORARY TABLE wanted_sensitive_button (page_url text, perms text) ON COMMIT DROP;
INSERT INTO wanted_sensitive_button VALUES
  ('/school/student', 'student:viewSensitive'),
  ('/school/parent', 'parent:viewSensitive'),
  ('/school/teacher', 'teacher:viewSensitive');

INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0450-button-' || w.perms), p.id, '查看敏感信息', 2, w.perms, '1', 7, 0, 1, '1', 0, 'admin'
  FROM wanted_sensitive_button w
  JOIN LATERAL (
    SELECT id FROM sys_permission
     WHERE url = w.page_url AND menu_type IN (0, 1) AND del_flag = 0
     ORDER BY create_time NULLS LAST, id LIMIT 1
  ) p ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = w.perms AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0450-grant-' || r.id || '-' || b.id), r.id, b.id
  FROM sys_role r
  JOIN sys_permission b ON b.menu_type = 2 AND b.id = md5('0450-button-' || b.perms)
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;
