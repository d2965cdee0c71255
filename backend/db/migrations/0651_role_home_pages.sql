-- 首页配置 (issue #31 item 3, docs/decisions/135): a role's home page in the JeecgBoot Vue 3 client
-- (sys_role_index). Kept per role, so it lives in the role's tenant and goes with the role.
CREATE TABLE sys_role_index (
  id          varchar(32) PRIMARY KEY,
  role_id     varchar(32) NOT NULL REFERENCES sys_role (id) ON DELETE CASCADE,
  url         varchar(100) NOT NULL,
  component   varchar(255) NOT NULL,
  is_route    boolean NOT NULL DEFAULT true,
  priority    integer NOT NULL DEFAULT 0,
  status      varchar(2) NOT NULL DEFAULT '0',
  create_by   varchar(32),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_by   varchar(32),
  update_time timestamptz
);
CREATE UNIQUE INDEX uniq_sys_role_index_role ON sys_role_index (role_id);
