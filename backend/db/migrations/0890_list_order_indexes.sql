-- The other lists that grow with the school's life read their pages in the engine's order from an
-- index (issue #34, docs/decisions/167; 0780 did the people lists). The engine orders a list by its
-- default sort `DESC NULLS LAST`, then `id ASC` (query-generator.ts); the indexes below were made
-- `DESC` (NULLS FIRST) and `id DESC`, or on another column, so every page and every keyset page of
-- an export sorted the tenant's whole table. tests/integration/list-order-indexes.test.ts checks
-- each list's plan.
CREATE INDEX idx_bill_receipt_list ON bill_receipt (tenant_id, issued_at DESC NULLS LAST, id);
CREATE INDEX idx_bill_receivable_list ON bill_receivable (tenant_id, create_time DESC NULLS LAST, id);
CREATE INDEX idx_bill_wechat_trade_list ON bill_wechat_trade (tenant_id, trade_time DESC NULLS LAST, id);
DROP INDEX IF EXISTS idx_act_signup_create_time;
CREATE INDEX idx_act_signup_list ON act_signup (tenant_id, create_time DESC NULLS LAST, id);
DROP INDEX IF EXISTS idx_shop_order_create_time;
CREATE INDEX idx_shop_order_list ON shop_order (tenant_id, create_time DESC NULLS LAST, id);
CREATE INDEX idx_shop_cart_list ON shop_cart (tenant_id, added_at DESC NULLS LAST, id);
DROP INDEX IF EXISTS idx_shop_address_list;
CREATE INDEX idx_shop_address_list ON shop_address (tenant_id, create_time DESC NULLS LAST, id);
DROP INDEX IF EXISTS idx_sys_message_list;
CREATE INDEX idx_sys_message_list ON sys_message (tenant_id, create_time DESC NULLS LAST, id);
DROP INDEX IF EXISTS idx_oss_file_list;
CREATE INDEX idx_oss_file_list ON oss_file (tenant_id, create_time DESC NULLS LAST, id);
-- 系统日志 is read one type at a time; the default tenant's administrators also see the rows without
-- a tenant (`tenant_id = 1 OR tenant_id IS NULL`), which no index led by the tenant can order, so the
-- type leads and the tenant is a filter on rows read in order. The purge's range by type and time
-- uses it too: the older (log_type, create_time) index goes.
DROP INDEX IF EXISTS idx_sys_log_type_time;
CREATE INDEX idx_sys_log_list ON sys_log (log_type, create_time DESC NULLS LAST, id);
