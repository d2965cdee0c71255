-- Staff phones and e-mails encrypted at rest (issue #34 item 2, docs/decisions/145), as the school
-- modules' since 0560 (decision 119): sys_user.phone and .email hold AES-256-GCM ciphertext, each
-- with the keyed hash of its value beside it. The hashes carry what the clear columns' unique
-- indexes did (one account per phone, per e-mail) and are what sign-in by phone, the phone's
-- password reset and the registration's checks look accounts up by. The rows already there are
-- encrypted by the backend when it starts (the key is the environment's, never the database's).
--
-- Two accounts whose phones or e-mails differ only by what the search ignores (case of an
-- e-mail, spaces or dashes in a phone) would share a hash: the migration stops and names them,
-- rather than leave a backend that cannot start.
DO $$
DECLARE
  clash text;
BEGIN
  SELECT string_agg(ids, '; ') INTO clash FROM (
    SELECT 'email ' || string_agg(username, ', ') AS ids FROM sys_user
     WHERE email IS NOT NULL AND btrim(email) <> '' GROUP BY lower(btrim(email)) HAVING count(*) > 1
    UNION ALL
    SELECT 'phone ' || string_agg(username, ', ') FROM sys_user
     WHERE phone IS NOT NULL AND btrim(phone) <> '' GROUP BY regexp_replace(btrim(phone), '[[:space:]-]', '', 'g') HAVING count(*) > 1
  ) clashes;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'sys_user: accounts share a phone or e-mail once spaces, dashes and case are ignored (%); give each its own before upgrading', clash;
  END IF;
END $$;

DROP INDEX IF EXISTS uniq_sys_user_email;
DROP INDEX IF EXISTS uniq_sys_user_phone;
ALTER TABLE sys_user ALTER COLUMN phone TYPE text, ALTER COLUMN email TYPE text;
ALTER TABLE sys_user ADD COLUMN IF NOT EXISTS phone_hash varchar(64), ADD COLUMN IF NOT EXISTS email_hash varchar(64);
CREATE UNIQUE INDEX IF NOT EXISTS uniq_sys_user_phone_hash ON sys_user (phone_hash);
CREATE UNIQUE INDEX IF NOT EXISTS uniq_sys_user_email_hash ON sys_user (email_hash);

-- Report SQL never saw them (decision 078); nor does it see their hashes.
UPDATE report_source SET hidden_columns = hidden_columns || ',phone_hash,email_hash'
 WHERE table_name = 'sys_user' AND hidden_columns NOT LIKE '%phone_hash%';

-- Online forms (decision 145): a synchronised form's fields marked 敏感 of a kind stored encrypted
-- (ID number, phone, e-mail, bank account, address) were kept in clear (decision 136). Their
-- columns become text with `<name>_hash` beside, as 同步数据库 now makes them; the backend encrypts
-- the rows when it starts (it builds every such form first). A form whose JSON does not parse has
-- no sensitive field, as the backend reads it.
DO $$
DECLARE
  head record;
  sealed text[];
  name text;
  tbl text;
BEGIN
  FOR head IN SELECT table_name, synced_json FROM onl_cgform_head WHERE synced_json IS NOT NULL LOOP
    tbl := 'onlform_' || head.table_name;
    IF to_regclass(quote_ident(tbl)) IS NULL THEN
      CONTINUE;
    END IF;
    BEGIN
      SELECT array_agg(f ->> 'name') INTO sealed FROM jsonb_array_elements(head.synced_json::jsonb) AS f
       WHERE jsonb_typeof(f) = 'object' AND f ->> 'sensitive' IN ('idNumber', 'phone', 'email', 'bankAccount', 'address')
         AND f ->> 'name' ~ '^[a-z][a-z0-9_]{0,39}$';
    EXCEPTION WHEN others THEN
      sealed := NULL;
    END;
    IF sealed IS NULL THEN
      CONTINUE;
    END IF;
    -- The table's report view stands on its columns (as 同步数据库 does: off, then made again).
    EXECUTE format('DROP VIEW IF EXISTS report.%I', tbl);
    FOREACH name IN ARRAY sealed LOOP
      EXECUTE format('ALTER TABLE %I ALTER COLUMN %I TYPE text', tbl, name);
      EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS %I varchar(64)', tbl, name || '_hash');
      EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (%I) WHERE %I IS NOT NULL', left(tbl || '_' || name || '_hash', 63), tbl, name || '_hash', name || '_hash');
    END LOOP;
    -- Neither the values nor their hashes reach report SQL.
    INSERT INTO report_source (table_name, scope, hidden_columns) VALUES (tbl, 'tenant', '')
    ON CONFLICT (table_name) DO NOTHING;
    UPDATE report_source
       SET hidden_columns = (SELECT string_agg(DISTINCT c, ',') FROM unnest(string_to_array(coalesce(hidden_columns, ''), ',') || sealed
                               || (SELECT array_agg(n || '_hash') FROM unnest(sealed) AS n)) AS c WHERE c <> '')
     WHERE table_name = tbl;
    PERFORM report_expose(tbl);
  END LOOP;
END $$;
