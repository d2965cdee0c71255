// Plain dictionary endpoints (api-contract.md §7). Table dictionaries need the allow-list of the
// CRUD engine and are answered there.
import { endpoint, type Endpoint } from "../../http/endpoint";
import { failure, ok, okWithoutCode } from "../../http/envelope";

export const dictEndpoints: Endpoint[] = [
  endpoint(
    "GET",
    "/sys/dict/getDictItems/:dictCode",
    "user",
    async ({ params, services }) => {
      const code = params.dictCode ?? "";
      if (code.includes(",")) {
        if (code.split(",").length < 3) return failure("字典Code格式不正确！");
        return failure("表字典暂未开放");
      }
      return okWithoutCode(await services.dictionaries.items(code));
    },
    { signed: true },
  ),
  endpoint("GET", "/sys/dict/queryAllDictItems", "user", async ({ services }) =>
    ok(await services.dictionaries.allEnabled()),
  ),
  endpoint("GET", "/sys/dict/refleshCache", "user", async ({ services }) => {
    services.dictionaries.clearCache();
    return okWithoutCode(null);
  }),
];
