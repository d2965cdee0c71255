// No blank optional field answers a server error (issue #32 item 7): every module of contract/modules
// is added and edited with each optional form field empty, as its form posts it. The answer is a
// success or a field message, never 「操作失败，服务器内部错误」 (a NOT NULL violation in the log).
// Required fields take the values of a record the list already has (fresh text for unique ones).
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldsIn, moduleUrls, type ModuleDefinition } from "#contract/modules/module";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

const MODULES_DIR = path.resolve(import.meta.dirname, "../../contract/modules");
const loaded = await Promise.all(
  readdirSync(MODULES_DIR)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => import(path.join(MODULES_DIR, file)) as Promise<Record<string, unknown>>),
);
const definitions = loaded.flatMap((exports) => Object.values(exports)).filter(
  (value): value is ModuleDefinition => typeof value === "object" && value !== null && "api" in value && "fields" in value && "permissionPrefix" in value,
);

const SERVER_ERROR = /服务器内部错误/;

describe.each(databases)("blank optional fields on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  let serial = 0;
  const send = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token: admin, body });

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("finds the module definitions", () => {
    expect(definitions.length).toBeGreaterThan(15);
  });

  it("a fee project saved with 排序 empty takes the column's default, 0", async () => {
    const added = await send("POST", "/billing/project/add", { code: "BLANK_SORT", name: "空排序", type: "1", unitPrice: "10.50", period: "3", active: "1", sortNo: "" });
    expect(added.json, added.json?.message).toMatchObject({ success: true });
    const listed = await send("GET", "/billing/project/list?code=BLANK_SORT");
    expect(listed.json.result.records).toEqual([expect.objectContaining({ code: "BLANK_SORT", sortNo: 0 })]);
  });

  it.each(definitions.map((definition) => [definition.title, definition] as const))("%s: add and edit with each optional field empty", async (_title, definition) => {
    const urls = moduleUrls(definition);
    const listed = await send("GET", `${urls.list}?pageNo=1&pageSize=1`);
    const template = (listed.json?.result?.records?.[0] ?? null) as Record<string, unknown> | null;
    // A module the seed leaves empty has no values for its required fields: nothing to post.
    if (!template) return;
    const form = fieldsIn(definition, "form").filter(([, field]) => !field.readOnly);
    const optional = form.filter(([, field]) => !field.required).map(([property]) => property);
    const body = (blank: readonly string[]): Record<string, unknown> => {
      serial += 1;
      const values: Record<string, unknown> = {};
      for (const [property, field] of form) {
        if (blank.includes(property)) values[property] = "";
        else if (field.unique && typeof template[property] === "string") values[property] = `${String(template[property]).slice(0, Math.max(1, (field.maxLength ?? 20) - 6))}b${serial}`;
        else values[property] = template[property] ?? "";
      }
      return values;
    };
    const failures: string[] = [];
    for (const blank of [optional, ...optional.map((property) => [property])]) {
      const added = await send("POST", urls.add, body(blank));
      if (added.status >= 500 || SERVER_ERROR.test(String(added.json?.message))) failures.push(`add with ${blank.join(",")} empty: ${added.status} ${added.json?.message}`);
      const edited = await send("PUT", urls.edit, { ...body(blank), id: template.id });
      if (edited.status >= 500 || SERVER_ERROR.test(String(edited.json?.message))) failures.push(`edit with ${blank.join(",")} empty: ${edited.status} ${edited.json?.message}`);
    }
    expect(failures).toEqual([]);
  });
});
