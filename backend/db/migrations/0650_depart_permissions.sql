-- 部门权限 (issue #31 items 3 and 4, docs/decisions/135): the menus and buttons granted to a
-- department, with its data rules per menu, as JeecgBoot's sys_depart_permission keeps them. Both
-- clients' 部门管理 → 部门权限 tab read and save it; a department belongs to one tenant, and its
-- rows go with it.
CREATE TABLE sys_depart_permission (
  id             varchar(32) PRIMARY KEY,
  depart_id      varchar(32) NOT NULL REFERENCES sys_depart (id) ON DELETE CASCADE,
  permission_id  varchar(32) NOT NULL REFERENCES sys_permission (id) ON DELETE CASCADE,
  data_rule_ids  varchar(1000)
);
CREATE UNIQUE INDEX uniq_sys_depart_permission ON sys_depart_permission (depart_id, permission_id);
CREATE INDEX idx_sys_depart_permission_permission ON sys_depart_permission (permission_id);
