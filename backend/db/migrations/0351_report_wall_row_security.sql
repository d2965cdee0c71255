-- The report wall on row-level security (docs/decisions/078, amends migration 0350): the tenant
-- filter of 0350's security-barrier views kept PostgreSQL from flattening them, so a report's sort
-- could no longer use the table's index (getData 2.3 times slower). Now each allow-listed table
-- carries a row-level security policy for school_report_reader (the same tenant, parent or user
-- condition, on report_tenant(): the report_context row of this transaction), the role has SELECT
-- on the table's shown columns only, and the views of schema `report` are security_invoker views
-- of those columns. PostgreSQL evaluates a policy before any condition of the report that is not
-- leakproof (as the barrier did) while still planning the report as a plain table scan.
-- The application's user passes the second policy (report_others); owners and superusers skip both.
-- Row-level security keeps the table's statistics from conditions that are not leakproof (a
-- report's LIKE), so the planner guesses few rows and sorts where an index gave the order: report
-- transactions set enable_sort off and a larger work_mem (report-runner.ts).

-- The tenant of the running report: its transaction's report_context row (no row: NULL, no rows).
CREATE FUNCTION report_tenant() RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT c.tenant_id FROM public.report_context c WHERE c.xid = txid_current()
$$;
REVOKE EXECUTE ON FUNCTION report_tenant() FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'school_report_reader') THEN
    GRANT EXECUTE ON FUNCTION report_tenant() TO school_report_reader;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION report_expose(source_table text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  source report_source%ROWTYPE;
  columns text;
  condition text;
  reader boolean := EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'school_report_reader');
BEGIN
  EXECUTE format('DROP VIEW IF EXISTS report.%I', source_table);
  IF to_regclass(format('public.%I', source_table)) IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format('DROP POLICY IF EXISTS report_rows ON public.%I', source_table);
  EXECUTE format('DROP POLICY IF EXISTS report_others ON public.%I', source_table);
  IF reader THEN
    EXECUTE format('REVOKE ALL ON public.%I FROM school_report_reader', source_table);
  END IF;
  SELECT * INTO source FROM report_source WHERE table_name = source_table;
  IF NOT FOUND THEN
    IF source_table LIKE 'onlform\_%' AND EXISTS (
      SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = source_table AND column_name = 'tenant_id') THEN
      source.table_name := source_table;
      source.scope := 'tenant';
      source.hidden_columns := '';
    ELSE
      RETURN;
    END IF;
  END IF;
  SELECT string_agg(quote_ident(c.column_name), ', ' ORDER BY c.ordinal_position) INTO columns
    FROM information_schema.columns c
   WHERE c.table_schema = 'public' AND c.table_name = source_table
     AND NOT report_secret_column(c.column_name)
     AND c.column_name <> ALL (string_to_array(source.hidden_columns, ','));
  IF columns IS NULL THEN
    RETURN;
  END IF;
  condition := CASE source.scope
    WHEN 'tenant' THEN 'tenant_id = (SELECT public.report_tenant())'
    WHEN 'shared' THEN 'true'
    WHEN 'parent' THEN format('%I IN (SELECT p.id FROM public.%I p WHERE p.tenant_id = (SELECT public.report_tenant()))', source.parent_column, source.parent_table)
    WHEN 'user' THEN format('(SELECT public.report_tenant())::text = ANY (string_to_array(rel_tenant_ids, %L))', ',')
  END;
  EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', source_table);
  -- The application's user (who runs migrations) sees every row, should it not own the table.
  EXECUTE format('CREATE POLICY report_others ON public.%I TO %I USING (true) WITH CHECK (true)', source_table, current_user);
  IF reader THEN
    EXECUTE format('CREATE POLICY report_rows ON public.%I FOR SELECT TO school_report_reader USING (%s)', source_table, condition);
  END IF;
  EXECUTE format('CREATE VIEW report.%I WITH (security_invoker = true) AS SELECT %s FROM public.%I', source_table, columns, source_table);
  IF reader THEN
    EXECUTE format('GRANT SELECT (%s) ON public.%I TO school_report_reader', columns, source_table);
    EXECUTE format('GRANT SELECT ON report.%I TO school_report_reader', source_table);
  END IF;
END
$$;

-- Drops every view and every report policy (before a migration alters the tables under them;
-- report_expose_all after). Row-level security stays enabled, so the report role sees nothing
-- of a table in between.
CREATE OR REPLACE FUNCTION report_hide_all() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT table_name FROM information_schema.views WHERE table_schema = 'report' LOOP
    EXECUTE format('DROP VIEW IF EXISTS report.%I', name);
  END LOOP;
  FOR name IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname IN ('report_rows', 'report_others') GROUP BY tablename LOOP
    EXECUTE format('DROP POLICY IF EXISTS report_rows ON public.%I', name);
    EXECUTE format('DROP POLICY IF EXISTS report_others ON public.%I', name);
  END LOOP;
END
$$;

REVOKE EXECUTE ON FUNCTION report_expose(text), report_hide_all() FROM PUBLIC;

SELECT report_hide_all();
SELECT report_expose_all();
