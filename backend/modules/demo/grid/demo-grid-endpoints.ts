// 组件示例 → 表格示例 (/demo/grid, issue #11): the rows of the editable grid's demo form. Plain
// engine CRUD under /demo/gridRow (list sorted by order), plus `saveAll`: the whole grid as the
// form posts it (rows and deleted ids) written in one transaction. Admin only: every call needs
// the /demo/grid menu, which the seed grants to the admin role alone.
import { z } from "zod";
import { demoGridRow } from "../../../db/schema";
import { defineEntity } from "../../../crud/entity";
import { createCrud } from "../../../crud/engine";
import { crudContext, inTransaction } from "../../../crud/context";
import { columnTenantScope } from "../../../crud/tenant";
import { deleteRows, updateRow } from "../../../crud/store";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, okMessage } from "../../../http/envelope";
import { PAGES } from "#contract/pages";

export const DEMO_GRID_PAGE = PAGES["demo/GridDemo"];
/** Far more than a demo needs, and what the benchmark's 10,000 rows need. */
const MAX_ROWS = 20_000;

const entity = defineEntity(demoGridRow, {
  tenantColumn: "tenant_id",
  defaultSort: { property: "orderNum", order: "asc" },
  fields: { sex: { dictCode: "sex" } },
});
const tenantScope = columnTenantScope(entity);
const pageAccess = menuAccess(DEMO_GRID_PAGE);

export const demoGridCrud = createCrud({
  basePath: "/demo/gridRow",
  title: "可编辑表格示例",
  entity,
  table: demoGridRow,
  pagePath: DEMO_GRID_PAGE,
  permissionPrefix: "demoGrid",
  access: { add: pageAccess, edit: pageAccess, delete: pageAccess, deleteBatch: pageAccess },
  body: { fields: { name: { label: "名称", required: "请输入名称!" } } },
  listOptions: { maxPageSize: MAX_ROWS },
});

const saveAllSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).max(MAX_ROWS),
  deletedIds: z.array(z.string().min(1).max(32)).max(MAX_ROWS).default([]),
});

/** A saved row's id; temporary ids of new rows (`…__temp`) and blanks mean "new". */
function savedId(row: Record<string, unknown>): string | null {
  const id = row.id;
  return typeof id === "string" && id !== "" && !id.endsWith("__temp") ? id : null;
}

const saveAll = endpoint("POST", "/demo/gridRow/saveAll", pageAccess, async (request) => {
  const parsed = saveAllSchema.safeParse(request.body);
  if (!parsed.success) throw new ApiError("表格数据格式不正确");
  const context = crudContext(request);
  const { rows, deletedIds } = parsed.data;
  const scope = tenantScope.condition(context.tenantId);
  await inTransaction(request.services.db, async (tx) => {
    await deleteRows(tx, entity, deletedIds, scope);
    for (const [index, row] of rows.entries()) {
      const body: Record<string, unknown> = { ...row, orderNum: index + 1 };
      const id = savedId(row);
      if (id === null) {
        const { id: _temporary, ...values } = body;
        await demoGridCrud.insert(context, values, tx);
        continue;
      }
      const values = demoGridCrud.validate(body, "edit");
      delete values.id;
      const updated = await updateRow(tx, entity, id, { ...values, updateBy: context.username, updateTime: new Date() }, scope);
      if (!updated) throw new ApiError("未找到对应数据");
    }
  });
  return okMessage("保存成功！");
}, { doc: { summary: "可编辑表格示例：全部保存" } });

export const demoGridEndpoints: Endpoint[] = [...demoGridCrud.endpoints, saveAll];
