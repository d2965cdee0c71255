-- 我的消息's 删除 (issue #31 item 3, docs/decisions/135): a recipient hides a read message from his
-- list. The read mark stays (hidden), so a notice to everyone is not given a new unread mark on the
-- next list, and the notice itself stays readable where it was.
ALTER TABLE sys_announcement_send ADD COLUMN del_flag varchar(1) NOT NULL DEFAULT '0';
