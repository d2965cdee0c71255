// 字典配置: the items of one dictionary in a drawer (JeecgBoot DictItemList) on the list engine,
// with its own search, paging, add / edit / delete. The dictionary list owns the page's URL, so
// this list keeps its state with the drawer (useOwnedList) and talks to the resource route
// /api/system/dict-items; the backend checks the `dict:*` buttons on every write.
import { useMemo } from "react";
import { Drawer } from "antd";
import { ListPage } from "~/components/widgets/list/list-page";
import { useOwnedList } from "~/components/widgets/list/use-owned-list";
import type { FieldOption } from "~/components/widgets/list/types";
import { DICT_ITEM_SORT, DICT_ITEMS_ROUTE, DICT_PAGE, dictItemColumns, dictItemFormSchema, dictItemSearchFields } from "~/routes/system/dicts.data";
import { dictItemDefaults, dictItemFormFields } from "./dict-item-form";

export interface DrawerDictionary {
  id: string;
  dictName: string;
}

export function DictItemsDrawer({ dictionary, statuses, onClose }: { dictionary: DrawerDictionary; statuses: FieldOption[]; onClose: () => void }) {
  const items = useOwnedList(DICT_ITEMS_ROUTE, { params: { dictId: dictionary.id }, defaultSort: DICT_ITEM_SORT });
  const searchFields = useMemo(() => dictItemSearchFields(statuses), [statuses]);
  return (
    <Drawer title="字典列表" open size={860} onClose={onClose} className="dict-items-drawer" destroyOnHidden>
      <ListPage
        title={dictionary.dictName}
        data={items.data}
        source={items.source}
        columns={dictItemColumns}
        searchFields={searchFields}
        permissionPrefix={DICT_PAGE.permissionPrefix}
        defaultSort={DICT_ITEM_SORT}
        form={{ fields: dictItemFormFields, schema: dictItemFormSchema, width: 600, defaults: dictItemDefaults }}
        tableProps={{ loading: items.loading }}
      />
    </Drawer>
  );
}
