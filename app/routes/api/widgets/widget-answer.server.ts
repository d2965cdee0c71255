// The server half of the widget routes' wire (widget-answer.ts): backend failures become
// `{ ok: false, message, kind }` answers the widget shows, never route errors.
import { data } from "react-router";
import { z } from "zod";
import { BackendError, type Query } from "~/services/api.server";
import type { WidgetAnswer, WidgetFailure } from "./widget-answer";
import { requireSignedIn, type RouteRequest } from "~/services/auth.server";
import { pickFields, type PickerRow } from "~/components/widgets/pickers/picker-logic";
import { pickerRecordSchema } from "./widget-schemas.server";

export async function answerWidget<T>(work: () => Promise<{ items: T[]; total?: number }>): Promise<WidgetAnswer<T>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false, message: error.failure.message, kind: error.failure.kind };
    throw error;
  }
}

/** A request the route refuses before asking the backend (HTTP 400, same answer shape). */
export function refuseWidget(message: string) {
  return data<WidgetFailure>({ ok: false, message, kind: "business" }, { status: 400 });
}

/**
 * A backend path variable such as `sys_user,realname,id`: URL-encoded, but with its commas kept,
 * because the request signature reads `x-path-variable` from a last segment that holds a comma
 * (api-contract.md §3).
 */
export function pathVariable(value: string): string {
  return encodeURIComponent(value).replaceAll("%2C", ",");
}

/** `[A-Za-z_][A-Za-z0-9_]*`: the only shape of a table or column name we pass on (contract §10). */
export const identifierSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

/** The named search parameters of a request, without empty ones. */
export function pickQuery(url: URL, names: readonly string[]): Query {
  const query: Query = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null && value.trim() !== "") query[name] = value.trim();
  }
  return query;
}

/** pageNo and pageSize of a picker request; page sizes are capped so no request asks for everything. */
export function pageQuery(url: URL, maxPageSize = 100): { pageNo: number; pageSize: number } {
  const pageNo = Math.max(1, Math.trunc(Number(url.searchParams.get("pageNo"))) || 1);
  const pageSize = Math.min(maxPageSize, Math.max(1, Math.trunc(Number(url.searchParams.get("pageSize"))) || 10));
  return { pageNo, pageSize };
}

/** MyBatis-Plus page as the pickers read it (contract §1): records and total. */
export const pickerPageSchema = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.coerce.number() });

/** A stored value list (`a,b`) sent so that the backend matches exactly (IN), never LIKE (contract §6). */
export function inList(values: string): string {
  const parts = values
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return parts.length > 0 ? `${parts.join(",")},` : "";
}

/** A typed keyword as a "contains" filter of the list engine (`*x*`, contract §6). */
export function containsFilter(keyword: string | null | undefined): string | undefined {
  const text = (keyword ?? "").trim();
  return text === "" ? undefined : `*${text}*`;
}

/**
 * The loader of a picker over a small table list endpoint (roles, positions): one page filtered by
 * name (`?pageNo&pageSize&<searchParam>`), or the rows of stored values (`?valueField&values`).
 */
export function tableRowsLoader(config: {
  listPath: string;
  /** Properties a stored value may name; the first is the default. */
  valueFields: readonly [string, ...string[]];
  /** The name filter's parameter, matched anywhere. */
  searchParam: string;
  fields: readonly string[];
}) {
  return async (route: RouteRequest) => {
    const signedIn = await requireSignedIn(route);
    const { url } = route;
    const values = url.searchParams.get("values");
    let query: Record<string, string | number | undefined>;
    if (values !== null) {
      const valueField = url.searchParams.get("valueField") ?? config.valueFields[0];
      if (!config.valueFields.includes(valueField)) return refuseWidget(`unknown valueField ${valueField}`);
      const list = inList(values);
      if (list === "") return { ok: true as const, items: [] as PickerRow[] };
      query = { [valueField]: list, pageNo: 1, pageSize: list.split(",").length - 1 };
    } else {
      query = { [config.searchParam]: containsFilter(url.searchParams.get(config.searchParam)), column: "createTime", order: "desc", ...pageQuery(url) };
    }
    return answerWidget(async () => {
      const { result } = await signedIn.api.get(config.listPath, pickerPageSchema(pickerRecordSchema), query);
      return { items: result.records.map((row) => pickFields(row, config.fields)), total: result.total };
    });
  };
}
