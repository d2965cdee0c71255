-- The failure budget of a client address across all user names (issue #27 item 6;
-- docs/decisions/132-address-failure-budget.md). One row per address that failed recently: the
-- row is what concurrent attempts from that address lock (FOR UPDATE), so every backend instance
-- on this database counts them one after another, and the earliest time it may try again.
CREATE TABLE sys_login_address (
  ip varchar(100) PRIMARY KEY,
  -- While the address is slowed down: no attempt is checked before this time.
  next_attempt_at timestamptz,
  -- While the address is locked out: every attempt is refused until this time.
  locked_until timestamptz
);

-- Each attempt of an address that tested a secret (a password or a phone code) and was not proven
-- right, and each attempt made while the address was told to wait; rows older than the window
-- no longer count and are deleted on the way.
CREATE TABLE sys_login_address_failure (
  id bigserial PRIMARY KEY,
  ip varchar(100) NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idx_sys_login_address_failure_ip ON sys_login_address_failure (ip, failed_at);

-- Client addresses are not for online reports (as sys_login_failure, migration 0190).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'school_report_reader') THEN
    REVOKE ALL ON sys_login_address, sys_login_address_failure FROM school_report_reader;
  END IF;
END
$$;
