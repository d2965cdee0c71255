-- Codes sent by SMS for phone sign-in, registration and the account alteration (issue #17 parts 1
-- and 6; docs/decisions/049-phone-codes.md). One row per phone: a new code replaces the previous
-- one, at most once a minute (sent_at). The code itself is never stored, only its salted SHA-256;
-- attempts counts the checks of this code (a code dies after 5), whatever the lockout says.
CREATE TABLE sys_sms_code (
  mobile varchar(20) PRIMARY KEY,
  mode varchar(1) NOT NULL,
  code_hash varchar(64) NOT NULL,
  salt varchar(32) NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX idx_sys_sms_code_expires ON sys_sms_code (expires_at);


-- The tenant chosen at the last sign-in (JeecgBoot 3.4's sys_user.login_tenant_id): an account in
-- several tenants chooses one at sign-in until it has a valid one here (docs/decisions/049).
-- Accounts that existed before keep working in the tenant they were given until now (the first).
ALTER TABLE sys_user ADD COLUMN login_tenant_id integer;
UPDATE sys_user SET login_tenant_id = split_part(rel_tenant_ids, ',', 1)::integer
 WHERE rel_tenant_ids ~ '^[0-9]+,';
