// The server half of the list engine: every list page's loader and action go through here.
// A page is declared once (backend URLs, form schema, permission prefix); loading parses the URL
// state, saving validates with the same zod schema the browser used, deletes step the page back.
import { data } from "react-router";
import { z } from "zod";
import { fieldErrors } from "#contract/auth";
import { pageSchema } from "#contract/envelope";
import { parseListState, toBackendQuery, type ListState } from "~/lib/list-query";
import type { RouteRequest } from "./auth.server";
import { BackendError, type BackendClient } from "./api.server";
import { endsSession } from "./api-errors";
import { requireMenuPage, type MenuPageAccess } from "./menu-access.server";
import { failureData, throwRouteFailure } from "./route-errors.server";

export interface ListEndpoints {
  list?: string;
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

export interface ListPageDefinition<Form extends z.ZodType = z.ZodType> {
  url: ListEndpoints;
  defaultSort?: { column: string; order: "asc" | "desc" };
  /** The add/edit form: one zod schema for the browser and this action (STYLE.md). */
  form?: Form;
  /** Turns the checked form into the backend's body (e.g. renames, joins). */
  toBody?: (values: z.infer<Form>, id: string | undefined) => Record<string, unknown>;
}

export type ListRecord = Record<string, unknown> & { id: string };

export interface ListData {
  state: ListState;
  records: ListRecord[];
  total: number;
  /** A load failure the page shows as a warning (spec/app-shell.md §8), not an error page. */
  error: string | null;
}

const recordSchema = z.record(z.string(), z.unknown()).transform((record) => ({ ...record, id: String(record.id ?? "") }) as ListRecord);
/** The contract also allows an un-paged array in `result` (§1 "Pagination"). */
const listResultSchema = z.union([pageSchema(recordSchema), z.array(recordSchema).transform((records) => ({ records, total: records.length }))]);

/** Loads one page of a list for the URL's state. */
export async function loadList(access: MenuPageAccess, url: URL, page: ListPageDefinition): Promise<ListData> {
  const state = parseListState(url.searchParams, page.defaultSort);
  if (!page.url.list) return { state, records: [], total: 0, error: "请设置url.list属性!" };
  try {
    const { result } = await access.signedIn.api.get(page.url.list, listResultSchema, toBackendQuery(state));
    return { state, records: result.records, total: result.total, error: null };
  } catch (error) {
    if (error instanceof BackendError && !endsSession(error.failure)) return { state, records: [], total: 0, error: error.message };
    return throwRouteFailure(error);
  }
}

export type ListActionResult =
  | { ok: true; intent: string; message: string; deleted?: number }
  | { ok: false; intent: string; message?: string; fieldErrors?: Record<string, string>; failure?: ReturnType<typeof failureData>["failure"] };

/** A page's own intent: its success message, or the field errors of what it was sent. */
type CustomAction = (api: BackendClient, form: FormData, access: MenuPageAccess) => Promise<{ message: string } | { fieldErrors: Record<string, string> }>;

/**
 * The list page's action: `intent` = save (add or edit) | delete | deleteBatch | a custom one.
 * The backend checks the button permission of each; the browser only hides what is not granted.
 */
export async function listAction(route: RouteRequest, page: ListPageDefinition, custom: Record<string, CustomAction> = {}) {
  const access = await requireMenuPage(route);
  const form = await route.request.formData();
  const intent = String(form.get("intent") ?? "");
  const api = access.signedIn.api;
  const done = (message: string, deleted?: number): ListActionResult => ({ ok: true, intent, message, ...(deleted !== undefined ? { deleted } : {}) });
  const refused = (message: string, status = 400) => data<ListActionResult>({ ok: false, intent, message }, { status });
  try {
    switch (intent) {
      case "save": {
        if (!page.form) return refused("该页面不支持编辑");
        let values: unknown;
        try {
          values = JSON.parse(String(form.get("values") ?? "{}"));
        } catch {
          return refused("表单内容无法识别");
        }
        const id = typeof (values as { id?: unknown }).id === "string" && (values as { id: string }).id ? (values as { id: string }).id : undefined;
        const checked = page.form.safeParse(values);
        if (!checked.success) return data<ListActionResult>({ ok: false, intent, fieldErrors: fieldErrors(checked.error) }, { status: 400 });
        const body = { ...(page.toBody ? page.toBody(checked.data, id) : (checked.data as Record<string, unknown>)), ...(id ? { id } : {}) };
        const target = id ? page.url.edit : page.url.add;
        if (!target) return refused(id ? "请设置url.edit属性!" : "请设置url.add属性!");
        const answer = id ? await api.put(target, z.unknown(), body) : await api.post(target, z.unknown(), body);
        return done(answer.message || (typeof answer.result === "string" ? answer.result : "操作成功"));
      }
      case "delete": {
        if (!page.url.delete) return refused("请设置url.delete属性!");
        const id = String(form.get("id") ?? "");
        if (!id) return refused("请选择一条记录！");
        const answer = await api.delete(page.url.delete, z.unknown(), { id });
        return done(answer.message || "删除成功!", 1);
      }
      case "deleteBatch": {
        if (!page.url.deleteBatch) return refused("请设置url.deleteBatch属性!");
        const ids = String(form.get("ids") ?? "").split(",").filter(Boolean);
        if (ids.length === 0) return refused("请选择一条记录！");
        // The original client adds a trailing comma after every id (contract §6).
        const answer = await api.delete(page.url.deleteBatch, z.unknown(), { ids: `${ids.join(",")},` });
        return done(answer.message || "批量删除成功！", ids.length);
      }
      default: {
        const handler = custom[intent];
        if (!handler) return refused(`未知的操作: ${intent}`);
        const outcome = await handler(api, form, access);
        if ("fieldErrors" in outcome) return data<ListActionResult>({ ok: false, intent, fieldErrors: outcome.fieldErrors }, { status: 400 });
        return done(outcome.message);
      }
    }
  } catch (error) {
    return data<ListActionResult>({ intent, ...failureData(error) }, { status: 200 });
  }
}
