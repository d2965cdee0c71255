-- A delivery holds a lease on what it sends (docs/decisions/177): a mail (comm_mail) or a message
-- (sys_message) is claimed with a conditional update that sets delivery_lease a few minutes ahead,
-- so that two deliveries of the same row at once (the RetryFailedMailJob and 重发, 重发失败 and the
-- RetryFailedComposeJob) send it once; a lease left by a process that stopped expires, and the retry
-- jobs then pick the row up again (a 待发送 row whose delivery never ran, after a restart).
ALTER TABLE comm_mail ADD COLUMN IF NOT EXISTS delivery_lease timestamptz;
ALTER TABLE sys_message ADD COLUMN IF NOT EXISTS delivery_lease timestamptz;
-- The retry jobs' scans: failed or stale 待发送 rows.
CREATE INDEX IF NOT EXISTS comm_mail_status_idx ON comm_mail (tenant_id, status, create_time) WHERE status <> '1';
CREATE INDEX IF NOT EXISTS sys_message_compose_status_idx ON sys_message (tenant_id, es_send_status, create_time) WHERE compose_id IS NOT NULL AND es_send_status IN ('0', '2');
-- 重发失败的群发消息 as a job every school has, every 10 minutes, stopped until the school starts it (as
-- the mail retries): it also delivers what a stopped process left 待发送. Tenant 1 and every school made
-- before this; later schools get it from SCHOOL_DEFAULT_JOBS. A school that added one keeps its own.
INSERT INTO sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status, tenant_id)
SELECT md5('0940-job-' || t.id || '-org.jeecg.modules.quartz.job.RetryFailedComposeJob'), 'admin', 'org.jeecg.modules.quartz.job.RetryFailedComposeJob',
       '0 5/10 * * * ?', '', '每10分钟重发失败的群发消息和停机前未能发出的待发送消息', -1, t.id
  FROM (SELECT 1 AS id UNION SELECT id FROM sys_tenant) t
 WHERE NOT EXISTS (SELECT 1 FROM sys_quartz_job j WHERE j.tenant_id = t.id AND j.job_class_name = 'org.jeecg.modules.quartz.job.RetryFailedComposeJob');
