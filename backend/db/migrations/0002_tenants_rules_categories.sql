-- Tenant isolation, check rules and the category dictionary (api-contract.md §5, §6, §7, §10).
--
-- Which tables belong to a tenant (decision, see backend/crud/tenant.ts):
-- - sys_role, sys_depart and sys_position get tenant_id: each campus has its own organisation
--   chart, roles and positions, and must never see another campus's.
-- - sys_user has no tenant_id: a user belongs to tenants through rel_tenant_ids (contract §5), and
--   one person (a principal) may work for several campuses.
-- - sys_dict / sys_dict_item, sys_category, sys_check_rule and sys_permission stay shared: they
--   are the application's configuration (codes the screens rely on), not a campus's data.
-- Existing rows belong to tenant 1, the default tenant.
ALTER TABLE sys_role ADD COLUMN tenant_id integer NOT NULL DEFAULT 1;
ALTER TABLE sys_depart ADD COLUMN tenant_id integer NOT NULL DEFAULT 1;
ALTER TABLE sys_position ADD COLUMN tenant_id integer NOT NULL DEFAULT 1;

-- Role and position codes are unique within a tenant: two campuses may both have a `teacher` role.
DROP INDEX uniq_sys_role_role_code;
CREATE UNIQUE INDEX uniq_sys_role_tenant_code ON sys_role (tenant_id, role_code);
DROP INDEX uniq_sys_position_code;
CREATE UNIQUE INDEX uniq_sys_position_tenant_code ON sys_position (tenant_id, code);
-- org_code stays unique across tenants: users' org_code and data-rule variables (#{sys_org_code})
-- name a department by it without a tenant.
CREATE INDEX idx_sys_depart_tenant ON sys_depart (tenant_id);

-- Value validation rules (contract §5 sys_check_rule, §7 "Check rules").
CREATE TABLE sys_check_rule (
  id                varchar(32) PRIMARY KEY,
  rule_name         varchar(100),
  rule_code         varchar(100) NOT NULL,
  rule_json         varchar(1024),
  rule_description  varchar(200),
  create_by         varchar(32),
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_by         varchar(32),
  update_time       timestamptz
);
CREATE UNIQUE INDEX uniq_sys_check_rule_code ON sys_check_rule (rule_code);

-- The category dictionary tree (contract §5 sys_category, §7 "Category"): root pid is '0'.
CREATE TABLE sys_category (
  id            varchar(36) PRIMARY KEY,
  pid           varchar(36) NOT NULL DEFAULT '0',
  name          varchar(100) NOT NULL,
  code          varchar(100) NOT NULL,
  sys_org_code  varchar(64),
  has_child     varchar(3),
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
CREATE UNIQUE INDEX uniq_sys_category_code ON sys_category (code);
CREATE INDEX idx_sys_category_pid ON sys_category (pid);
