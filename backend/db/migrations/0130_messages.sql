-- 消息模板 and 消息 (issue #13 part 5). Fresh databases get the menu button, dictionary items and the
-- bill reminder template from the seed (backend/seed); these statements bring older databases along.

-- Templates with `${name}` placeholders (the original's sys_sms_template), per tenant.
CREATE TABLE sys_sms_template (
  id                  varchar(32) PRIMARY KEY,
  tenant_id           integer NOT NULL DEFAULT 1,
  template_code       varchar(100) NOT NULL,
  template_name       varchar(100) NOT NULL,
  template_type       varchar(1) NOT NULL, -- dict template_type: 1 短信, 2 邮件, 3 微信, 4 站内
  template_content    text NOT NULL,
  template_test_json  text,
  create_by           varchar(32),
  create_time         timestamptz NOT NULL DEFAULT now(),
  update_by           varchar(32),
  update_time         timestamptz
);
CREATE UNIQUE INDEX uniq_sys_sms_template_code ON sys_sms_template (tenant_id, template_code);

-- Every message sent from a template: channel, receiver, what was sent, status (dict message_status).
CREATE TABLE sys_message (
  id              varchar(32) PRIMARY KEY,
  tenant_id       integer NOT NULL DEFAULT 1,
  template_code   varchar(100),
  es_type         varchar(1) NOT NULL,
  es_receiver     varchar(100) NOT NULL,
  es_title        varchar(255),
  es_content      text,
  es_send_status  varchar(1) NOT NULL DEFAULT '0', -- 0 待发送, 1 已发送, 2 失败, 3 已记录 (no provider)
  es_send_time    timestamptz,
  es_result       text,
  related_id      varchar(32), -- the announcement (站内) or the mail (邮件)
  create_by       varchar(32),
  create_time     timestamptz NOT NULL DEFAULT now(),
  update_by       varchar(32),
  update_time     timestamptz
);
CREATE INDEX idx_sys_message_list ON sys_message (tenant_id, create_time DESC, id DESC);

-- template_type gains 站内, message_status 已记录 (the dictionary itself for databases without it).
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0130-dict-item-template_type-4'), d.id, '站内', '4', 4, 1, 'admin'
  FROM sys_dict d
 WHERE d.dict_code = 'template_type'
   AND NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = '4');
INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
SELECT md5('0130-dict-message_status'), '消息状态', 'message_status', 0, 'admin'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict WHERE dict_code = 'message_status')
   AND EXISTS (SELECT 1 FROM sys_tenant);
INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
SELECT md5('0130-dict-item-message_status-' || wanted.value), d.id, wanted.text, wanted.value, wanted.sort_order, 1, 'admin'
  FROM (VALUES ('0', '待发送', 1), ('1', '已发送', 2), ('2', '失败', 3), ('3', '已记录', 4)) AS wanted (value, text, sort_order)
  JOIN sys_dict d ON d.dict_code = 'message_status'
 WHERE NOT EXISTS (SELECT 1 FROM sys_dict_item i WHERE i.dict_id = d.id AND i.item_value = wanted.value);

-- 消息模板's 测试发送 button, granted to the roles holding the page's 添加 button.
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0130-button-messageTemplate:test'), id, '测试发送', 2, 'messageTemplate:test', '1', 20, 0, 1, '1', 0, 'admin'
  FROM sys_permission
 WHERE url = '/isystem/messageTemplate' AND menu_type IN (0, 1)
   AND NOT EXISTS (SELECT 1 FROM sys_permission WHERE perms = 'messageTemplate:test');
INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0130-grant-' || rp.role_id), rp.role_id, md5('0130-button-messageTemplate:test')
  FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id AND p.perms = 'messageTemplate:add'
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0130-button-messageTemplate:test'))
   AND NOT EXISTS (SELECT 1 FROM sys_role_permission x WHERE x.role_id = rp.role_id AND x.permission_id = md5('0130-button-messageTemplate:test'));

-- The bill reminder's template for every tenant (the job falls back to its built-in text without it).
INSERT INTO sys_sms_template (id, tenant_id, template_code, template_name, template_type, template_content, create_by)
SELECT md5('0130-template-bill_reminder-' || t.id), t.id, 'bill_reminder', '缴费提醒：${billCount} 张账单逾期未缴清', '2',
       E'${payerName}，您好：\n\n以下账单已过应缴日期，尚未缴清，合计待缴 ${total} 元：\n${bills}\n\n请尽快缴费。如已缴费，请忽略本邮件。', 'admin'
  FROM sys_tenant t
 WHERE NOT EXISTS (SELECT 1 FROM sys_sms_template x WHERE x.tenant_id = t.id AND x.template_code = 'bill_reminder');
