-- Logs kept and sealed (issue #34 item 5, docs/decisions/121): 系统日志 has no 删除 any more (the
-- backend has no delete for it); the nightly purge keeps LOG_RETENTION_DAYS (at least 180).
UPDATE sys_permission SET del_flag = 1 WHERE menu_type = 2 AND perms IN ('log:delete', 'log:batch_delete');
UPDATE sys_quartz_job SET description = '每天凌晨3点清理过期会话、验证码、30天前的运行日志和保留期外的系统日志'
 WHERE job_class_name = 'org.jeecg.modules.quartz.job.PurgeExpiredJob' AND description = '每天凌晨3点清理过期会话、验证码和30天前的运行日志';
