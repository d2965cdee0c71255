-- The history of every record (issue #32 item 5, docs/decisions/070): one append-only row per
-- change of a record, written by the CRUD engine and by the workflows that change records outside
-- it (bill generation, allocation, 冲销, 作废…) in the transaction of the change. `changes` is a
-- JSON array of {field, old, new} keyed by column; `action` is add / edit / delete or the
-- workflow's name. Nobody edits or deletes it: there is no endpoint, and the trigger below refuses
-- UPDATE, DELETE and TRUNCATE to everyone, the administrator's SQL included.
CREATE TABLE sys_record_history (
  id          bigserial PRIMARY KEY,
  tenant_id   integer,
  module      varchar(64) NOT NULL,
  record_id   varchar(64) NOT NULL,
  action      varchar(32) NOT NULL,
  username    varchar(100),
  changed_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  changes     jsonb NOT NULL DEFAULT '[]'::jsonb,
  reason      varchar(500)
);
CREATE INDEX idx_sys_record_history_record ON sys_record_history (module, record_id, id);

CREATE FUNCTION sys_record_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sys_record_history is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER sys_record_history_no_update BEFORE UPDATE OR DELETE ON sys_record_history
  FOR EACH ROW EXECUTE FUNCTION sys_record_history_append_only();
CREATE TRIGGER sys_record_history_no_truncate BEFORE TRUNCATE ON sys_record_history
  FOR EACH STATEMENT EXECUTE FUNCTION sys_record_history_append_only();

-- One value of a snapshot as the history keeps it: numbers as their exact text (numeric 500.00
-- stays "500.00", never a float), a masked column as ******, null as null; a long text (a
-- body, a file's bytes) is cut at 1,000 characters.
CREATE FUNCTION sys_record_history_value(value jsonb, masked boolean) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL OR value = 'null'::jsonb THEN 'null'::jsonb
              WHEN masked THEN '"******"'::jsonb
              WHEN jsonb_typeof(value) = 'number' THEN to_jsonb(value #>> '{}')
              WHEN jsonb_typeof(value) = 'string' AND length(value #>> '{}') > 1000 THEN to_jsonb(left(value #>> '{}', 1000) || '…')
              WHEN jsonb_typeof(value) IN ('object', 'array') AND length(value::text) > 1000 THEN to_jsonb(left(value::text, 1000) || '…')
              ELSE value END
$$;

-- What changed between two snapshots of a row (to_jsonb of it), as [{field, old, new}]: every
-- column whose value differs, except the key, the tenant and the audit columns (the history row
-- says who and when). `masked` columns never show a value: a change reads ****** on both sides.
CREATE FUNCTION sys_record_history_changes(old_row jsonb, new_row jsonb, masked text[] DEFAULT '{}') RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'field', k,
           'old', sys_record_history_value(old_row -> k, k = ANY(masked)),
           'new', sys_record_history_value(new_row -> k, k = ANY(masked)))
         ORDER BY k), '[]'::jsonb)
    FROM (SELECT DISTINCT jsonb_object_keys(coalesce(old_row, '{}'::jsonb) || coalesce(new_row, '{}'::jsonb)) AS k) keys
   WHERE k NOT IN ('id', 'tenant_id', 'create_by', 'create_time', 'update_by', 'update_time', 'del_flag')
     AND coalesce(old_row -> k, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> k, 'null'::jsonb)
$$;
