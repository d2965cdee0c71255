-- Passwords that age (issue #34 item 3, docs/decisions/088): when each account's password was
-- last set, and the hashes of its last five, which a new password may not repeat. Accounts of an
-- older database start their age at this upgrade (nobody is sent to change a password at once).
ALTER TABLE sys_user ADD COLUMN password_time timestamptz NOT NULL DEFAULT now();

CREATE TABLE sys_user_password_history (
  id varchar(32) PRIMARY KEY,
  user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
  password varchar(255) NOT NULL,
  create_time timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX idx_sys_user_password_history_user ON sys_user_password_history (user_id, create_time DESC);
