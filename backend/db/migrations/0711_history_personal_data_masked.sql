-- History rows without personal data (issue #34, docs/decisions/146). Since decision 087 the
-- record history never holds a sensitive value: the CRUD engine writes ****** for every column a
-- resource marks sensitive (and for the search hashes, secret). Rows written before hold phones,
-- e-mails, WeChat ids and passport numbers in clear in their old and new values. They are masked
-- here the same way: ****** where a value was (null stays null), the change itself (who, when,
-- which field) kept. Not encrypted: SQL cannot see the key, the history never answers these values
-- to anyone, and a masked row reads as every later row does.
--
-- The sensitive columns: 用户管理's phone and e-mail, the school modules' (contract/modules/
-- people.ts), and each synchronised online form's fields marked 敏感 (its synced_json; a form whose
-- JSON does not parse has no sensitive field, as the backend reads it).
CREATE TEMPORARY TABLE history_sensitive (module text, field text) ON COMMIT DROP;
INSERT INTO history_sensitive VALUES
  ('sys_user', 'phone'), ('sys_user', 'email'),
  ('school_student', 'passport_no'),
  ('school_parent', 'phone'), ('school_parent', 'email'), ('school_parent', 'wechat_open_id'),
  ('school_teacher', 'phone'), ('school_teacher', 'email');

DO $$
DECLARE
  head record;
BEGIN
  FOR head IN SELECT table_name, synced_json FROM onl_cgform_head WHERE synced_json IS NOT NULL LOOP
    BEGIN
      INSERT INTO history_sensitive
      SELECT 'onlform_' || head.table_name, f ->> 'name'
        FROM jsonb_array_elements(head.synced_json::jsonb) AS f
       WHERE jsonb_typeof(f) = 'object' AND coalesce(f ->> 'sensitive', '') <> '' AND f ->> 'name' IS NOT NULL;
    EXCEPTION WHEN others THEN
      NULL;
    END;
  END LOOP;
END $$;

-- The history is append-only (migration 0300's triggers): this one rewrite is the migration's.
ALTER TABLE sys_record_history DISABLE TRIGGER sys_record_history_no_update;

UPDATE sys_record_history h
   SET changes = (
     SELECT jsonb_agg(
              CASE WHEN EXISTS (SELECT 1 FROM history_sensitive s WHERE s.module = h.module AND s.field = c ->> 'field')
                   THEN c || jsonb_build_object(
                          'old', CASE WHEN coalesce(c -> 'old', 'null'::jsonb) = 'null'::jsonb THEN 'null'::jsonb ELSE '"******"'::jsonb END,
                          'new', CASE WHEN coalesce(c -> 'new', 'null'::jsonb) = 'null'::jsonb THEN 'null'::jsonb ELSE '"******"'::jsonb END)
                   ELSE c END
              ORDER BY e.ord)
       FROM jsonb_array_elements(h.changes) WITH ORDINALITY AS e(c, ord))
 WHERE jsonb_typeof(h.changes) = 'array'
   AND EXISTS (
     SELECT 1 FROM jsonb_array_elements(h.changes) AS c
       JOIN history_sensitive s ON s.module = h.module AND s.field = c ->> 'field'
      WHERE coalesce(c -> 'old', 'null'::jsonb) NOT IN ('null'::jsonb, '"******"'::jsonb)
         OR coalesce(c -> 'new', 'null'::jsonb) NOT IN ('null'::jsonb, '"******"'::jsonb));

ALTER TABLE sys_record_history ENABLE TRIGGER sys_record_history_no_update;
