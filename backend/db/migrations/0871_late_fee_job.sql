-- 计收滞纳金 as a job every school has (docs/decisions/165, amending 159): a row in 定时任务 daily at
-- 01:30, so that a school starts it (启动) without knowing its class name. Stopped (status -1), as
-- the reminders: a late fee rule on a project may be entered before the school means to apply it
-- (next term's, or before the parents are told), and only the school's start says the fees are in
-- force. The default school (tenant 1, whose jobs 0050 seeded, also on a fresh database before its
-- tenants exist) and every school made before this; schools made later get it from
-- SCHOOL_DEFAULT_JOBS (backend/modules/monitor/quartz-job/job-kinds.ts). A school that already added
-- a job of this kind keeps its own.
INSERT INTO sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status, tenant_id)
SELECT md5('0871-job-' || t.id || '-org.jeecg.modules.quartz.job.ChargeLateFeeJob'), 'admin', 'org.jeecg.modules.quartz.job.ChargeLateFeeJob',
       '0 30 1 * * ?', '', '每天凌晨1点30分按收费项目的滞纳金规则计收逾期账单的滞纳金', -1, t.id
  FROM (SELECT 1 AS id UNION SELECT id FROM sys_tenant) t
 WHERE NOT EXISTS (SELECT 1 FROM sys_quartz_job j WHERE j.tenant_id = t.id AND j.job_class_name = 'org.jeecg.modules.quartz.job.ChargeLateFeeJob');
