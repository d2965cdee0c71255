-- The remaining system pages and the original JeecgBoot client's compatibility (issue #16 parts 1-2).
-- Fresh databases get the same rows from the seed (backend/seed/data); these statements bring
-- databases created before this migration level with it.

-- The original client's component names (its views folder) for the pages we named otherwise; the
-- web app accepts both (app/pages.ts COMPONENT_ALIASES).
UPDATE sys_permission SET component = 'modules/message/SysMessageTemplateList' WHERE component = 'system/SysMessageTemplateList';
UPDATE sys_permission SET component = 'modules/oss/OSSFileList' WHERE component = 'system/OSSFileList';
UPDATE sys_permission SET component = 'system/SysUserOnlineList' WHERE component = 'system/OnlineUserList';

-- Two dictionaries the original client's forms read (user: 同步工作流引擎; menu: 全局权限策略).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0110-dict-' || code), name, code, kind, 'admin'
  FROM (VALUES ('activiti_sync', '是否同步工作流引擎', 1), ('global_perms_type', '全局权限策略', 0)) AS wanted (code, name, kind)
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE sys_dict.dict_code = wanted.code)
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0110-dict-item-' || wanted.code || '-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('activiti_sync', '1', '同步', 1), ('activiti_sync', '0', '不同步', 2),
               ('global_perms_type', '1', '可见/可访问(授权后可见/可访问)', 1), ('global_perms_type', '2', '可编辑(未授权时禁用)', 2))
       AS wanted (code, value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = wanted.code
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 租户管理: no lost updates on a tenant (docs/decisions/009) need its update time; new tenants are
-- numbered from a sequence, skipping numbers already taken (the seed's 1 and 2).
ALTER TABLE sys_tenant ADD COLUMN update_by varchar(32);
ALTER TABLE sys_tenant ADD COLUMN update_time timestamptz;
CREATE SEQUENCE sys_tenant_id_seq;

-- 文件存储: every stored upload (api-contract.md §5 oss_file, with what the page shows: type, size,
-- uploader, time), per tenant. The file itself stays under UPLOAD_DIR; `url` is its relative path.
CREATE TABLE oss_file (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  file_name    varchar(255) NOT NULL,
  url          varchar(1000) NOT NULL,
  file_type    varchar(20),
  file_size    bigint,
  biz          varchar(100),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE INDEX idx_oss_file_list ON oss_file (tenant_id, create_time DESC, id DESC);
CREATE INDEX idx_oss_file_url ON oss_file (url);

-- 数据源管理: named PostgreSQL connections of a tenant (api-contract.md §7 /sys/dataSource). The
-- password is stored encrypted (AES-256-GCM, key DATA_SOURCE_KEY: `v1:<iv>:<tag>:<data>`, base64)
-- and never returned.
CREATE TABLE sys_data_source (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  code         varchar(100) NOT NULL,
  name         varchar(100) NOT NULL,
  db_type      varchar(10) NOT NULL DEFAULT '4',
  db_url       varchar(500) NOT NULL,
  db_username  varchar(100) NOT NULL,
  db_password  varchar(500),
  remark       varchar(200),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_sys_data_source_code ON sys_data_source (tenant_id, code);

-- 数据源管理's 测试连接 button (the seed gives fresh databases the same).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0110-button-dataSource:test'), id, '测试连接', 2, 'dataSource:test', '1', 20, 0, 1, '1', 0, 'admin'
  FROM sys_permission
 WHERE url = '/isystem/dataSource' AND menu_type IN (0, 1)
   AND NOT EXISTS (SELECT 1 FROM sys_permission WHERE perms = 'dataSource:test');
