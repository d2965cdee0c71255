// The list engine's SQL parts that are rendered once (docs/decisions/064): a column reference as
// one quoted chunk, and an entity's default select list kept after its first render. Both must
// give the statement drizzle rendered from the nested identifiers before.
import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { columnRef } from "../../backend/crud/conditions";
import { selectPage, selectRecords, selectedFields } from "../../backend/crud/page";
import type { EntityDefinition, FieldDefinition } from "../../backend/crud/entity";
import { userEntity } from "../../backend/modules/system/user/user-entity";

const dialect = new PgDialect();

/** A database that answers `answers` in turn (else no rows) and keeps the statements it was given. */
function statementLog(answers: Array<Record<string, unknown>[]> = []) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  return { statements, db: { rows: async <T>(query: SQL) => (statements.push(dialect.sqlToQuery(query)), (answers.shift() ?? []) as T[]) } };
}

describe("the list engine's fixed SQL parts", () => {
  it("quotes a column reference as drizzle quotes identifiers, odd names included", () => {
    const field = { ...userEntity.fields[0]!, column: 'we"ird' } as FieldDefinition;
    const entity = { ...userEntity, table: 'sys "user"' } as EntityDefinition;
    for (const [table, column] of [
      [userEntity, userEntity.fields[0]!],
      [entity, field],
    ] as const) {
      expect(dialect.sqlToQuery(columnRef(table, column)).sql).toBe(dialect.sqlToQuery(sql`${sql.identifier(table.table)}.${sql.identifier(column.column)}`).sql);
    }
  });

  it("selects every readable field by its wire name, the same on the first call and later ones", async () => {
    const { statements, db } = statementLog();
    const query = { where: sql`${columnRef(userEntity, selectedFields(userEntity)[0]!)} = ${"x"}`, orderBy: sql`1`, limit: 10 };
    await selectRecords(db, userEntity, query);
    await selectRecords(db, userEntity, query);
    expect(statements[1]).toEqual(statements[0]);
    const expected = selectedFields(userEntity).map((field) => {
      const column = `"${userEntity.table}"."${field.column}"`;
      return `${field.type === "date" ? `to_char(${column}, 'YYYY-MM-DD')` : column} as "${field.property}"`;
    });
    expect(statements[0]!.sql).toBe(`select ${expected.join(", ")} from "${userEntity.table}" where "${userEntity.table}"."${selectedFields(userEntity)[0]!.column}" = $1 order by 1 limit $2`);
    expect(statements[0]!.params).toEqual(["x", 10]);
  });

  it("does not answer a chosen subset of fields with the kept default list, nor the default with a subset", async () => {
    const { statements, db } = statementLog();
    const query = { where: undefined, orderBy: sql`1` };
    const subset = selectedFields(userEntity, ["username", "realname"]);
    await selectRecords(db, userEntity, query);
    await selectRecords(db, userEntity, query, subset);
    await selectRecords(db, userEntity, query);
    expect(statements[1]!.sql).toBe(`select "sys_user"."username" as "username", "sys_user"."realname" as "realname" from "sys_user" order by 1`);
    expect(statements[2]).toEqual(statements[0]);
  });

  it("asks a page and its count in one statement, the count only alone for an empty page past the first", async () => {
    const where = sql`${columnRef(userEntity, selectedFields(userEntity)[0]!)} = ${"x"}`;
    const fields = selectedFields(userEntity, ["username"]);
    const page = { where, orderBy: sql`1`, limit: 10, offset: 0, pageNo: 1, pageSize: 10 };
    const first = statementLog([[{ username: "a", $total: "12" }]]);
    expect(await selectPage(first.db, userEntity, page, fields)).toEqual({ total: 12, records: [{ username: "a" }] });
    const column = `"sys_user"."${selectedFields(userEntity)[0]!.column}"`;
    expect(first.statements.map(({ sql, params }) => ({ sql, params }))).toEqual([
      {
        sql: `select "sys_user"."username" as "username", (select count(*) from "sys_user" where ${column} = $1) as "$total" from "sys_user" where ${column} = $2 order by 1 limit $3`,
        params: ["x", "x", 10],
      },
    ]);
    const none = statementLog();
    expect(await selectPage(none.db, userEntity, page, fields)).toEqual({ total: 0, records: [] });
    expect(none.statements).toHaveLength(1);
    const beyond = statementLog([[], [{ total: 12 }]]);
    expect(await selectPage(beyond.db, userEntity, { ...page, offset: 20, pageNo: 3 }, fields)).toEqual({ total: 12, records: [] });
    expect(beyond.statements[1]!.sql).toBe(`select count(*) as "total" from "sys_user" where ${column} = $1`);
  });
});
