-- Each school has its own message templates and jobs, copied from the platform's defaults when the
-- school is created (docs/decisions/144, backend/modules/system/tenant/school-defaults.ts). Schools
-- created before this got no jobs (0050 seeded the default tenant's only) and, if created after
-- 0130, no template: they get them now, as a school created today would. Their purge runs; the
-- reminders and mail retries wait until the school starts them.
INSERT INTO sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status, tenant_id)
SELECT md5('0700-job-' || t.id || '-' || d.job_class_name), 'admin', d.job_class_name, d.cron_expression, d.parameter, d.description, d.status, t.id
  FROM sys_tenant t
 CROSS JOIN (VALUES
   ('org.jeecg.modules.quartz.job.PurgeExpiredJob', '0 0 3 * * ?', '30', '每天凌晨3点清理30天前的运行日志和保留期外的系统日志', 0),
   ('org.jeecg.modules.quartz.job.RetryFailedMailJob', '0 0/10 * * * ?', '50', '每10分钟重发失败的邮件', -1),
   ('org.jeecg.modules.quartz.job.RemindUnpaidBillJob', '0 0 9 ? * 2-6', '0', '工作日上午9点提醒未缴账单', -1)
 ) AS d (job_class_name, cron_expression, parameter, description, status)
 WHERE t.id <> 1
   AND NOT EXISTS (SELECT 1 FROM sys_quartz_job j WHERE j.tenant_id = t.id);

INSERT INTO sys_sms_template (id, tenant_id, template_code, template_name, template_type, template_content, create_by)
SELECT md5('0700-template-bill_reminder-' || t.id), t.id, 'bill_reminder', '缴费提醒：${billCount} 张账单逾期未缴清', '2',
       E'${payerName}，您好：\n\n以下账单已过应缴日期，尚未缴清，合计待缴 ${total} 元：\n${bills}\n\n请尽快缴费。如已缴费，请忽略本邮件。', 'admin'
  FROM sys_tenant t
 WHERE NOT EXISTS (SELECT 1 FROM sys_sms_template x WHERE x.tenant_id = t.id AND x.template_code = 'bill_reminder');
