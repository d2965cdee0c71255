-- Sign-in that resists guessing (issue #10 part B; docs/decisions/010-sign-in-guard.md).
-- Captchas of /sys/randomImage/{key}: one row per key, used once, gone after expires_at (a purge
-- job may delete expired rows; sign-in deletes them too).
CREATE TABLE sys_captcha (
  check_key varchar(64) PRIMARY KEY,
  code varchar(8) NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX idx_sys_captcha_expires ON sys_captcha (expires_at);

-- Failed password sign-ins, by the name typed (whether or not such an account exists) and by the
-- client's address; rows older than the window no longer count.
CREATE TABLE sys_login_failure (
  id bigserial PRIMARY KEY,
  username varchar(100) NOT NULL,
  ip varchar(100),
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idx_sys_login_failure_username ON sys_login_failure (username, failed_at);
CREATE INDEX idx_sys_login_failure_ip ON sys_login_failure (ip, failed_at);

-- A locked user name: password sign-in refused until locked_until (an administrator may unlock).
CREATE TABLE sys_login_lock (
  username varchar(100) PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

-- Accounts whose password someone else chose (an import, an administrator) must choose their own
-- before anything else.
ALTER TABLE sys_user ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
