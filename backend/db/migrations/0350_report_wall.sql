-- The tenant wall around reports (issue #27 item 1, docs/decisions/078): report SQL runs as
-- school_report_reader, which reads nothing of schema public any more, only the views of schema
-- `report`. Each view shows one allow-listed table without its secret columns, filtered to the
-- tenant of the running report by the database itself: the backend writes (xid, tenant) into
-- report_context in the report's own transaction before it turns read-only and switches role; the
-- row is rolled back with the transaction, so no other transaction ever sees it, and the report
-- role can neither write that table nor read it, nor call set_config to become another role.
CREATE SCHEMA IF NOT EXISTS report;

CREATE TABLE report_context (
  xid       bigint PRIMARY KEY,
  tenant_id integer NOT NULL
);

-- The allow-list: which tables reports see, and how each is tied to a tenant.
--   tenant: its own tenant_id;  shared: the platform's (dictionaries, categories);
--   parent: a child row whose parent_column points at parent_table's id (which has a tenant_id);
--   user:   sys_user, members of the tenant (rel_tenant_ids).
-- Online forms' generated tables (onlform_*) are always included with scope tenant.
CREATE TABLE report_source (
  table_name     varchar(63) PRIMARY KEY,
  scope          varchar(10) NOT NULL CHECK (scope IN ('tenant', 'shared', 'parent', 'user')),
  parent_table   varchar(63),
  parent_column  varchar(63),
  hidden_columns varchar(1000) NOT NULL DEFAULT ''
);

INSERT INTO report_source (table_name, scope, parent_table, parent_column, hidden_columns) VALUES
  ('act_activity', 'tenant', NULL, NULL, ''),
  ('act_signup', 'tenant', NULL, NULL, ''),
  ('act_third_party', 'tenant', NULL, NULL, ''),
  ('act_third_party_student', 'tenant', NULL, NULL, ''),
  ('bill_allowance', 'tenant', NULL, NULL, ''),
  ('bill_bill', 'tenant', NULL, NULL, ''),
  ('bill_bill_item', 'parent', 'bill_bill', 'bill_id', ''),
  ('bill_payment', 'tenant', NULL, NULL, ''),
  ('bill_payment_allocation', 'parent', 'bill_payment', 'payment_id', ''),
  ('bill_payment_tally', 'tenant', NULL, NULL, ''),
  ('bill_project', 'tenant', NULL, NULL, ''),
  ('bill_receipt', 'tenant', NULL, NULL, ''),
  ('bill_receivable', 'tenant', NULL, NULL, ''),
  ('bill_voucher', 'tenant', NULL, NULL, ''),
  ('bill_voucher_entry', 'parent', 'bill_voucher', 'voucher_id', ''),
  ('bill_wechat_trade', 'tenant', NULL, NULL, ''),
  ('demo_grid_row', 'tenant', NULL, NULL, ''),
  ('oss_file', 'tenant', NULL, NULL, ''),
  ('school_corporation', 'tenant', NULL, NULL, ''),
  ('school_parent', 'tenant', NULL, NULL, ''),
  ('school_student', 'tenant', NULL, NULL, ''),
  ('school_student_parent', 'tenant', NULL, NULL, ''),
  ('school_student_tally', 'tenant', NULL, NULL, ''),
  ('school_teacher', 'tenant', NULL, NULL, ''),
  ('shop_address', 'tenant', NULL, NULL, ''),
  ('shop_cart', 'tenant', NULL, NULL, ''),
  ('shop_commodity', 'tenant', NULL, NULL, ''),
  ('shop_order', 'tenant', NULL, NULL, ''),
  ('shop_order_item', 'parent', 'shop_order', 'order_id', ''),
  ('sys_announcement', 'tenant', NULL, NULL, 'user_ids'),
  ('sys_depart', 'tenant', NULL, NULL, ''),
  ('sys_user_depart', 'parent', 'sys_depart', 'dep_id', ''),
  ('sys_position', 'tenant', NULL, NULL, ''),
  ('sys_dict', 'shared', NULL, NULL, ''),
  ('sys_dict_item', 'shared', NULL, NULL, ''),
  ('sys_category', 'shared', NULL, NULL, ''),
  -- Users: names and departments only.
  ('sys_user', 'user', NULL, NULL,
   'avatar,birthday,email,phone,telephone,third_id,third_type,activiti_sync,user_identity,rel_tenant_ids,client_id,password_change_required,login_tenant_id');

-- Columns no view ever shows, whatever the table.
CREATE FUNCTION report_secret_column(column_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT column_name IN ('password', 'salt', 'db_password', 'code_hash', 'token_hash', 'ticket_hash', 'state_hash', 'code_verifier', 'nonce')
      OR column_name LIKE '%secret%' OR column_name LIKE '%password%'
$$;

-- (Re)creates the view of one table (an allow-listed one or an online form's), or drops it when the
-- table is gone or no longer allowed. Views are security barriers: a report's own conditions are
-- never evaluated on rows of another tenant.
CREATE FUNCTION report_expose(source_table text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  source report_source%ROWTYPE;
  columns text;
  tenant text := '(SELECT c.tenant_id FROM public.report_context c WHERE c.xid = txid_current())';
  condition text;
  reader boolean := EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'school_report_reader');
BEGIN
  EXECUTE format('DROP VIEW IF EXISTS report.%I', source_table);
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
  IF to_regclass(format('public.%I', source_table)) IS NULL THEN
    RETURN;
  END IF;
  SELECT string_agg(format('t.%I', c.column_name), ', ' ORDER BY c.ordinal_position) INTO columns
    FROM information_schema.columns c
   WHERE c.table_schema = 'public' AND c.table_name = source_table
     AND NOT report_secret_column(c.column_name)
     AND c.column_name <> ALL (string_to_array(source.hidden_columns, ','));
  IF columns IS NULL THEN
    RETURN;
  END IF;
  condition := CASE source.scope
    WHEN 'tenant' THEN format('t.tenant_id = %s', tenant)
    WHEN 'shared' THEN 'true'
    WHEN 'parent' THEN format('t.%I IN (SELECT p.id FROM public.%I p WHERE p.tenant_id = %s)', source.parent_column, source.parent_table, tenant)
    WHEN 'user' THEN format('%s::text = ANY (string_to_array(t.rel_tenant_ids, %L))', tenant, ',')
  END;
  EXECUTE format('CREATE VIEW report.%I WITH (security_barrier) AS SELECT %s FROM public.%I t WHERE %s', source_table, columns, source_table, condition);
  IF reader THEN
    EXECUTE format('GRANT SELECT ON report.%I TO school_report_reader', source_table);
  END IF;
END
$$;

-- Every view again: after migrations (which may change the tables under them) and here.
CREATE FUNCTION report_expose_all() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT table_name FROM report_source
    UNION
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'onlform\_%'
  LOOP
    PERFORM report_expose(name);
  END LOOP;
END
$$;

-- Drops every view (before a migration alters the tables under them; report_expose_all after).
CREATE FUNCTION report_hide_all() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT table_name FROM information_schema.views WHERE table_schema = 'report' LOOP
    EXECUTE format('DROP VIEW IF EXISTS report.%I', name);
  END LOOP;
END
$$;

SELECT report_expose_all();

-- The report role: nothing of public any more (migration 0190 gave it the tables), the views of
-- report only. Roles are per server, grants per database.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'school_report_reader') THEN
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM school_report_reader;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT ON TABLES FROM school_report_reader;
    REVOKE ALL ON SCHEMA public FROM school_report_reader;
    GRANT USAGE ON SCHEMA report TO school_report_reader;
  END IF;
END
$$;

-- set_config could set the role back to the session's user (the application's, a member of every
-- role it switches to): only that user may call it (superusers always may).
DO $$
BEGIN
  REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
  EXECUTE format('GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO %I', current_user);
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'set_config is still executable by every role (needs the owner of pg_catalog): the report parser alone refuses it';
END
$$;

REVOKE EXECUTE ON FUNCTION report_secret_column(text), report_expose(text), report_expose_all(), report_hide_all() FROM PUBLIC;
