// The server half of the list engine: every list page's loader and action go through here.
// A page is declared once (backend URLs, form schema, permission prefix); loading parses the URL
// state, saving validates with the same zod schema the browser used, deletes step the page back.
import { data, redirect } from "react-router";
import { z } from "zod";
import { fieldErrors } from "#contract/auth";
import { pageSchema } from "#contract/envelope";
import { recordFields } from "~/lib/record-fields";
import { RETURN_FIELD, parseListState, parseOverlay, queryString, toBackendQuery, withOverlay, type ListState } from "~/lib/list-query";
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
  /** One record by `?id=` (a form opened by its address for a record not on the page). */
  queryById?: string;
}

export interface ListPageDefinition<Form extends z.ZodType = z.ZodType> {
  url: ListEndpoints;
  defaultSort?: { column: string; order: "asc" | "desc" };
  /** The add/edit form: one zod schema for the browser and this action (docs/style.md). */
  form?: Form;
  /** Turns the checked form into the backend's body (e.g. renames, joins). A method: a page of one form passes where any page is taken. */
  toBody?(values: z.infer<Form>, id: string | undefined): Record<string, unknown>;
  /**
   * What the list rows do not carry (a user's roles…), for a form opened by its address: the
   * server half of the form's `detailUrl`. A page with a `detailUrl` and none of this offers its
   * edit form only with JavaScript, so that saving cannot wipe what was not loaded.
   */
  loadDetail?: (api: BackendClient, id: string) => Promise<Record<string, unknown>>;
}

/** The form or delete confirmation the list's address opens (`?form=…`, `?confirm=…`). */
export type OpenedOverlay =
  | {
      kind: "form";
      mode: "add" | "edit" | "detail";
      record: ListRecord | null;
      detailLoaded: boolean;
      error: string | null;
    }
  | {
      kind: "confirm";
      intent: "delete" | "deleteBatch";
      ids: string[];
      records: ListRecord[];
    };

export type ListRecord = Record<string, unknown> & { id: string };

export interface ListData {
  state: ListState;
  records: ListRecord[];
  total: number;
  /** A load failure the page shows as a warning (docs/spec/app-shell.md §8), not an error page. */
  error: string | null;
  /** What the address opens over the list; absent when nothing is open. */
  opened?: OpenedOverlay | null;
}

/**
 * A row: any JSON object, with `id` as text. Checked as an object rather than through z.record,
 * which copies every row key by key before the copy that sets `id` (docs/decisions/064).
 */
const recordSchema = z
  .custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), { message: "a record must be an object" })
  .transform((record) => ({ ...record, id: String(record.id ?? "") }) as ListRecord);
/** The contract also allows an un-paged array in `result` (§1 "Pagination"). */
const listResultSchema = z.union([pageSchema(recordSchema), z.array(recordSchema).transform((records) => ({ records, total: records.length }))]);

/** Loads one page of a list for the URL's state. */
export async function loadList(access: MenuPageAccess, url: URL, page: ListPageDefinition): Promise<ListData> {
  const state = parseListState(url.searchParams, page.defaultSort);
  if (!page.url.list) return { state, records: [], total: 0, error: "请设置url.list属性!" };
  try {
    const { result } = await access.signedIn.api.get(page.url.list, listResultSchema, toBackendQuery(state));
    const opened = await loadOverlay(access.signedIn.api, url, page, result.records);
    return {
      state,
      records: result.records,
      total: result.total,
      error: null,
      ...(opened ? { opened } : {}),
    };
  } catch (error) {
    if (error instanceof BackendError && !endsSession(error.failure)) return { state, records: [], total: 0, error: error.message };
    return throwRouteFailure(error);
  }
}

/** The record(s) the address opens: from the page's rows, else by id from the backend. */
async function loadOverlay(api: BackendClient, url: URL, page: ListPageDefinition, rows: ListRecord[]): Promise<OpenedOverlay | null> {
  const overlay = parseOverlay(url.searchParams);
  if (!overlay) return null;
  if ("confirm" in overlay)
    return {
      kind: "confirm",
      intent: overlay.confirm,
      ids: overlay.ids,
      records: rows.filter((row) => overlay.ids.includes(row.id)),
    };
  if (overlay.form === "add")
    return {
      kind: "form",
      mode: "add",
      record: null,
      detailLoaded: false,
      error: null,
    };
  let record = rows.find((row) => row.id === overlay.id) ?? null;
  try {
    if (!record && page.url.queryById) record = (await api.get(page.url.queryById, recordSchema, { id: overlay.id })).result;
    if (!record)
      return {
        kind: "form",
        mode: overlay.form,
        record: null,
        detailLoaded: false,
        error: "未找到对应数据",
      };
    const detail = page.loadDetail ? await page.loadDetail(api, overlay.id) : null;
    return {
      kind: "form",
      mode: overlay.form,
      record: detail ? { ...record, ...detail } : record,
      detailLoaded: !!detail,
      error: null,
    };
  } catch (error) {
    if (error instanceof BackendError && !endsSession(error.failure))
      return {
        kind: "form",
        mode: overlay.form,
        record,
        detailLoaded: false,
        error: error.message,
      };
    throw error;
  }
}

/** After a plain form's success: the list's address without the form or confirmation. */
function backToList(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`${url.pathname}${queryString(withOverlay(url.searchParams, null))}`);
}

export type ListActionResult =
  | { ok: true; intent: string; message: string; deleted?: number }
  | {
      ok: false;
      intent: string;
      message?: string;
      fieldErrors?: Record<string, string>;
      failure?: ReturnType<typeof failureData>["failure"];
      /** A plain form's posted values, to show again with the errors. */
      values?: Record<string, string>;
    };

/**
 * The `updateTime` of the copy an edit was made from, passed on as the form loaded it, so that the
 * backend refuses an edit of a record someone changed meanwhile (数据已被修改，请刷新后重试,
 * docs/decisions/009). A form that sends none is not checked.
 */
function loadedVersion(values: Record<string, unknown>): { updateTime?: string | null } {
  const loaded = values.updateTime;
  if (typeof loaded !== "string") return {};
  return { updateTime: loaded !== "" ? loaded : null };
}

/** A page's own intent: its success message, or the field errors of what it was sent. */
export type CustomAction = (
  api: BackendClient,
  form: FormData,
  access: MenuPageAccess,
) => Promise<{ message: string } | { fieldErrors: Record<string, string> }>;

/** A row's own intent that posts the row's `id` to a backend path (重发, 作废, 设为默认…). */
export function postRowId(path: string, fallbackMessage?: string): CustomAction {
  return async (api, form) => {
    const reason = form.get("reason");
    const answer = await api.post(path, z.unknown(), { id: String(form.get("id") ?? ""), ...(typeof reason === "string" ? { reason } : {}) });
    return { message: fallbackMessage === undefined ? answer.message : answer.message || fallbackMessage };
  };
}

/**
 * The list page's action: `intent` = save (add or edit) | delete | deleteBatch | a custom one.
 * The backend checks the button permission of each; the browser only hides what is not granted.
 */
export async function listAction(route: RouteRequest, page: ListPageDefinition, custom: Record<string, CustomAction> = {}) {
  const access = await requireMenuPage(route);
  const form = await route.request.formData();
  const intent = String(form.get("intent") ?? "");
  const api = access.signedIn.api;
  const plain = form.get(RETURN_FIELD) !== null;
  const posted = intent === "save" ? recordFields(form) : undefined;
  // What a refused plain form shows again: never a password (the page's HTML carries its data); a
  // grid's rows as its control holds them (JSON text).
  const echoed =
    plain && posted
      ? Object.fromEntries(Object.entries(posted.values).flatMap(([key, value]) => (/password/i.test(key) ? [] : [[key, typeof value === "string" ? value : JSON.stringify(value)]])))
      : undefined;
  const done = (message: string, deleted?: number): ListActionResult | Response =>
    plain
      ? backToList(route.request)
      : {
          ok: true,
          intent,
          message,
          ...(deleted !== undefined ? { deleted } : {}),
        };
  const refused = (message: string, status = 400) => data<ListActionResult>({ ok: false, intent, message, ...(echoed ? { values: echoed } : {}) }, { status });
  try {
    switch (intent) {
      case "save": {
        if (!page.form) return refused("该页面不支持编辑");
        const values = posted?.values ?? {};
        const id = typeof values.id === "string" && values.id !== "" ? values.id : undefined;
        const checked = page.form.safeParse(values);
        const problems = { ...(checked.success ? {} : fieldErrors(checked.error)), ...posted?.gridErrors };
        if (!checked.success || Object.keys(problems).length > 0)
          return data<ListActionResult>(
            {
              ok: false,
              intent,
              fieldErrors: problems,
              ...(echoed ? { values: echoed } : {}),
            },
            { status: 400 },
          );
        const body = {
          ...(page.toBody ? page.toBody(checked.data, id) : (checked.data as Record<string, unknown>)),
          ...(id ? { id, ...loadedVersion(values) } : {}),
        };
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
        const ids = String(form.get("ids") ?? "")
          .split(",")
          .filter(Boolean);
        if (ids.length === 0) return refused("请选择一条记录！");
        // The original client adds a trailing comma after every id (contract §6).
        const answer = await api.delete(page.url.deleteBatch, z.unknown(), {
          ids: `${ids.join(",")},`,
        });
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
    return data<ListActionResult>({ intent, ...failureData(error), ...(echoed ? { values: echoed } : {}) }, { status: 200 });
  }
}
