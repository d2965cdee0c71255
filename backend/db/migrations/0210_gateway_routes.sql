-- 网关路由 (issue #16, docs/decisions/061): reverse-proxy routes that every web server applies.
-- Installation-wide (no tenant column): only platform administrators manage them. `predicates`
-- holds the one Path predicate (e.g. /demo/**), `strip_prefix` 1 drops that prefix before
-- forwarding, `status` 1 有效 / 0 无效 (dict valid_status).
CREATE TABLE sys_gateway_route (
  id           varchar(32) PRIMARY KEY,
  router_id    varchar(100) NOT NULL,
  name         varchar(100) NOT NULL,
  uri          varchar(500) NOT NULL,
  predicates   varchar(200) NOT NULL,
  strip_prefix integer NOT NULL DEFAULT 1,
  status       integer NOT NULL DEFAULT 1,
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_sys_gateway_route_router_id ON sys_gateway_route (router_id);
CREATE UNIQUE INDEX uniq_sys_gateway_route_predicates ON sys_gateway_route (predicates);

-- 去除前缀's dictionary (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0210-dict-gateway_strip_prefix'), '是否去除前缀', 'gateway_strip_prefix', 1, 'admin'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = 'gateway_strip_prefix')
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0210-dict-item-gateway_strip_prefix-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('1', '是', 1), ('0', '否', 2)) AS wanted (value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = 'gateway_strip_prefix'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);
