-- The history row of a new record lists every value it holds (docs/decisions/070). Computed by
-- sys_record_history_changes(null, row), each key of both sides was compared inside a function
-- called once per row, which cost a generation of 2,000 bills about half of its history's time on
-- PGlite (docs/decisions/165). A new record has no "before": crud/history.ts reads its values from
-- the row in the statement itself (jsonb_each, the same value rules of sys_record_history_value),
-- and the keys both leave out are one list, here.
CREATE FUNCTION sys_record_history_hidden_keys() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['id', 'tenant_id', 'create_by', 'create_time', 'update_by', 'update_time', 'del_flag', 'voided_at', 'reversed_at']
$$;

CREATE OR REPLACE FUNCTION sys_record_history_changes(old_row jsonb, new_row jsonb, masked text[] DEFAULT '{}') RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'field', k,
           'old', sys_record_history_value(old_row -> k, k = ANY(masked)),
           'new', sys_record_history_value(new_row -> k, k = ANY(masked)))
         ORDER BY k), '[]'::jsonb)
    FROM (SELECT DISTINCT jsonb_object_keys(coalesce(old_row, '{}'::jsonb) || coalesce(new_row, '{}'::jsonb)) AS k) keys
   WHERE k <> ALL (sys_record_history_hidden_keys())
     AND coalesce(old_row -> k, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> k, 'null'::jsonb)
$$;
