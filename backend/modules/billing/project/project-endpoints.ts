// 收费项目 (/billing/project): what can be billed, per tenant (contract/modules/billing.ts), with its
// price by grade (a grid on the form: a grade without a row pays the unit price) and its sibling
// discount (a percent or an amount, docs/decisions/111).
import { sql } from "drizzle-orm";
import { projectModule, projectPricesProblem, ProjectMessages, type ProjectPriceInput } from "#contract/modules/billing";
import { fenToYuan, toFen } from "#contract/money";
import { isDateText, LateFeeMode } from "#contract/modules/billing-instalments";
import { billProject } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { columnTenantScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { exactMoney, MAX_AMOUNT_FEN } from "../money-fields";
import type { PrepareContext } from "../../../crud/engine";

/** The body's grade prices, or undefined when the body has none (an edit that leaves them). */
function pricesOf(body: Record<string, unknown>): ProjectPriceInput[] | undefined {
  if (body.prices === undefined || body.prices === null) return undefined;
  const raw = Array.isArray(body.prices) ? body.prices : [];
  const text = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "");
  const prices = raw.map((item) => {
    const row = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    return { grade: text(row.grade).slice(0, 4), unitPrice: text(row.unitPrice) };
  });
  const problem = projectPricesProblem(prices);
  if (problem) throw new ApiError(problem);
  return prices.map((price) => ({ grade: price.grade, unitPrice: fenToYuan(toFen(price.unitPrice)) }));
}

/**
 * The instalment plan and the late fee rule (docs/decisions/159): dates, when given, are one per
 * instalment (stored sorted, separated by commas); a rule needs its amount, a percent is at most 100.
 */
function planOf(prepared: PrepareContext): void {
  const given = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== "";
  const count = given(prepared.body.instalmentCount) ? Number(prepared.body.instalmentCount) : 0;
  if (given(prepared.body.instalmentDates)) {
    const dates = String(prepared.body.instalmentDates).split(/[\s,，、;；]+/).filter(Boolean);
    if (count < 2 || dates.length !== count || !dates.every(isDateText) || new Set(dates).size !== count) throw new ApiError(ProjectMessages.instalmentDates(count));
    prepared.values.instalmentDates = [...dates].sort().join(",");
  }
  exactMoney(prepared, "lateFeeCap", "滞纳金上限", { max: MAX_AMOUNT_FEN });
  exactMoney(prepared, "lateFeeValue", "滞纳金金额或比例", { max: MAX_AMOUNT_FEN });
  const mode = given(prepared.body.lateFeeMode) ? String(prepared.body.lateFeeMode) : "";
  if (mode && !given(prepared.body.lateFeeValue)) throw new ApiError(ProjectMessages.lateFeeValue);
  if ((mode === LateFeeMode.dailyPercent || mode === LateFeeMode.oncePercent) && toFen(prepared.body.lateFeeValue) > 10_000n) throw new ApiError(ProjectMessages.lateFeePercent);
}

export const projectCrud = createModuleCrud(projectModule, {
  table: billProject,
  entity: { tenantColumn: "tenant_id", defaultSort: { property: "sortNo", order: "asc" } },
  // A project's history shows its grade prices with it.
  history: {
    extra: sql`jsonb_build_object('prices', (select string_agg(pp.grade || ' ' || pp.unit_price::text, '；' order by pp.sort_no, pp.grade) from bill_project_price pp where pp.project_id = t.id))`,
    labels: { prices: "年级价格" },
  },
  // The project select of allowances and bill items.
  access: { list: "user" },
  hooks: {
    prepare: (prepared) => {
      exactMoney(prepared, "unitPrice", "单价", { max: MAX_AMOUNT_FEN });
      exactMoney(prepared, "siblingAmount", "兄弟姐妹优惠金额", { max: MAX_AMOUNT_FEN });
      const given = (value: unknown) => value !== undefined && value !== null && value !== "";
      if (given(prepared.body.siblingPercent) && given(prepared.body.siblingAmount)) throw new ApiError(ProjectMessages.siblingOne);
      pricesOf(prepared.body);
      planOf(prepared);
    },
    // An edit that sends no 年级价格 leaves them: its UPDATE writes the history row itself.
    afterSaveChangesRecord: (save) => pricesOf(save.body) !== undefined,
    afterSave: async (save) => {
      const prices = pricesOf(save.body);
      if (prices === undefined) return;
      await save.tx.rows(sql`delete from bill_project_price where project_id = ${save.id}`);
      if (prices.length === 0) return;
      await save.tx.rows(sql`
        insert into bill_project_price (id, project_id, grade, unit_price, sort_no)
        select r.id, ${save.id}, r.grade, r.unit_price::numeric, r.sort_no
        from json_to_recordset(${JSON.stringify(prices.map((price, index) => ({ id: newId(), grade: price.grade, unit_price: price.unitPrice, sort_no: index })))}::json)
          as r(id varchar, grade varchar, unit_price text, sort_no int)`);
    },
  },
});

const projectScope = columnTenantScope(projectCrud.entity);
// `bill_project,name,id`: the project dictionary of allowances and bill items.
registerDictTable({ entity: projectCrud.entity, columns: ["id", "code", "name"], scope: (tenantId) => projectScope.condition(tenantId) });

export const projectEndpoints: Endpoint[] = [
  ...projectCrud.endpoints,
  // The grade prices of a project for its form (`?projectId=`).
  endpoint("GET", "/billing/project/prices", menuAccess(projectModule.page), async (request) => {
    const context = crudContext(request);
    const id = singleId(request.query.projectId);
    const project = id ? await projectCrud.findById(context, id) : undefined;
    if (!project || !id) throw notFound();
    return ok(
      await context.services.db.rows(sql`
        select grade, unit_price::text as "unitPrice" from bill_project_price where project_id = ${id} order by sort_no, grade`),
    );
  }, { doc: { summary: "收费项目的年级价格" } }),
];
