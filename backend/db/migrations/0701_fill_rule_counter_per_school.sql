-- A fill rule is the platform's; its sequence is each school's (docs/decisions/144). Numbers were
-- already unique per school (every numbered table's unique index includes tenant_id), but one
-- counter served every school: a school's number told it how many the others had taken, and a
-- school asking for numbers (executeRuleByCode) left gaps in another's receipts. Every school now
-- continues from the shared counter's value, so no number a school has issued can come again.
ALTER TABLE sys_fill_rule_counter DROP CONSTRAINT sys_fill_rule_counter_pkey;
ALTER TABLE sys_fill_rule_counter ADD COLUMN tenant_id integer NOT NULL DEFAULT 1;
INSERT INTO sys_fill_rule_counter (tenant_id, rule_code, period, value)
SELECT t.id, c.rule_code, c.period, c.value
  FROM sys_fill_rule_counter c
 CROSS JOIN sys_tenant t
 WHERE c.tenant_id = 1 AND t.id <> 1;
ALTER TABLE sys_fill_rule_counter ADD PRIMARY KEY (tenant_id, rule_code, period);
ALTER TABLE sys_fill_rule_counter ALTER COLUMN tenant_id DROP DEFAULT;
