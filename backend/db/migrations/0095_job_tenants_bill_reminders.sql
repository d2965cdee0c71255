-- 定时任务 per tenant (issue #15): a job belongs to the tenant that created it, and runs over that
-- tenant's data only. The jobs seeded by 0050 belong to the default tenant.
ALTER TABLE sys_quartz_job ADD COLUMN tenant_id integer NOT NULL DEFAULT 1;
CREATE INDEX idx_sys_quartz_job_tenant ON sys_quartz_job (tenant_id, create_time DESC, id);

-- The reminders of unpaid bills (催缴未付账单): one row per bill, payer and school day. The unique
-- key is what makes the reminder job idempotent across re-runs and instances: a run inserts the
-- rows ON CONFLICT DO NOTHING and mails only the bills whose row it inserted.
CREATE TABLE bill_reminder (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL,
  bill_id      varchar(32) NOT NULL REFERENCES bill_bill (id) ON DELETE CASCADE,
  payer_type   varchar(2) NOT NULL,
  payer_id     varchar(32) NOT NULL,
  remind_date  date NOT NULL,
  mail_id      varchar(32) REFERENCES comm_mail (id) ON DELETE SET NULL,
  create_time  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX uniq_bill_reminder_day ON bill_reminder (bill_id, payer_type, payer_id, remind_date);
CREATE INDEX idx_bill_reminder_tenant ON bill_reminder (tenant_id, remind_date);
