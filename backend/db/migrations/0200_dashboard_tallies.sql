-- 首页's figures read kept totals instead of summing the large tables per request
-- (docs/decisions/059). Each total is kept by statement-level AFTER triggers on its table, so it
-- changes in the same transaction as the rows it counts (a payment, its 冲销, an import, a seed):
-- never stale, and nothing in the application has to remember it. A trigger folds the statement's
-- transition rows into one delta per key and applies it with INSERT … ON CONFLICT DO UPDATE in key
-- order; concurrent writers of one key queue on that key's row (READ COMMITTED re-reads it), so the
-- totals stay equal to a recount under any interleaving. Statements whose rows leave a key's total
-- unchanged (an allocation moving a payment between 未分配 and 已分配) write nothing.
--
-- - bill_payment_tally: live payments (not 冲销) per tenant and quarter hour of paid_at (UTC).
--   Quarter hours, not months: the school's months depend on SCHOOL_TIMEZONE, which the database
--   does not know, and every zone's month starts on a quarter hour, so the dashboard groups the
--   buckets into the school's months exactly.
-- - school_student_tally: students per tenant, status and grade.
-- Receivables are not kept: one per payer and term, the open ones are read through a covering
-- index (below). A kept total written by recomputeReceivables would be one more row every
-- allocation and every generation lock, late in their transactions, in orders that can cross.
-- rebuild_dashboard_tallies() recounts both totals from their tables (the backfill below; ops may
-- run it again at any time: it locks the two tables against writers while it recounts).

CREATE TABLE bill_payment_tally (
  tenant_id  integer     NOT NULL,
  bucket     timestamptz NOT NULL,
  payments   bigint      NOT NULL,
  amount     numeric     NOT NULL,
  PRIMARY KEY (tenant_id, bucket)
);

CREATE TABLE school_student_tally (
  tenant_id  integer     NOT NULL,
  status     varchar(2)  NOT NULL, -- '' for a student without one
  grade      varchar(4)  NOT NULL, -- '' for a student without one
  students   bigint      NOT NULL,
  PRIMARY KEY (tenant_id, status, grade)
);

-- The quarter hour (UTC) a payment counts in.
CREATE FUNCTION payment_tally_bucket(paid_at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT date_bin('15 minutes', paid_at, timestamptz '2000-01-01 00:00:00+00') $$;

CREATE FUNCTION bill_payment_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bill_payment_tally AS t (tenant_id, bucket, payments, amount)
    SELECT tenant_id, payment_tally_bucket(paid_at), count(*), sum(amount)
    FROM new_rows WHERE status <> '4' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (tenant_id, bucket) DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bill_payment_tally AS t (tenant_id, bucket, payments, amount)
    SELECT tenant_id, payment_tally_bucket(paid_at), -count(*), -sum(amount)
    FROM old_rows WHERE status <> '4' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (tenant_id, bucket) DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO bill_payment_tally AS t (tenant_id, bucket, payments, amount)
    SELECT tenant_id, bucket, sum(payments), sum(amount)
    FROM (
      SELECT tenant_id, payment_tally_bucket(paid_at) AS bucket, 1 AS payments, amount FROM new_rows WHERE status <> '4'
      UNION ALL
      SELECT tenant_id, payment_tally_bucket(paid_at), -1, -amount FROM old_rows WHERE status <> '4'
    ) d
    GROUP BY 1, 2 HAVING sum(payments) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2
    ON CONFLICT (tenant_id, bucket) DO UPDATE SET payments = t.payments + excluded.payments, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION school_student_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO school_student_tally AS t (tenant_id, status, grade, students)
    SELECT tenant_id, coalesce(status, ''), coalesce(grade, ''), count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, status, grade) DO UPDATE SET students = t.students + excluded.students;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO school_student_tally AS t (tenant_id, status, grade, students)
    SELECT tenant_id, coalesce(status, ''), coalesce(grade, ''), -count(*)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, status, grade) DO UPDATE SET students = t.students + excluded.students;
  ELSE
    INSERT INTO school_student_tally AS t (tenant_id, status, grade, students)
    SELECT tenant_id, status, grade, sum(students)
    FROM (
      SELECT tenant_id, coalesce(status, '') AS status, coalesce(grade, '') AS grade, 1 AS students FROM new_rows
      UNION ALL
      SELECT tenant_id, coalesce(status, ''), coalesce(grade, ''), -1 FROM old_rows
    ) d
    GROUP BY 1, 2, 3 HAVING sum(students) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, status, grade) DO UPDATE SET students = t.students + excluded.students;
  END IF;
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger: three triggers per table, one function.
CREATE TRIGGER bill_payment_tally_insert AFTER INSERT ON bill_payment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bill_payment_tally_apply();
CREATE TRIGGER bill_payment_tally_update AFTER UPDATE ON bill_payment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bill_payment_tally_apply();
CREATE TRIGGER bill_payment_tally_delete AFTER DELETE ON bill_payment REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bill_payment_tally_apply();

CREATE TRIGGER school_student_tally_insert AFTER INSERT ON school_student REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_student_tally_apply();
CREATE TRIGGER school_student_tally_update AFTER UPDATE ON school_student REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_student_tally_apply();
CREATE TRIGGER school_student_tally_delete AFTER DELETE ON school_student REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_student_tally_apply();

-- The recount: the backfill of an existing database, and a repair ops can run at any time. The
-- SHARE locks let readers on and make writers of the two tables wait until it commits.
CREATE FUNCTION rebuild_dashboard_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE bill_payment, school_student IN SHARE MODE;
  DELETE FROM bill_payment_tally;
  INSERT INTO bill_payment_tally (tenant_id, bucket, payments, amount)
  SELECT tenant_id, payment_tally_bucket(paid_at), count(*), sum(amount) FROM bill_payment WHERE status <> '4' GROUP BY 1, 2;
  DELETE FROM school_student_tally;
  INSERT INTO school_student_tally (tenant_id, status, grade, students)
  SELECT tenant_id, coalesce(status, ''), coalesce(grade, ''), count(*) FROM school_student GROUP BY 1, 2, 3;
END $$;

SELECT rebuild_dashboard_tallies();

-- Sign-ups this month: a range on signup_time within the tenant instead of a scan of the table.
CREATE INDEX idx_act_signup_tenant_time ON act_signup (tenant_id, signup_time);

-- Outstanding receivables by payer type: an index-only scan of the open ones.
CREATE INDEX idx_bill_receivable_open ON bill_receivable (tenant_id, status, payer_type) INCLUDE (total_amount, received_amount);
