-- The JeecgBoot Vue 3 client's 用户管理 (issue #31 item 3, docs/decisions/123): a user's agent
-- (代理人, who acts for them over a period) and who has left a tenant (离职, with the colleague who
-- takes over). Both are per tenant: a person working for two schools leaves one of them.
CREATE TABLE sys_user_agent (
  id              varchar(32) PRIMARY KEY,
  tenant_id       integer NOT NULL,
  user_name       varchar(100) NOT NULL,
  agent_user_name varchar(100) NOT NULL,
  start_time      timestamptz,
  end_time        timestamptz,
  status          varchar(2) NOT NULL DEFAULT '1',
  create_by       varchar(32),
  create_time     timestamptz NOT NULL DEFAULT now(),
  update_by       varchar(32),
  update_time     timestamptz
);
CREATE UNIQUE INDEX uniq_sys_user_agent_tenant_user ON sys_user_agent (tenant_id, user_name);

CREATE TABLE sys_user_quit (
  user_id    varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  tenant_id  integer NOT NULL,
  -- The status the account had before (restored on 取消离职).
  status     smallint NOT NULL,
  create_by  varchar(32),
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tenant_id)
);
