-- 数据字典: an item value is unique within its dictionary (SysDictItemController.doDictItemCheck).
-- The item endpoints check it first with a plain answer; the index keeps concurrent saves honest.
CREATE UNIQUE INDEX uniq_sys_dict_item_value ON sys_dict_item (dict_id, item_value);
