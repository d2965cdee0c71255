-- 表单开发 (online forms, issue #18 part 1, docs/decisions/055): one row per form definition. The
-- definitions are the platform's (the generated table is one for every school); the rows of a
-- generated table are each school's (its tenant_id). field_json is what the administrator edits,
-- synced_json what 同步数据库 last gave the table (the generated pages are built from it).
CREATE TABLE onl_cgform_head (
  id             varchar(32) PRIMARY KEY,
  table_name     varchar(40) NOT NULL,
  table_txt      varchar(100) NOT NULL,
  table_type     varchar(2) NOT NULL DEFAULT '1',
  theme_template varchar(20) DEFAULT 'normal',
  main_table     varchar(40),
  relation_type  varchar(2),
  is_tree        varchar(2) DEFAULT 'N',
  field_json     text,
  synced_json    text,
  is_db_synch    varchar(2) NOT NULL DEFAULT 'N',
  create_by      varchar(32),
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_by      varchar(32),
  update_time    timestamptz
);
CREATE UNIQUE INDEX uniq_onl_cgform_head_table ON onl_cgform_head (table_name);

-- The dictionaries of the definition's form (the seed gives a fresh database them).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0180-dict-' || wanted.code), wanted.name, wanted.code, 0, 'admin'
  FROM (VALUES ('online_table_type', '表类型'), ('online_theme', '页面风格'), ('online_relation', '映射关系'), ('online_synch', '同步状态')) AS wanted (code, name)
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = wanted.code)
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0180-dict-item-' || wanted.code || '-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES
    ('online_table_type', '1', '单表', 1), ('online_table_type', '2', '主表', 2), ('online_table_type', '3', '附表', 3),
    ('online_theme', 'normal', '默认风格', 1), ('online_theme', 'erp', 'ERP风格', 2), ('online_theme', 'tab', 'TAB风格', 3), ('online_theme', 'innerTable', '内嵌子表风格', 4),
    ('online_relation', '0', '一对多', 1), ('online_relation', '1', '一对一', 2),
    ('online_synch', 'Y', '已同步', 1), ('online_synch', 'N', '未同步', 2)
  ) AS wanted (code, value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = wanted.code
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 在线开发 → 表单开发 and its buttons on a database seeded before them, granted to the platform
-- administrators' roles only (docs/decisions/008). A fresh database gets them from the seed.
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0180-menu-/online'), NULL, '在线开发', '/online', 'layouts/RouteView', 0, 7, 'cloud', 1, 0, '1', 0, 'admin'
 WHERE EXISTS (SELECT 1 FROM sys_permission)
   AND NOT EXISTS (SELECT 1 FROM sys_permission WHERE url = '/online' AND menu_type IN (0, 1) AND del_flag = 0);
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0180-menu-/online/cgform'), p.id, '表单开发', '/online/cgform', 'modules/online/cgform/OnlCgformHeadList', 1, 1, 1, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/online' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission WHERE url = '/online/cgform' AND menu_type IN (0, 1) AND del_flag = 0);
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0180-button-' || w.perms), p.id, w.name, 2, w.perms, '1', w.sort_no, 0, 1, '1', 0, 'admin'
  FROM (VALUES
    ('online:cgform:add', '添加', 1), ('online:cgform:edit', '编辑', 2), ('online:cgform:delete', '删除', 3),
    ('online:cgform:batch_delete', '批量删除', 4), ('online:cgform:export', '导出', 5), ('online:cgform:import', '导入', 6),
    ('online:cgform:db_sync', '同步数据库', 7), ('online:cgform:add_menu', '加入菜单', 8)
  ) AS w (perms, name, sort_no)
  JOIN LATERAL (SELECT id FROM sys_permission WHERE url = '/online/cgform' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) p ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = w.perms AND existing.menu_type = 2);
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0180-grant-' || r.id || '-' || p.id), r.id, p.id
  FROM sys_role r
  JOIN sys_permission p ON p.id IN (md5('0180-menu-/online'), md5('0180-menu-/online/cgform'))
        OR p.id = md5('0180-button-' || p.perms)
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;
