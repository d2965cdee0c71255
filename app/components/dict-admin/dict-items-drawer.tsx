// 字典配置: the items of one dictionary in a drawer (JeecgBoot DictItemList), with its own search,
// paging, add / edit / delete. The dictionary list owns the page's URL, so this list keeps its
// state here and talks to the resource route /api/system/dict-items (the list engine's loader and
// action behind it); the backend checks the `dict:*` buttons on every write.
import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { App, Button, Drawer, Popconfirm, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import { SearchBar } from "~/components/list/search-bar";
import type { FieldOption } from "~/components/list/types";
import { usePermission } from "~/components/permission/has-permission";
import { useFailureFeedback } from "~/components/feedback/failure-feedback";
import { widgetUrl } from "~/routes/api/widgets/widget-answer";
import type { ListActionResult, ListRecord } from "~/services/list.server";
import { DICT_ITEMS_ROUTE, dictItemSearchFields } from "~/routes/system/dicts.data";
import { DictItemFormModal, type DictItemRecord } from "./dict-item-form";

interface ItemsAnswer {
  records: ListRecord[];
  total: number;
  error: string | null;
}

export interface DrawerDictionary {
  id: string;
  dictName: string;
}

const PAGE_SIZE_OPTIONS = ["10", "20", "30"];

export function DictItemsDrawer({ dictionary, statuses, onClose }: { dictionary: DrawerDictionary; statuses: FieldOption[]; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const permission = usePermission();
  const items = useFetcher<ItemsAnswer>();
  const remover = useFetcher<ListActionResult>();
  const [query, setQuery] = useState<{ filters: Record<string, string>; pageNo: number; pageSize: number }>({ filters: {}, pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ record: DictItemRecord | null } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const searchFields = useMemo(() => dictItemSearchFields(statuses), [statuses]);
  useFailureFeedback(remover.data);

  const url = widgetUrl(DICT_ITEMS_ROUTE, { dictId: dictionary.id, ...query.filters, pageNo: query.pageNo, pageSize: query.pageSize });
  const reload = () => void items.load(url);
  useEffect(() => {
    reload();
    setSelected([]);
    // The URL says everything the list depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  useEffect(() => {
    if (items.data?.error) void message.warning(items.data.error);
  }, [items.data, message]);

  useEffect(() => {
    const answer = remover.data;
    if (remover.state !== "idle" || !answer) return;
    if (answer.ok) {
      void message.success(answer.message);
      setSelected([]);
      const records = items.data?.records.length ?? 0;
      // A page emptied by the delete steps back.
      if (query.pageNo > 1 && (answer.deleted ?? 0) >= records) setQuery({ ...query, pageNo: query.pageNo - 1 });
      else reload();
    } else if (answer.message) void message.warning(answer.message);
    // React once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remover.data, remover.state]);

  const remove = (ids: string[]) =>
    void remover.submit(ids.length === 1 ? { intent: "delete", id: ids[0]! } : { intent: "deleteBatch", ids: ids.join(",") }, { method: "post", action: DICT_ITEMS_ROUTE });

  const columns: ColumnsType<ListRecord> = [
    { title: "名称", dataIndex: "itemText", key: "itemText", width: 160 },
    { title: "数据值", dataIndex: "itemValue", key: "itemValue", width: 120 },
    { title: "描述", dataIndex: "description", key: "description", width: 160 },
    { title: "排序值", dataIndex: "sortOrder", key: "sortOrder", width: 80 },
    { title: "是否启用", dataIndex: "status_dictText", key: "status", width: 90 },
    {
      title: "操作",
      key: "actions",
      width: 120,
      render: (_value, row) => (
        <Space size={8}>
          {permission.isVisible("dict:edit") ? <a onClick={() => setEditing({ record: row })}>编辑</a> : null}
          {permission.isVisible("dict:delete") ? (
            <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => remove([row.id])}>
              <a>删除</a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Drawer title="字典列表" open size={860} onClose={onClose} className="dict-items-drawer" destroyOnHidden>
      <p className="dict-items-drawer__name">{dictionary.dictName}</p>
      <SearchBar fields={searchFields} filters={query.filters} onSearch={(filters) => setQuery({ ...query, filters, pageNo: 1 })} />
      <div className="list-toolbar">
        <Space wrap>
          {permission.isVisible("dict:add") ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
              新增
            </Button>
          ) : null}
          {permission.isVisible("dict:batch_delete") && selected.length > 0 ? (
            <Button
              onClick={() =>
                modal.confirm({ title: "确认删除", content: "是否删除选中数据?", okText: "确定", cancelText: "取消", onOk: () => remove(selected) })
              }
            >
              批量删除
            </Button>
          ) : null}
        </Space>
      </div>
      <Table<ListRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items.data?.records ?? []}
        loading={items.state !== "idle"}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: items.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showSizeChanger: true,
          showTotal: (count, range) => `${range[0]}-${range[1]} 共${count}条`,
          onChange: (pageNo, pageSize) => setQuery({ ...query, pageNo: pageSize === query.pageSize ? pageNo : 1, pageSize }),
        }}
      />
      {editing ? (
        <DictItemFormModal
          dictId={dictionary.id}
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            void message.success(text);
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Drawer>
  );
}
