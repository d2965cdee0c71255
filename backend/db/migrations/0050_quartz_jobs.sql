-- 定时任务 (api-contract.md §5 sys_quartz_job) and their runs. A run row is also the claim of one
-- fire: the unique key (job_id, fire_time) lets exactly one backend instance insert it
-- (INSERT … ON CONFLICT DO NOTHING), so each fire runs once across instances. 立即执行 runs have
-- no fire time (NULLs never conflict).
CREATE TABLE sys_quartz_job (
  id               varchar(32) PRIMARY KEY,
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz,
  del_flag         integer NOT NULL DEFAULT 0,
  job_class_name   varchar(255) NOT NULL,
  cron_expression  varchar(255) NOT NULL,
  parameter        varchar(255),
  description      varchar(255),
  status           integer NOT NULL DEFAULT -1
);
CREATE INDEX idx_sys_quartz_job_status ON sys_quartz_job (status) WHERE del_flag = 0;

CREATE TABLE sys_quartz_job_run (
  id          varchar(32) PRIMARY KEY,
  job_id      varchar(32) NOT NULL REFERENCES sys_quartz_job (id) ON DELETE CASCADE,
  fire_time   timestamptz,
  trigger     varchar(10) NOT NULL,
  instance    varchar(100) NOT NULL,
  start_time  timestamptz NOT NULL DEFAULT clock_timestamp(),
  end_time    timestamptz,
  outcome     varchar(10) NOT NULL DEFAULT 'running',
  message     text
);
CREATE UNIQUE INDEX uniq_sys_quartz_job_run_fire ON sys_quartz_job_run (job_id, fire_time);
CREATE INDEX idx_sys_quartz_job_run_start ON sys_quartz_job_run (job_id, start_time DESC);

-- The housekeeping every installation needs, running; the others stopped until an administrator
-- starts them (定时任务 → 启动).
INSERT INTO sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status) VALUES
  ('1a2b3c4d5e6f70000000000000000001', 'admin', 'org.jeecg.modules.quartz.job.PurgeExpiredJob', '0 0 3 * * ?', '30', '每天凌晨3点清理过期会话、验证码和30天前的运行日志', 0),
  ('1a2b3c4d5e6f70000000000000000002', 'admin', 'org.jeecg.modules.quartz.job.RetryFailedMailJob', '0 0/10 * * * ?', '50', '每10分钟重发失败的邮件', -1),
  ('1a2b3c4d5e6f70000000000000000003', 'admin', 'org.jeecg.modules.quartz.job.RemindUnpaidBillJob', '0 0 9 ? * 2-6', '0', '工作日上午9点提醒未缴账单', -1),
  ('1a2b3c4d5e6f70000000000000000004', 'admin', 'org.jeecg.modules.quartz.job.SampleParamJob', '0/30 * * * * ?', '校园', '示例：每30秒写一条日志', -1);
