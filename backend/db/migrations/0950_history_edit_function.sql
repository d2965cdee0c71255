-- One UPDATE's history row, written by a PL/pgSQL function (docs/decisions/179). The statement of a
-- change that is one UPDATE (crud/history.ts updateWithHistory: a module's plain save, settling
-- bills, totalling receivables) wrote its row with an INSERT … SELECT sys_record_history_changes(…)
-- of its own: PostgreSQL (PGlite most of all) parsed and planned that part, and the SQL function's
-- body with the two sys_record_history_value it inlines, again at every statement — most of what the
-- history added to a plain save. PL/pgSQL keeps the plans of its statements for the session (a
-- generic plan from the first call: the rows differ, the plan does not), so the UPDATE's statement
-- only calls it. The change is what sys_record_history_changes answers for two snapshots of one
-- table's row (the same keys on both sides); a row that did not change gets no history row.
CREATE FUNCTION sys_record_history_edit(p_tenant integer, p_module text, p_record text, p_action text, p_username text, p_reason text,
                                        old_row jsonb, new_row jsonb, masked text[]) RETURNS boolean
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  found_changes jsonb;
BEGIN
  IF old_row IS NULL THEN
    RETURN false;
  END IF;
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'field', n.key,
           'old', sys_record_history_value(old_row -> n.key, n.key = ANY(masked)),
           'new', sys_record_history_value(n.value, n.key = ANY(masked)))
         ORDER BY n.key), '[]'::jsonb)
    INTO found_changes
    FROM jsonb_each(new_row) n
   WHERE n.key <> ALL (sys_record_history_hidden_keys())
     AND coalesce(old_row -> n.key, 'null'::jsonb) IS DISTINCT FROM n.value;
  IF found_changes = '[]'::jsonb THEN
    RETURN false;
  END IF;
  INSERT INTO sys_record_history (tenant_id, module, record_id, action, username, changes, reason)
  VALUES (p_tenant, p_module, p_record, p_action, p_username, found_changes, p_reason);
  RETURN true;
END;
$$;
