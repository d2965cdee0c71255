-- System tables of the JeecgBoot contract (docs/spec/api-contract.md §5), in PostgreSQL.
-- Times are timestamptz; the API formats them as yyyy-MM-dd HH:mm:ss in GMT+8.

CREATE TABLE sys_tenant (
  id            integer PRIMARY KEY,
  name          varchar(100) NOT NULL,
  begin_date    timestamptz,
  end_date      timestamptz,
  status        integer NOT NULL DEFAULT 1,
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sys_user (
  id             varchar(32) PRIMARY KEY,
  username       varchar(100) NOT NULL,
  realname       varchar(100),
  password       varchar(255),
  salt           varchar(45),
  avatar         varchar(255),
  birthday       date,
  sex            smallint,
  email          varchar(45),
  phone          varchar(45),
  org_code       varchar(64),
  status         smallint NOT NULL DEFAULT 1,
  del_flag       smallint NOT NULL DEFAULT 0,
  third_id       varchar(100),
  third_type     varchar(100),
  activiti_sync  smallint DEFAULT 1,
  work_no        varchar(100),
  post           varchar(100),
  telephone      varchar(45),
  user_identity  smallint DEFAULT 1,
  depart_ids     text,
  rel_tenant_ids varchar(100),
  client_id      varchar(64),
  create_by      varchar(32),
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_by      varchar(32),
  update_time    timestamptz
);
CREATE UNIQUE INDEX uniq_sys_user_username ON sys_user (username);
CREATE UNIQUE INDEX uniq_sys_user_work_no ON sys_user (work_no);
CREATE UNIQUE INDEX uniq_sys_user_email ON sys_user (email);
CREATE UNIQUE INDEX uniq_sys_user_phone ON sys_user (phone);

CREATE TABLE sys_role (
  id           varchar(32) PRIMARY KEY,
  role_name    varchar(200),
  role_code    varchar(100) NOT NULL,
  description  varchar(255),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_sys_role_role_code ON sys_role (role_code);

CREATE TABLE sys_user_role (
  id       varchar(32) PRIMARY KEY,
  user_id  varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  role_id  varchar(32) NOT NULL REFERENCES sys_role (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uniq_sys_user_role ON sys_user_role (user_id, role_id);
CREATE INDEX idx_sys_user_role_role ON sys_user_role (role_id);

CREATE TABLE sys_permission (
  id                    varchar(32) PRIMARY KEY,
  parent_id             varchar(32),
  name                  varchar(255),
  url                   varchar(255),
  component             varchar(255),
  component_name        varchar(100),
  redirect              varchar(255),
  menu_type             integer NOT NULL,
  perms                 varchar(1000),
  perms_type            varchar(10) DEFAULT '0',
  sort_no               double precision DEFAULT 0,
  always_show           smallint DEFAULT 0,
  icon                  varchar(100),
  is_route              smallint DEFAULT 1,
  is_leaf               smallint DEFAULT 1,
  keep_alive            smallint DEFAULT 0,
  hidden                smallint DEFAULT 0,
  hide_tab              smallint DEFAULT 0,
  description           varchar(255),
  del_flag              smallint NOT NULL DEFAULT 0,
  rule_flag             smallint DEFAULT 0,
  status                varchar(2) DEFAULT '1',
  internal_or_external  smallint DEFAULT 0,
  create_by             varchar(32),
  create_time           timestamptz NOT NULL DEFAULT now(),
  update_by             varchar(32),
  update_time           timestamptz
);
CREATE INDEX idx_sys_permission_parent ON sys_permission (parent_id);
CREATE INDEX idx_sys_permission_menu_type ON sys_permission (menu_type);

CREATE TABLE sys_role_permission (
  id             varchar(32) PRIMARY KEY,
  role_id        varchar(32) NOT NULL REFERENCES sys_role (id) ON DELETE CASCADE,
  permission_id  varchar(32) NOT NULL REFERENCES sys_permission (id) ON DELETE CASCADE,
  data_rule_ids  varchar(1000),
  operate_date   timestamptz,
  operate_ip     varchar(100)
);
CREATE UNIQUE INDEX uniq_sys_role_permission ON sys_role_permission (role_id, permission_id);
CREATE INDEX idx_sys_role_permission_permission ON sys_role_permission (permission_id);

CREATE TABLE sys_permission_data_rule (
  id               varchar(32) PRIMARY KEY,
  permission_id    varchar(32) REFERENCES sys_permission (id) ON DELETE CASCADE,
  rule_name        varchar(50),
  rule_column      varchar(50),
  rule_conditions  varchar(50),
  rule_value       varchar(300),
  status           varchar(3) DEFAULT '1',
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz
);
CREATE INDEX idx_sys_permission_data_rule_permission ON sys_permission_data_rule (permission_id);

CREATE TABLE sys_depart (
  id                varchar(32) PRIMARY KEY,
  parent_id         varchar(32),
  depart_name       varchar(100) NOT NULL,
  depart_name_en    varchar(500),
  depart_name_abbr  varchar(500),
  depart_order      integer DEFAULT 0,
  description       text,
  org_category      varchar(10) NOT NULL DEFAULT '1',
  org_type          varchar(10),
  org_code          varchar(64) NOT NULL,
  mobile            varchar(32),
  fax               varchar(32),
  address           varchar(100),
  memo              varchar(500),
  status            varchar(1) DEFAULT '1',
  del_flag          varchar(1) DEFAULT '0',
  qywx_identifier   varchar(100),
  create_by         varchar(32),
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_by         varchar(32),
  update_time       timestamptz
);
CREATE UNIQUE INDEX uniq_sys_depart_org_code ON sys_depart (org_code);
CREATE INDEX idx_sys_depart_parent ON sys_depart (parent_id);

CREATE TABLE sys_user_depart (
  id       varchar(32) PRIMARY KEY,
  user_id  varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  dep_id   varchar(32) NOT NULL REFERENCES sys_depart (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uniq_sys_user_depart ON sys_user_depart (user_id, dep_id);
CREATE INDEX idx_sys_user_depart_dep ON sys_user_depart (dep_id);

CREATE TABLE sys_position (
  id             varchar(32) PRIMARY KEY,
  code           varchar(100) NOT NULL,
  name           varchar(100),
  post_rank      varchar(2),
  company_id     varchar(255),
  sys_org_code   varchar(50),
  create_by      varchar(32),
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_by      varchar(32),
  update_time    timestamptz
);
CREATE UNIQUE INDEX uniq_sys_position_code ON sys_position (code);

CREATE TABLE sys_dict (
  id           varchar(32) PRIMARY KEY,
  dict_name    varchar(100) NOT NULL,
  dict_code    varchar(100) NOT NULL,
  description  varchar(255),
  del_flag     integer NOT NULL DEFAULT 0,
  type         integer NOT NULL DEFAULT 0,
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_sys_dict_code ON sys_dict (dict_code);

CREATE TABLE sys_dict_item (
  id           varchar(32) PRIMARY KEY,
  dict_id      varchar(32) NOT NULL REFERENCES sys_dict (id) ON DELETE CASCADE,
  item_text    varchar(100) NOT NULL,
  item_value   varchar(100) NOT NULL,
  description  varchar(255),
  sort_order   integer DEFAULT 0,
  status       integer NOT NULL DEFAULT 1,
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE INDEX idx_sys_dict_item_dict ON sys_dict_item (dict_id, sort_order);

CREATE TABLE sys_log (
  id             varchar(32) PRIMARY KEY,
  log_type       integer,
  log_content    varchar(1000),
  operate_type   integer,
  userid         varchar(32),
  username       varchar(100),
  ip             varchar(100),
  method         varchar(500),
  request_url    varchar(255),
  request_param  text,
  request_type   varchar(10),
  cost_time      bigint,
  create_by      varchar(32),
  create_time    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idx_sys_log_type_time ON sys_log (log_type, create_time);

-- Server-side session behind each token: logout, idle expiry and forced logout end it.
CREATE TABLE sys_session (
  id              varchar(32) PRIMARY KEY,
  token_hash      char(64) NOT NULL,
  user_id         varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  username        varchar(100) NOT NULL,
  tenant_id       integer,
  ip              varchar(100),
  user_agent      varchar(500),
  create_time     timestamptz NOT NULL DEFAULT now(),
  last_active     timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  ended_at        timestamptz,
  end_reason      varchar(20)
);
CREATE UNIQUE INDEX uniq_sys_session_token ON sys_session (token_hash);
CREATE INDEX idx_sys_session_user ON sys_session (user_id) WHERE ended_at IS NULL;

-- Secrets generated once per installation (token signing key), shared by every backend instance.
CREATE TABLE sys_app_secret (
  name         varchar(64) PRIMARY KEY,
  value        text NOT NULL,
  create_time  timestamptz NOT NULL DEFAULT now()
);
