-- Third-party (OpenID Connect / OAuth2) and CAS sign-in (issue #17 parts 2-4, docs/decisions/051, 052).

-- A third-party identity bound to an account (the original's sys_third_account). An identity
-- (provider type + subject) belongs to at most one account, and an account has at most one
-- identity per provider type: both are unique indexes, so two concurrent binds cannot both win.
CREATE TABLE sys_third_account (
  id               varchar(32) PRIMARY KEY,
  sys_user_id      varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  third_type       varchar(50) NOT NULL,
  third_user_uuid  varchar(255) NOT NULL,
  realname         varchar(100),
  avatar           varchar(500),
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX uniq_sys_third_account_identity ON sys_third_account (third_type, third_user_uuid);
CREATE UNIQUE INDEX uniq_sys_third_account_user_type ON sys_third_account (sys_user_id, third_type);

-- A redirect to a provider in progress: its state (hashed), nonce and PKCE verifier, used once by
-- the callback and only within 10 minutes. bind_user_id: started by a signed-in user from 绑定.
CREATE TABLE sys_third_login_request (
  state_hash     char(64) PRIMARY KEY,
  third_type     varchar(50) NOT NULL,
  nonce          varchar(100) NOT NULL,
  code_verifier  varchar(128) NOT NULL,
  redirect_uri   varchar(1000) NOT NULL,
  bind_user_id   varchar(32),
  expires_at     timestamptz NOT NULL,
  create_time    timestamptz NOT NULL DEFAULT now()
);

-- What the callback hands the web server: a one-time ticket (hashed) for a sign-in of a bound
-- identity (kind login, user_id set) or for binding a new identity to an account (kind bind).
CREATE TABLE sys_third_login_ticket (
  ticket_hash      char(64) PRIMARY KEY,
  kind             varchar(10) NOT NULL,
  third_type       varchar(50) NOT NULL,
  third_user_uuid  varchar(255) NOT NULL,
  realname         varchar(100),
  avatar           varchar(500),
  user_id          varchar(32),
  expires_at       timestamptz NOT NULL,
  create_time      timestamptz NOT NULL DEFAULT now()
);

-- CAS service tickets already presented to /sys/cas/client/validateLogin (hashed): a ticket
-- signs in once, whatever the CAS server says of it the second time. Kept for a day.
CREATE TABLE sys_cas_ticket (
  ticket_hash  char(64) PRIMARY KEY,
  create_time  timestamptz NOT NULL DEFAULT now()
);
