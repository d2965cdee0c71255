// What a record's edit form holds beyond its list row: the rows of its grids (a bill's items, a
// student's parents…), each as the JSON text its grid keeps. One definition serves both halves of a
// form's `detailUrl`: the resource route the browser asks when it opens the form (`detailLoader`), and
// the list page's loader when the form is opened by its address without JavaScript (issue #19), so
// that a plain-form save sends the rows back unchanged instead of wiping them.
import { z } from "zod";
import { commodityModule, orderModule } from "#contract/modules/shop";
import { studentModule } from "#contract/modules/people";
import { thirdPartyModule } from "#contract/modules/activity";
import type { RouteRequest } from "./auth.server";
import type { BackendClient } from "./api.server";
import { requireMenuPage } from "./menu-access.server";
import { failureData } from "./route-errors.server";

export interface FormDetail {
  /** The list page whose menu right opens the detail. */
  page: string;
  load: (api: BackendClient, id: string) => Promise<Record<string, string>>;
}

/** The rows `path` answers for `id` (under `idParam`), each keeping only `keys`, as JSON text. */
function gridRows(page: string, path: string, idParam: string, name: string, keys: readonly string[]): FormDetail {
  const schema = z.array(z.record(z.string(), z.unknown()));
  return {
    page,
    load: async (api, id) => {
      const { result } = await api.get(path, schema, { [idParam]: id });
      // Each key's `_dictText` (the name of its code) is kept for the grid shown before JavaScript.
      const kept = keys.flatMap((key) => [key, `${key}_dictText`]);
      const rows = result.map((row) => Object.fromEntries(kept.filter((key) => row[key] !== null && row[key] !== undefined).map((key) => [key, typeof row[key] === "number" ? String(row[key]) : row[key]])));
      return { [name]: JSON.stringify(rows) };
    },
  };
}

export const studentParents = gridRows(studentModule.page, `${studentModule.api}/queryParentsByStudentId`, "id", "parents", ["parentId", "relation", "isPayer"]);
const billItemRows = gridRows("/billing/bill", "/billing/bill/items", "billId", "items", ["projectId", "name", "quantity", "unitPrice", "allowance"]);
const billInstalmentRows = gridRows("/billing/bill", "/billing/bill/instalments", "billId", "instalments", ["seq", "dueDate", "amount", "paid", "balance", "state"]);
/** A bill's items (its grid) and its instalments (a read-only sub-table, docs/decisions/159). */
export const billItems: FormDetail = {
  page: "/billing/bill",
  load: async (api, id) => {
    const [items, instalments] = await Promise.all([billItemRows.load(api, id), billInstalmentRows.load(api, id)]);
    return { ...items, ...instalments };
  },
};
export const projectPrices = gridRows("/billing/project", "/billing/project/prices", "projectId", "prices", ["grade", "unitPrice"]);
export const voucherEntries = gridRows("/billing/voucher", "/billing/voucher/entries", "voucherId", "entries", ["account", "debit", "credit", "remark"]);
export const paymentAllocations = gridRows("/billing/payment", "/billing/payment/allocations", "paymentId", "allocations", ["billId", "amount"]);
export const orderLines = gridRows(orderModule.page, `${orderModule.api}/lines`, "orderId", "lines", ["commodityId", "variantId", "quantity"]);
export const commodityVariants = gridRows(commodityModule.page, `${commodityModule.api}/variants`, "commodityId", "variants", ["name", "price", "stock"]);
export const thirdPartyStudents = gridRows(thirdPartyModule.page, `${thirdPartyModule.api}/students`, "id", "students", ["studentId", "remark"]);

const reportSchema = z.object({ items: z.array(z.record(z.string(), z.unknown())), params: z.array(z.record(z.string(), z.unknown())) });
export const reportDetails: FormDetail = {
  page: "/online/cgreport",
  load: async (api, id) => {
    const { result } = await api.get("/online/cgreport/head/details", reportSchema, { id });
    return { items: JSON.stringify(result.items), params: JSON.stringify(result.params) };
  },
};

/** The resource route of a form's `detailUrl`: `?id=` → `{ ok, values }`, or the failure. */
export function detailLoader(detail: FormDetail) {
  return async (route: RouteRequest) => {
    const access = await requireMenuPage(route, detail.page);
    try {
      return { ok: true as const, values: await detail.load(access.signedIn.api, route.url.searchParams.get("id") ?? "") };
    } catch (error) {
      return failureData(error);
    }
  };
}
