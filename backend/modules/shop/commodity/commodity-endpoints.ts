// 商品 (/shop/commodity): what the school sells (uniforms, books, lunch cards), per tenant, with a
// category of the category tree, several images, a price and a stock that orders take
// (../order/stock.ts). An edit from a stale copy is refused (orders touch update_time too).
// 规格 (variants, docs/decisions/161): a grid on the form (name, own price or blank for the
// commodity's, stock); a commodity with variants keeps the sum of their stocks as its own. Variants
// are matched by name on save; one that an order or a cart names is never removed.
import { sql } from "drizzle-orm";
import { commodityModule, commodityVariantsProblem, CommodityStatus, ShopMessages, type CommodityVariantInput } from "#contract/modules/shop";
import { fenToYuan, toFen } from "#contract/money";
import { shopCommodity, shopCommodityVariant } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { defineEntity } from "../../../crud/entity";
import { columnTenantScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { exactMoney, MAX_AMOUNT_FEN } from "../../billing/money-fields";

/** The body's variants, or undefined when the body has none (an edit that leaves them). */
function variantsOf(body: Record<string, unknown>): CommodityVariantInput[] | undefined {
  if (body.variants === undefined || body.variants === null) return undefined;
  const raw = Array.isArray(body.variants) ? body.variants : [];
  const text = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "");
  const variants = raw.map((item) => {
    const row = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    return { name: text(row.name), price: text(row.price), stock: text(row.stock) };
  });
  const problem = commodityVariantsProblem(variants);
  if (problem) throw new ApiError(problem);
  return variants.map((variant) => ({ ...variant, price: variant.price ? fenToYuan(toFen(variant.price)) : "" }));
}

export const commodityCrud = createModuleCrud(commodityModule, {
  table: shopCommodity,
  entity: { tenantColumn: "tenant_id" },
  // A commodity's history shows its variants with it.
  history: {
    extra: sql`jsonb_build_object('variants', (select string_agg(v.name || coalesce(' ' || v.price::text, '') || ' 库存' || v.stock, '；' order by v.sort_no, v.name) from shop_commodity_variant v where v.commodity_id = t.id))`,
    labels: { variants: "规格" },
  },
  // The commodity select of carts and order lines.
  access: { list: "user" },
  pickerColumns: ["id", "name", "price", "stock", "status", "status_dictText"],
  hooks: {
    prepare: (prepared) => {
      exactMoney(prepared, "price", "价格", { max: MAX_AMOUNT_FEN });
      variantsOf(prepared.body);
    },
    afterSave: async (save) => {
      const variants = variantsOf(save.body);
      if (variants !== undefined) {
        const kept = sql`(select jsonb_array_elements_text(${JSON.stringify(variants.map((variant) => variant.name))}::jsonb))`;
        const [used] = await save.tx.rows<{ name: string }>(sql`
          select v.name from shop_commodity_variant v
          where v.commodity_id = ${save.id} and v.name not in ${kept}
            and (exists (select 1 from shop_order_item i where i.variant_id = v.id) or exists (select 1 from shop_cart c where c.variant_id = v.id))
          order by v.sort_no limit 1`);
        if (used) throw new ApiError(ShopMessages.variantInUse(used.name));
        await save.tx.rows(sql`delete from shop_commodity_variant where commodity_id = ${save.id} and name not in ${kept}`);
        const rows = variants.map((variant, index) => ({ id: newId(), name: variant.name, price: variant.price || null, stock: Number(variant.stock), sort_no: index }));
        await save.tx.rows(sql`
          insert into shop_commodity_variant (id, tenant_id, commodity_id, name, price, stock, sort_no)
          select r.id, ${save.tenantId}, ${save.id}, r.name, r.price, r.stock, r.sort_no
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id varchar, name varchar, price numeric, stock integer, sort_no integer)
          on conflict (commodity_id, name) do update set price = excluded.price, stock = excluded.stock, sort_no = excluded.sort_no`);
      }
      // With variants, the commodity's stock is the sum of theirs.
      await save.tx.rows(sql`
        update shop_commodity c set stock = s.stock
        from (select sum(stock)::int as stock from shop_commodity_variant where commodity_id = ${save.id}) s
        where c.id = ${save.id} and exists (select 1 from shop_commodity_variant where commodity_id = ${save.id})`);
    },
  },
});

const scope = columnTenantScope(commodityCrud.entity);
// `shop_commodity,name,id`: the commodity of carts and order lines.
registerDictTable({ entity: commodityCrud.entity, columns: ["id", "name"], scope: (tenantId) => scope.condition(tenantId) });
// `shop_commodity_variant,name,id`: the variant of cart rows.
const variantEntity = defineEntity(shopCommodityVariant, { tenantColumn: "tenant_id" });
const variantScope = columnTenantScope(variantEntity);
registerDictTable({ entity: variantEntity, columns: ["id", "name"], scope: (tenantId) => variantScope.condition(tenantId) });

export interface CommodityChoiceRow {
  id: string;
  name: string;
  price: string;
  stock: number;
  variants: Array<{ id: string; name: string; price: string; stock: number }>;
}

export const commodityEndpoints: Endpoint[] = [
  ...commodityCrud.endpoints,
  // The variants of a commodity for its form (`?commodityId=`).
  endpoint("GET", "/shop/commodity/variants", menuAccess(commodityModule.page), async (request) => {
    const context = crudContext(request);
    const id = singleId(request.query.commodityId);
    if (!id || !(await commodityCrud.findById(context, id))) throw notFound();
    return ok(
      await context.services.db.rows(sql`
        select name, coalesce(price::text, '') as price, stock::text as stock from shop_commodity_variant where commodity_id = ${id} order by sort_no, name`),
    );
  }, { doc: { summary: "商品的规格" } }),
  // The commodities on sale with their variants: the choices of order lines and cart rows.
  endpoint("GET", "/shop/commodity/choices", "user", async (request) => {
    const context = crudContext(request);
    const rows = await context.services.db.rows<CommodityChoiceRow>(sql`
      select c.id, c.name, c.price::text as price, c.stock,
             coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name, 'price', coalesce(v.price, c.price)::text, 'stock', v.stock) order by v.sort_no, v.name)
                       from shop_commodity_variant v where v.commodity_id = c.id), '[]'::json) as variants
      from shop_commodity c where c.tenant_id = ${context.tenantId} and c.status = ${CommodityStatus.onSale}
      order by c.name limit 500`);
    return ok(rows.map((row) => ({ ...row, variants: typeof row.variants === "string" ? JSON.parse(row.variants) : row.variants })));
  }, { doc: { summary: "上架商品及其规格" } }),
];
