-- 系统日志 and 接口文档 (issue #15 part B).
-- sys_log gains the tenant of the caller (tenants never see each other's logs) and the browser of
-- a sign-in (spec: the sign-in log shows address, browser and outcome).
ALTER TABLE sys_log ADD COLUMN tenant_id integer;
ALTER TABLE sys_log ADD COLUMN browser varchar(100);
CREATE INDEX idx_sys_log_tenant_type_time ON sys_log (tenant_id, log_type, create_time);

-- 接口文档 was an external link to a stand-in page; it is now the backend's own generated
-- OpenAPI document, browsed inside the product.
UPDATE sys_permission
   SET url = '/monitor/apiDoc', component = 'monitor/ApiDoc', internal_or_external = 0
 WHERE name = '接口文档' AND url = 'https://developer.mozilla.org/zh-CN/';
