// Every advanced-query field a page declares (高级查询) is one its backend list really filters by
// (the contract ignores unknown fields): each is sent alone with a value no row has, and the
// list, which has rows, must answer none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SuperQueryField } from "~/components/widgets/super-query";
import { userSuperQuery } from "~/routes/system/users.data";
import { roleSuperQuery } from "~/routes/system/roles.data";
import { positionSuperQuery } from "~/routes/system/positions.data";
import { dictSuperQuery } from "~/routes/system/dicts.data";
import { corporationModule, parentModule, studentModule, teacherModule } from "#contract/modules/people";
import { modulePage } from "~/components/widgets/list/module-page";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";

const PAGES: Array<[list: string, fields: SuperQueryField[]]> = [
  ["/sys/user/list", userSuperQuery],
  ["/sys/role/list", roleSuperQuery],
  ["/sys/position/list", positionSuperQuery],
  ["/sys/dict/list", dictSuperQuery],
  // The people modules: their advanced query comes from the module definition.
  ...[studentModule, parentModule, corporationModule, teacherModule].map((module): [string, SuperQueryField[]] => [`${module.api}/list`, modulePage(module).superQuery]),
];

const dated = (field: SuperQueryField) => field.type === "date" || field.type === "datetime";
/** A value no row has: far in the future for dates, an unused code (numeric for dictionaries) otherwise. */
const nothing = (field: SuperQueryField) =>
  field.type === "date" ? "2999-01-01" : field.type === "datetime" ? "2999-01-01 00:00:00" : field.type === "list" ? "99" : "no_such_value_9";

describe("advanced query fields of the pages", () => {
  let server: TestBackend;
  let token: string;
  beforeAll(async () => {
    server = await startTestBackend("pglite");
    token = await loginToken(server.url);
  });
  afterAll(async () => server?.close());

  it.each(PAGES)("%s filters by every declared field", async (list, fields) => {
    expect(fields.length).toBeGreaterThan(0);
    const all = await call(server.url, "GET", list, { token });
    expect(all.json.result.total).toBeGreaterThan(0);
    for (const field of fields) {
      const params = encodeURIComponent(JSON.stringify([{ field: field.value, rule: dated(field) ? "ge" : "eq", val: nothing(field), type: field.type ?? "string" }]));
      const { json } = await call(server.url, "GET", `${list}?superQueryParams=${params}&superQueryMatchType=and`, { token });
      expect({ field: field.value, success: json.success, total: json.result?.total }).toEqual({ field: field.value, success: true, total: 0 });
    }
  });
});
