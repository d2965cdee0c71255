-- 网关路由's recycle bin (issue #31, docs/decisions/158): deleting a route flags it (del_flag 1) as
-- JeecgBoot v3.9.3 does; 回收站 lists the flagged ones, 还原 clears the flag, 彻底删除 removes the row.
-- A route in the bin is never applied by the web servers. Its 路由ID and path stay taken (the unique
-- indexes cover every row), so restoring it never collides with a route added since.
ALTER TABLE sys_gateway_route ADD COLUMN IF NOT EXISTS del_flag integer NOT NULL DEFAULT 0;
