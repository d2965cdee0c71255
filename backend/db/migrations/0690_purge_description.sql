-- The nightly purge also forgets sign-in failures past their window and locks whose time has passed
-- (issue #27 follow-up, backend/modules/monitor/quartz-job/job-kinds.ts); its description lists
-- everything it purges. A description an administrator changed is left as it is.
UPDATE sys_quartz_job SET description = '每天凌晨3点清理过期会话、验证码、登录失败记录、登录锁定、登录地址记录、30天前的运行日志和保留期外的系统日志'
 WHERE job_class_name = 'org.jeecg.modules.quartz.job.PurgeExpiredJob' AND description = '每天凌晨3点清理过期会话、验证码、30天前的运行日志和保留期外的系统日志';
