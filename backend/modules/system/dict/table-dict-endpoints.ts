// Dictionary lookups of the selects (api-contract.md §7): items of a plain or table dictionary,
// the async search, texts of stored keys, and one level of a tree table. Signed as in 3.0, open to
// every signed-in user, answered from the caller's tenant, through the allow-list of
// crud/table-dict.ts (§10: no raw identifiers, no raw condition part, no secret columns).
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { failure, okWithoutCode } from "../../../http/envelope";
import { crudContext, databaseExecutor, type CrudContext } from "../../../crud/context";
import { DictErrors, isTableDictCode, MAX_DICT_ITEMS, parseTableDictCode, tableDictItems, type DictOption } from "../../../crud/table-dict";
import { loadTreeData } from "../../../crud/tree-data";

/** A plain dictionary's items or a table dictionary's, with an optional keyword / key filter. */
async function dictItems(
  context: CrudContext,
  dictCode: string,
  filter: { keyword?: string; keys?: string[]; limit?: number } = {},
): Promise<DictOption[]> {
  if (isTableDictCode(dictCode))
    return tableDictItems(databaseExecutor(context.services.db), parseTableDictCode(dictCode), context.tenantId, filter);
  let items = await context.services.dictionaries.items(dictCode);
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    const words = keyword.includes(",") ? keyword.split(",").map((word) => word.trim()).filter(Boolean) : undefined;
    items = items.filter((item) =>
      words
        ? words.includes(item.text.toLowerCase()) || words.includes(item.value.toLowerCase())
        : item.text.toLowerCase().includes(keyword) || item.value.toLowerCase().includes(keyword),
    );
  }
  if (filter.keys) items = items.filter((item) => filter.keys!.includes(item.value));
  return items.slice(0, filter.limit ?? MAX_DICT_ITEMS);
}

function pageSize(raw: string | undefined): number | undefined {
  const size = Number(raw);
  return Number.isInteger(size) && size >= 1 ? Math.min(size, MAX_DICT_ITEMS) : undefined;
}

function keyList(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean)
    .slice(0, MAX_DICT_ITEMS);
}

export const tableDictEndpoints: Endpoint[] = [
  endpoint(
    "GET",
    "/sys/dict/getDictItems/:dictCode",
    "user",
    async (request) => {
      const code = (request.params.dictCode ?? "").trim();
      if (!code) return failure("字典Code格式不正确！");
      return okWithoutCode(await dictItems(crudContext(request), code));
    },
    { doc: { summary: "按字典编码查询字典项" }, signed: true },
  ),

  endpoint(
    "GET",
    "/sys/dict/loadDict/:dictCode",
    "user",
    async (request) => {
      const code = (request.params.dictCode ?? "").trim();
      if (!code) throw DictErrors.badFormat();
      const items = await dictItems(crudContext(request), code, {
        keyword: request.query.keyword,
        limit: pageSize(request.query.pageSize),
      });
      return okWithoutCode(items);
    },
    { doc: { summary: "按关键字搜索字典项（下拉搜索）" }, signed: true },
  ),

  // The texts of `key=v1,v2` in the same order; unknown keys are dropped, or kept as themselves
  // with delNotExist=false (contract §7).
  endpoint(
    "GET",
    "/sys/dict/loadDictItem/:dictCode",
    "user",
    async (request) => {
      const code = (request.params.dictCode ?? "").trim();
      if (!code) throw DictErrors.badFormat();
      const keys = keyList(request.query.key);
      const keepUnknown = request.query.delNotExist === "false";
      const items = keys.length === 0 ? [] : await dictItems(crudContext(request), code, { keys });
      const texts = new Map(items.map((item) => [item.value, item.text]));
      const answer = keys.flatMap((key) => (texts.has(key) ? [texts.get(key)!] : keepUnknown ? [key] : []));
      return okWithoutCode(answer);
    },
    { doc: { summary: "按值查询字典项的文本" }, signed: true },
  ),

  endpoint("GET", "/sys/dict/getDictText/:dictCode/:key", "user", async (request) => {
    const code = (request.params.dictCode ?? "").trim();
    const key = (request.params.key ?? "").trim();
    if (!code) throw DictErrors.badFormat();
    const [item] = key ? await dictItems(crudContext(request), code, { keys: [key] }) : [];
    return okWithoutCode(item?.text ?? "");
  }, { doc: { summary: "查询一个字典值的文本" } }),

  endpoint(
    "GET",
    "/sys/dict/loadTreeData",
    "user",
    async (request) => {
      const context = crudContext(request);
      const { query } = request;
      return okWithoutCode(
        await loadTreeData(
          databaseExecutor(context.services.db),
          {
            pid: query.pid,
            pidField: query.pidField,
            tableName: query.tableName,
            text: query.text,
            code: query.code,
            hasChildField: query.hasChildField,
            condition: query.condition,
          },
          context.tenantId,
        ),
      );
    },
    { doc: { summary: "加载树形字典的数据" }, signed: true },
  ),
];
