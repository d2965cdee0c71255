-- The account centre and the dashboards besides 首页 (issue #17 parts 7-8; docs/decisions/053, 054).

-- 账户设置 → 新消息通知 and 个性化: one row per user, written by the user only. Both are JSON objects
-- whose shape the backend checks (contract/account.ts); a missing row means the defaults.
CREATE TABLE sys_user_preference (
  user_id      varchar(32) PRIMARY KEY,
  notify       jsonb NOT NULL DEFAULT '{}'::jsonb,
  custom       jsonb NOT NULL DEFAULT '{}'::jsonb,
  update_time  timestamptz NOT NULL DEFAULT now()
);

-- 工作台 → 常用页面: how often a user opened each page, per tenant (one upsert per page opened).
CREATE TABLE sys_user_page_visit (
  user_id     varchar(32) NOT NULL,
  tenant_id   integer NOT NULL,
  path        varchar(255) NOT NULL,
  visits      integer NOT NULL DEFAULT 0,
  last_visit  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tenant_id, path)
);

-- 监控 → 每分钟请求数: requests counted in memory by each backend instance and added here in
-- batches (INSERT ... ON CONFLICT DO UPDATE SET requests = requests + excluded.requests).
CREATE TABLE sys_request_minute (
  tenant_id  integer NOT NULL,
  minute     timestamptz NOT NULL,
  requests   integer NOT NULL DEFAULT 0,
  errors     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, minute)
);

-- The dashboards' menu (the seed gives fresh databases the same rows): a 仪表盘 group with 工作台, 图表,
-- 任务 and 监控, granted to the platform administrators' roles only (docs/decisions/008). On a fresh
-- database the menu does not exist yet and nothing is inserted.
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0170-menu-/dashboard'), NULL, '仪表盘', '/dashboard', 'layouts/RouteView', 0, 1.5, 'dashboard', 1, 0, '1', 0, 'admin'
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE url = '/dashboard/analysis')
   AND NOT EXISTS (SELECT 1 FROM sys_permission WHERE url = '/dashboard' AND menu_type IN (0, 1));
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0170-menu-' || w.url), g.id, w.name, w.url, w.component, 1, w.sort_no, 1, 1, '1', 0, 'admin'
  FROM (VALUES ('工作台', '/dashboard/workplace', 'dashboard/Workplace', 1),
               ('图表', '/dashboard/chart', 'dashboard/Chart', 2),
               ('任务', '/dashboard/task', 'dashboard/Task', 3),
               ('监控', '/dashboard/monitor', 'dashboard/Monitor', 4)) AS w (name, url, component, sort_no)
  JOIN LATERAL (SELECT id FROM sys_permission WHERE url = '/dashboard' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) g ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.url = w.url AND existing.menu_type IN (0, 1));
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0170-grant-' || r.id || '-' || p.id), r.id, p.id
  FROM sys_role r
  JOIN sys_permission p ON p.id IN (md5('0170-menu-/dashboard'), md5('0170-menu-/dashboard/workplace'), md5('0170-menu-/dashboard/chart'),
                                    md5('0170-menu-/dashboard/task'), md5('0170-menu-/dashboard/monitor'))
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;
