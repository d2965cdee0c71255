// Dictionary endpoints (api-contract.md §7): the lookups of the selects (plain and allow-listed
// table dictionaries, ./table-dict-endpoints.ts), the caches, and the dictionary pages
// (./dict-admin-endpoints.ts).
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ok, okWithoutCode } from "../../../http/envelope";
import { tableDictEndpoints } from "./table-dict-endpoints";
import { dictAdminEndpoints } from "./dict-admin-endpoints";

export const dictEndpoints: Endpoint[] = [
  ...tableDictEndpoints,
  ...dictAdminEndpoints,
  endpoint("GET", "/sys/dict/queryAllDictItems", "user", async ({ services }) =>
    ok(await services.dictionaries.allEnabled()), { doc: { summary: "全部字典及其字典项（前端缓存）" } },
  ),
  endpoint("GET", "/sys/dict/refleshCache", "user", async ({ services }) => {
    services.dictionaries.clearCache();
    return okWithoutCode(null);
  }, { doc: { summary: "刷新字典缓存" } }),
];
