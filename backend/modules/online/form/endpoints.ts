// 表单开发 (issue #18 part 1, docs/decisions/055). Two halves:
// - the definitions (/online/cgform/head/*): a module on the engine like any other, plus 同步数据库
//   (doDbSynch) and 加入菜单 (addMenu);
// - the generic data endpoints of every synchronised form (/online/cgform/api/*/{code}): each
//   request finds the form's engine resource (./runtime.ts) and runs the engine's own operation,
//   after checking the form's own permission: its menu page for reading, `online:<code>:<button>`
//   for writing (a sub-table's are its main table's).
import { sql } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { VIEW_SENSITIVE_ACTION, VIEW_SENSITIVE_NAME } from "#contract/modules/sensitive";
import { Messages } from "#contract/messages";
import {
  onlineFieldProblems,
  onlineFormComponent,
  onlineFormHeadModule,
  OnlineFormMessages,
  onlineFormPagePath,
  onlineFormPermissionPrefix,
  parseOnlineFields,
  MAIN_ID_COLUMN,
  TableType,
  THEMES,
  TREE_PARENT_COLUMN,
  type OnlineFormDefinition,
} from "#contract/modules/online-form";
import { onlCgformHead } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { endpoint, requireAccess, requireAuth, type Access, type Endpoint, type EndpointRequest, type HttpMethod } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction } from "../../../crud/context";
import { CrudMessages, notFound, singleId, splitIds } from "../../../crud/crud-messages";
import type { CrudAccessKey } from "../../../crud/engine";
import type { ListQueryParams } from "../../../crud/query-generator";
import { onlineForm, subForms, type OnlineForm } from "./runtime";
import { synchroniseForm, SyncConfirmNeeded } from "./sync";
import { platformWrites } from "../../system/permission/permission-service";

export const OnlineMenuMessages = {
  added: "加入菜单成功！请在角色管理中授权",
  already: "该表单已在菜单中",
  sub: "附表不能单独加入菜单",
} as const;

// ---------------------------------------------------------------------------------------------
// Definitions.

export const onlineFormHeadCrud = createModuleCrud(onlineFormHeadModule, {
  table: onlCgformHead,
  tenant: null,
  // What the table last got from 同步数据库 is the server's alone (never read or written by a body).
  entity: { exclude: ["syncedJson"] },
  hooks: {
    beforeSave: async (save) => {
      const values = save.values;
      const current = { ...save.existing, ...values } as Record<string, unknown>;
      const tableType = String(current.tableType ?? TableType.single);
      if (![TableType.single, TableType.main, TableType.sub].includes(tableType as never)) throw new ApiError("表类型不正确");
      if (current.themeTemplate && !THEMES.includes(current.themeTemplate as never)) throw new ApiError("页面风格不正确");
      if (tableType === TableType.sub) {
        if (!current.mainTable) throw new ApiError(OnlineFormMessages.mainMissing);
        values.relationType = current.relationType === "1" ? "1" : "0";
      } else {
        values.mainTable = null;
        values.relationType = null;
      }
      values.isTree = current.isTree === "Y" && tableType === TableType.single ? "Y" : "N";
      const reserved = [...(values.isTree === "Y" ? [TREE_PARENT_COLUMN] : []), ...(tableType === TableType.sub ? [MAIN_ID_COLUMN] : [])];
      const fields = parseOnlineFields(String(current.fieldJson ?? ""));
      const problems = onlineFieldProblems(fields, reserved);
      if (problems.length > 0) throw new ApiError(problems[0]!);
      values.fieldJson = JSON.stringify(fields);
      // Changed since the last 同步数据库: the pages keep the synced fields until it runs again.
      const [stored] = save.existing ? await save.tx.rows<{ synced_json: string | null }>(sql`select synced_json from onl_cgform_head where id = ${save.id}`) : [];
      const synced = stored?.synced_json;
      values.isDbSynch = synced && synced === values.fieldJson && save.existing?.tableType === tableType && save.existing?.isTree === values.isTree ? "Y" : "N";
    },
  },
});

async function loadHeadById(request: EndpointRequest, id: string) {
  const [head] = await request.services.db.rows<{ id: string; table_name: string; table_txt: string; table_type: string; is_tree: string; theme_template: string | null; synced_json: string | null }>(
    sql`select id, table_name, table_txt, table_type, is_tree, theme_template, synced_json from onl_cgform_head where id = ${id}`,
  );
  if (!head) throw notFound();
  return head;
}

const headEndpoints: Endpoint[] = [
  ...onlineFormHeadCrud.endpoints,

  // 同步数据库: `confirm=1` accepts changes that lose data (answered with the list otherwise).
  endpoint("POST", "/online/cgform/head/doDbSynch", "online:cgform:db_sync", async (request) => {
    const id = singleId(request.query.id ?? request.body.id);
    if (!id) throw notFound();
    const confirm = ["1", "true"].includes(String(request.query.confirm ?? request.body.confirm ?? ""));
    try {
      const outcome = await synchroniseForm(request.services.db, id, confirm);
      return ok(outcome.changes, outcome.message);
    } catch (error) {
      if (error instanceof SyncConfirmNeeded) return { success: false, message: error.message, code: ResultCode.businessError, result: { needConfirm: true, losses: error.losses }, timestamp: Date.now() };
      throw error;
    }
  }, { doc: { summary: "同步在线表单到数据库" } }),

  // 加入菜单: a menu entry for the form's page and its buttons under 在线开发, granted to the
  // platform administrators; a school's roles get it in 角色管理 → 授权.
  endpoint("POST", "/online/cgform/head/addMenu", "online:cgform:add_menu", async (request) => {
    const id = singleId(request.query.id ?? request.body.id);
    if (!id) throw notFound();
    const head = await loadHeadById(request, id);
    if (head.table_type === TableType.sub) throw new ApiError(OnlineMenuMessages.sub);
    if (!head.synced_json) throw new ApiError(OnlineFormMessages.notSynced);
    const url = onlineFormPagePath(head.table_name);
    const component = onlineFormComponent({ isTree: head.is_tree === "Y", theme: (head.theme_template ?? "normal") as OnlineFormDefinition["theme"], tableType: head.table_type });
    const prefix = onlineFormPermissionPrefix(head.table_name);
    const username = requireAuth(request).user.username.slice(0, 32);
    await inTransaction(request.services.db, async (tx) => {
      // One at a time per form (two clicks at once add one menu).
      await tx.rows(sql`select id from onl_cgform_head where id = ${id} for update`);
      const existing = await tx.rows(sql`select 1 from sys_permission where url = ${url} and menu_type in (0, 1) and del_flag = 0`);
      if (existing.length > 0) throw new ApiError(OnlineMenuMessages.already);
      const [parent] = await tx.rows<{ id: string }>(sql`select id from sys_permission where url = '/online' and menu_type in (0, 1) and del_flag = 0 order by create_time, id limit 1`);
      const menuId = newId();
      await tx.rows(sql`
        insert into sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
        values (${menuId}, ${parent?.id ?? null}, ${head.table_txt}, ${url}, ${component}, ${parent ? 1 : 0}, 100, 1, 1, '1', 0, ${username})`);
      if (parent) await tx.rows(sql`update sys_permission set is_leaf = 0 where id = ${parent.id}`);
      const buttons: Array<[string, string]> = [
        ["添加", "add"],
        ["编辑", "edit"],
        ["删除", "delete"],
        ["批量删除", "batch_delete"],
        ["导出", "export"],
        ["导入", "import"],
        // The form's personal data in full (docs/decisions/136); without it, masked.
        [VIEW_SENSITIVE_NAME, VIEW_SENSITIVE_ACTION],
      ];
      const ids = [menuId];
      for (const [index, [name, action]] of buttons.entries()) {
        const buttonId = newId();
        ids.push(buttonId);
        await tx.rows(sql`
          insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
          values (${buttonId}, ${menuId}, ${name}, 2, ${`${prefix}:${action}`}, '1', ${index + 1}, 0, 1, '1', 0, ${username})`);
      }
      for (const permissionId of ids)
        await tx.rows(sql`
          insert into sys_role_permission (id, role_id, permission_id)
          select md5(r.id || '-' || ${permissionId}), r.id, ${permissionId} from sys_role r where r.platform_admin = 1
          on conflict (role_id, permission_id) do nothing`);
    });
    return okMessage(OnlineMenuMessages.added);
  }, { doc: { summary: "为在线表单添加菜单" } }),
];

// ---------------------------------------------------------------------------------------------
// Generic data endpoints.

async function authorize(request: EndpointRequest, access: Access): Promise<void> {
  await requireAccess(request.services, requireAuth(request), access);
}

/** The form of the path's `code`, once the caller may do `operation` on it. */
async function formFor(request: EndpointRequest, operation: CrudAccessKey): Promise<OnlineForm> {
  const form = await onlineForm(request.services.db, String(request.params.code ?? ""));
  await authorize(request, form.resource.access[operation]);
  return form;
}

/** Runs one of the engine's own endpoints of the form (export, import) after the form's check. */
async function engineEndpoint(request: EndpointRequest, operation: "export" | "import"): Promise<ReturnType<Endpoint["handle"]> extends Promise<infer T> ? T : never> {
  const form = await formFor(request, operation);
  if (operation === "import" && form.definition.tableType === TableType.sub) throw new ApiError("附表请在主表记录中录入");
  const suffix = operation === "export" ? "/exportXls" : "/importExcel";
  const target = form.resource.endpoints.find((candidate) => candidate.path.endsWith(suffix));
  if (!target) throw notFound();
  return target.handle(request);
}

async function removeRows(request: EndpointRequest, ids: string[]) {
  if (ids.length === 0) throw new ApiError(CrudMessages.badIds);
  const operation = ids.length > 1 || request.query.ids !== undefined ? "deleteBatch" : "delete";
  const form = await formFor(request, operation);
  await form.resource.remove(crudContext(request), ids, operation);
  return okMessage(operation === "delete" ? CrudMessages.deleted : CrudMessages.batchDeleted);
}

/** The synchronised definition of a form and its sub-tables: what its pages are built from. */
async function columnsAnswer(request: EndpointRequest) {
  const form = await formFor(request, "list");
  const definition: OnlineFormDefinition = { ...form.definition };
  if (form.definition.tableType === TableType.main) definition.subTables = (await subForms(request.services.db, form)).map((sub) => sub.definition);
  return ok(definition);
}

const dataEndpoints: Endpoint[] = [
  endpoint("GET", "/online/cgform/api/getColumns/:code", "user", columnsAnswer, { doc: { summary: "在线表单的列表列" } }),
  endpoint("GET", "/online/cgform/api/getData/:code", "user", async (request) => {
    const form = await formFor(request, "list");
    return ok(await form.resource.list(crudContext(request), request.req.query as ListQueryParams));
  }, { doc: { summary: "在线表单的数据分页列表" } }),
  endpoint("GET", "/online/cgform/api/form/:code", "user", async (request) => {
    const form = await formFor(request, "queryById");
    const id = singleId(request.query.id);
    const record = id ? await form.resource.viewById(crudContext(request), id) : undefined;
    if (!record) throw notFound();
    return ok(record);
  }, { doc: { summary: "按ID查询在线表单的一条数据（查询参数）" } }),
  endpoint("GET", "/online/cgform/api/form/:code/:id", "user", async (request) => {
    const form = await formFor(request, "queryById");
    const record = await form.resource.viewById(crudContext(request), String(request.params.id ?? ""));
    if (!record) throw notFound();
    return ok(record);
  }, { doc: { summary: "按路径中的ID查询在线表单的一条数据" } }),
  endpoint("POST", "/online/cgform/api/form/:code", "user", async (request) => {
    const form = await formFor(request, "add");
    await form.resource.insert(crudContext(request), request.body);
    return okMessage(CrudMessages.added);
  }, { doc: { summary: "在线表单新增一条数据" } }),
  endpoint("PUT" satisfies HttpMethod, "/online/cgform/api/form/:code", "user", async (request) => {
    const form = await formFor(request, "edit");
    await form.resource.update(crudContext(request), request.body);
    return okMessage(CrudMessages.edited);
  }, { doc: { summary: "在线表单编辑一条数据" } }),
  endpoint("DELETE", "/online/cgform/api/form/:code", "user", (request) => {
    const single = singleId(request.query.id ?? request.body.id);
    return removeRows(request, single ? [single] : splitIds(request.query.ids ?? request.body.ids));
  }, { doc: { summary: "在线表单删除一条数据" } }),
  // The original's shape: the ids comma-joined in the path.
  endpoint("DELETE", "/online/cgform/api/form/:code/:ids", "user", (request) => removeRows(request, splitIds(request.params.ids)), { doc: { summary: "在线表单批量删除数据" } }),
  endpoint(["GET", "POST"], "/online/cgform/api/exportXls/:code", "user", (request) => engineEndpoint(request, "export"), { doc: { summary: "导出在线表单数据Excel" } }),
  endpoint("POST", "/online/cgform/api/importXls/:code", "user", (request) => engineEndpoint(request, "import"), { doc: { summary: "导入在线表单数据Excel" } }),
  // The same in the engine's shape, which the web app's export and import routes forward.
  endpoint(["GET", "POST"], "/online/cgform/api/:code/exportXls", "user", (request) => engineEndpoint(request, "export"), { doc: { summary: "导出在线表单数据Excel（JeecgBoot旧地址）" } }),
  endpoint("POST", "/online/cgform/api/:code/importExcel", "user", (request) => engineEndpoint(request, "import"), { doc: { summary: "导入在线表单数据Excel（JeecgBoot旧地址）" } }),
];

// Definitions are the platform's (docs/decisions/144): adding, editing, deleting, 同步数据库 and 加入菜单
// are a platform administrator's, so no school changes the table every school's rows live in. The
// rows are each school's (the data endpoints, tenant-scoped by the engine).
export const onlineFormEndpoints: Endpoint[] = [...platformWrites(headEndpoints, "onlineForm"), ...dataEndpoints];
