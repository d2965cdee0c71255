-- 报表配置 (issue #18 part 2, api-contract.md §5 onl_cgreport_*): online reports, their columns and
-- their parameters, per tenant; the database role reports run under; the page and its buttons for
-- databases seeded before (fresh ones get them from backend/seed/data/menu.ts), granted to the
-- platform administrators' roles only (docs/decisions/008, 057).
CREATE TABLE onl_cgreport_head (
  id               varchar(32) PRIMARY KEY,
  tenant_id        integer NOT NULL DEFAULT 1,
  code             varchar(100) NOT NULL,
  name             varchar(100) NOT NULL,
  cgr_sql          varchar(4000) NOT NULL,
  return_val_field varchar(100),
  return_txt_field varchar(100),
  return_type      varchar(2) NOT NULL DEFAULT '1',
  db_source        varchar(100),
  content          varchar(200),
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz
);
CREATE UNIQUE INDEX uq_onl_cgreport_head_code ON onl_cgreport_head (tenant_id, code);
CREATE INDEX idx_onl_cgreport_head_list ON onl_cgreport_head (tenant_id, create_time DESC, id DESC);

CREATE TABLE onl_cgreport_item (
  id          varchar(32) PRIMARY KEY,
  cgrhead_id  varchar(32) NOT NULL REFERENCES onl_cgreport_head (id) ON DELETE CASCADE,
  field_name  varchar(100) NOT NULL,
  field_txt   varchar(100),
  field_width integer,
  field_type  varchar(20) NOT NULL DEFAULT 'String',
  search_mode varchar(10),
  is_order    smallint NOT NULL DEFAULT 0,
  is_search   smallint NOT NULL DEFAULT 0,
  dict_code   varchar(500),
  field_href  varchar(120),
  is_show     smallint NOT NULL DEFAULT 1,
  order_num   integer NOT NULL DEFAULT 0,
  replace_val varchar(200),
  is_total    varchar(2),
  group_title varchar(50)
);
CREATE INDEX idx_onl_cgreport_item_head ON onl_cgreport_item (cgrhead_id, order_num);

CREATE TABLE onl_cgreport_param (
  id          varchar(32) PRIMARY KEY,
  cgrhead_id  varchar(32) NOT NULL REFERENCES onl_cgreport_head (id) ON DELETE CASCADE,
  param_name  varchar(64) NOT NULL,
  param_txt   varchar(100),
  param_value varchar(200),
  order_num   integer NOT NULL DEFAULT 0
);
CREATE INDEX idx_onl_cgreport_param_head ON onl_cgreport_param (cgrhead_id, order_num);

-- The role reports run under (SET LOCAL ROLE in a read-only transaction): it reads the tables of
-- schema public except those holding secrets, and sys_user without its password and salt. Tables
-- created later by this owner are readable too (their module decides; the report parser keeps its
-- own list of refused tables). Roles are per server: an existing one is reused. A database user
-- without CREATEROLE leaves reports refused until an administrator runs this block
-- (README "Online reports").
DO $$
DECLARE
  secret_table text;
BEGIN
  BEGIN
    CREATE ROLE school_report_reader NOLOGIN;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;
  END;
  EXECUTE format('GRANT school_report_reader TO %I', current_user);
  GRANT USAGE ON SCHEMA public TO school_report_reader;
  GRANT SELECT ON ALL TABLES IN SCHEMA public TO school_report_reader;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO school_report_reader;
  FOREACH secret_table IN ARRAY ARRAY['sys_session', 'sys_app_secret', 'sys_captcha', 'sys_login_failure', 'sys_login_lock',
                                      'sys_data_source', 'schema_migrations', 'sys_user'] LOOP
    IF to_regclass('public.' || secret_table) IS NOT NULL THEN
      EXECUTE format('REVOKE ALL ON public.%I FROM school_report_reader', secret_table);
    END IF;
  END LOOP;
  EXECUTE (
    SELECT format('GRANT SELECT (%s) ON public.sys_user TO school_report_reader', string_agg(quote_ident(column_name), ', '))
      FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'sys_user' AND column_name NOT IN ('password', 'salt')
  );
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'school_report_reader not created (needs CREATEROLE): online reports stay refused until it exists';
END
$$;

-- The page and its buttons, for databases seeded before this migration: under 在线开发 (/online)
-- when the database has that group, else under 系统管理.
INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0190-page-online-report'), parent.id, '报表配置', '/online/cgreport', 'modules/online/cgreport/OnlCgreportHeadList', 'OnlCgreportHeadList',
       1, 100, 1, 0, '1', 0, 'admin'
  FROM sys_permission parent
 WHERE parent.id = (SELECT id FROM sys_permission WHERE url IN ('/online', '/isystem') AND menu_type = 0 AND del_flag = 0
                     ORDER BY url = '/online' DESC, create_time NULLS LAST, id LIMIT 1)
   AND NOT EXISTS (SELECT 1 FROM sys_permission WHERE url = '/online/cgreport' AND menu_type IN (0, 1));

INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0190-button-' || w.perms), p.id, w.name, 2, w.perms, '1', w.sort_no, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('onlCgreport:add', '添加', 1), ('onlCgreport:edit', '编辑', 2), ('onlCgreport:delete', '删除', 3),
               ('onlCgreport:batch_delete', '批量删除', 4), ('onlCgreport:export', '导出', 5), ('onlCgreport:menu', '生成菜单', 6))
       AS w (perms, name, sort_no)
  JOIN LATERAL (SELECT id FROM sys_permission WHERE url = '/online/cgreport' AND menu_type IN (0, 1) AND del_flag = 0
                 ORDER BY create_time NULLS LAST, id LIMIT 1) p ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = w.perms AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0190-grant-' || r.id || '-' || p.id), r.id, p.id
  FROM sys_role r
  JOIN sys_permission p ON p.id = md5('0190-page-online-report')
                        OR (p.menu_type = 2 AND p.id = md5('0190-button-' || p.perms) AND p.perms LIKE 'onlCgreport:%')
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;
