-- 访问控制 (issue #34 item 4, docs/decisions/134): allow and block lists of client addresses and
-- networks (IPv4 / IPv6, one address or CIDR), for the platform (tenant_id 0: every request) or for
-- one tenant (requests in it). rule_type 'allow' / 'block' (dict access_rule_type), status 1 有效 /
-- 0 无效 (dict valid_status). Only platform administrators manage them.
CREATE TABLE sys_access_rule (
  id          varchar(32) PRIMARY KEY,
  tenant_id   integer NOT NULL DEFAULT 0,
  rule_type   varchar(10) NOT NULL CHECK (rule_type IN ('allow', 'block')),
  address     varchar(100) NOT NULL,
  status      integer NOT NULL DEFAULT 1,
  description varchar(200),
  create_by   varchar(32),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_by   varchar(32),
  update_time timestamptz
);
CREATE INDEX idx_sys_access_rule_tenant ON sys_access_rule (tenant_id);

-- 规则类型's dictionary (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0640-dict-access_rule_type'), '访问控制规则类型', 'access_rule_type', 1, 'admin'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = 'access_rule_type')
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0640-dict-item-access_rule_type-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('allow', '允许', 1), ('block', '禁止', 2)) AS wanted (value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = 'access_rule_type'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);
