-- Whether a bill is in instalments (分期), kept by the database (docs/decisions/176): 账龄分析 ages a
-- bill by its instalments when it has any (docs/decisions/159), and looking for them was an anti-join
-- of every open bill on bill_instalment, about a quarter of the report (docs/decisions/180). The
-- flag follows every writer of bill_instalment (分期, generation, a bill's edit splitting it again,
-- SQL by hand) in the writer's own statement, so it is never out of step with the instalments.
ALTER TABLE bill_bill ADD COLUMN has_instalments boolean NOT NULL DEFAULT false;

UPDATE bill_bill b SET has_instalments = true WHERE EXISTS (SELECT 1 FROM bill_instalment i WHERE i.bill_id = b.id);

-- A bill loses the flag with its last instalment. Its row is locked before that is looked for: a
-- writer adding an instalment to the same bill at once either committed before (and its row is
-- seen) or waits for this transaction, then sets the flag again.
CREATE FUNCTION bill_instalment_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE bill_bill b SET has_instalments = true
     WHERE b.id IN (SELECT bill_id FROM new_rows) AND NOT b.has_instalments;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM bill_bill b WHERE b.id IN (SELECT bill_id FROM old_rows) AND b.has_instalments ORDER BY b.id FOR UPDATE;
    UPDATE bill_bill b SET has_instalments = false
     WHERE b.id IN (SELECT bill_id FROM old_rows) AND b.has_instalments
       AND NOT EXISTS (SELECT 1 FROM bill_instalment i WHERE i.bill_id = b.id);
  END IF;
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger: three triggers, one function.
CREATE TRIGGER bill_instalment_flag_insert AFTER INSERT ON bill_instalment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bill_instalment_flag();
CREATE TRIGGER bill_instalment_flag_update AFTER UPDATE ON bill_instalment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bill_instalment_flag();
CREATE TRIGGER bill_instalment_flag_delete AFTER DELETE ON bill_instalment REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bill_instalment_flag();

-- The flag is the database's, like voided_at: a bill's history tells its instalments (分期), not
-- the flag moving with them.
CREATE OR REPLACE FUNCTION sys_record_history_hidden_keys() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['id', 'tenant_id', 'create_by', 'create_time', 'update_by', 'update_time', 'del_flag', 'voided_at', 'reversed_at', 'has_instalments']
$$;
