-- The JeecgBoot Vue 3 client's message pop-up (issue #31, docs/decisions/151).
-- 标星: a recipient stars a message of his own (sys_announcement_send.star_flag, '1' starred).
ALTER TABLE sys_announcement_send ADD COLUMN star_flag varchar(1) NOT NULL DEFAULT '0';

-- A template message (bus_type 'message') names itself as its business id, so that the client's
-- messageHref jump to 我的消息 opens it there (getOne by the notice's id).
UPDATE sys_announcement SET bus_id = id WHERE bus_type = 'message' AND bus_id IS NULL;

-- messageHref and rangeDate (the seed gives fresh databases the same).
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0740-dict-' || wanted.code), wanted.name, wanted.code, 0, 'admin'
  FROM (VALUES ('messageHref', '消息跳转'), ('rangeDate', '消息日期范围')) AS wanted (code, name)
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = wanted.code)
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0740-dict-item-' || wanted.code || '-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('messageHref', 'message', '/monitor/mynews', 1),
               ('rangeDate', 'jt', '今天', 1), ('rangeDate', 'zt', '昨天', 2), ('rangeDate', 'qt', '前天', 3),
               ('rangeDate', 'bz', '本周', 4), ('rangeDate', 'sz', '上周', 5), ('rangeDate', 'by', '本月', 6),
               ('rangeDate', 'sy', '上月', 7), ('rangeDate', '7day', '7日', 8), ('rangeDate', 'zdy', '自定义日期', 9))
       AS wanted (code, value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = wanted.code
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);
