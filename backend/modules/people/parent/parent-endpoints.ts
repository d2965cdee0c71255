// 家长 (/school/parent): parents per tenant. Lists carry each parent's children (`childrenText`,
// e.g. 王小明(父亲)) for the list and the detail view, and their addresses (`addresses`, one line
// each, the default first). `school_parent,name,id` is the table dictionary that names a student's
// parents; the student form's picker searches `/school/parent/options` (name, phone and children).
import { sql } from "drizzle-orm";
import { parentModule, studentModule } from "#contract/modules/people";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";
import { schoolParent } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { databaseExecutor } from "../../../crud/context";
import { registerDictTable } from "../../../crud/table-dict";
import { columnTenantScope } from "../../../crud/tenant";
import { addressesOfParents } from "../../shop/address/address-endpoints";

export const parentCrud = createModuleCrud(parentModule, {
  table: schoolParent,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    decorate: async (context, records) => {
      if (records.length === 0) return;
      const ids = records.map((record) => record.id as string);
      const rows = await databaseExecutor(context.services.db).rows<{ parent_id: string; children: string }>(sql`
        SELECT link.parent_id, string_agg(student.name_cn || '(' || coalesce(relation.item_text, link.relation) || ')', '、' ORDER BY student.name_cn) AS children
        FROM school_student_parent link
        JOIN school_student student ON student.id = link.student_id AND student.tenant_id = ${context.tenantId}
        LEFT JOIN sys_dict_item relation ON relation.item_value = link.relation
          AND relation.dict_id = (SELECT id FROM sys_dict WHERE dict_code = 'parent_relation')
        WHERE link.parent_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        GROUP BY link.parent_id`);
      const byParent = new Map(rows.map((row) => [row.parent_id, row.children]));
      const addresses = await addressesOfParents(databaseExecutor(context.services.db), context.tenantId, ids);
      for (const record of records) {
        record.childrenText = byParent.get(record.id as string) ?? "";
        record.addresses = addresses.get(record.id as string) ?? [];
      }
    },
  },
});

const tenantScope = columnTenantScope(parentCrud.entity);
// Not the phone: it is personal data, masked by right and stored encrypted (docs/decisions/087, 119).
registerDictTable({ entity: parentCrud.entity, columns: ["id", "name"], scope: (tenantId) => tenantScope.condition(tenantId) });

/** A phone as typed in the picker (digits, spaces, +, -): the search is by the whole number. */
const PHONE_TYPED = /^[+\d][\d\s-]{4,}$/;
const MAX_OPTIONS = 50;

/**
 * The student form's parent picker: `?keyword=` a part of the name or a whole phone number; each
 * option (`{ value, text: name, description }`) tells namesakes apart by phone (masked without
 * 家长's 查看敏感信息, as every list) and children.
 */
const parentOptions = endpoint("GET", "/school/parent/options", menuAccess(studentModule.page), async (request) => {
  const keyword = (request.query.keyword ?? "").trim();
  const pageSize = Math.min(Math.max(Math.trunc(Number(request.query.pageSize)) || 10, 1), MAX_OPTIONS);
  const search = keyword === "" ? {} : PHONE_TYPED.test(keyword) ? { phone: keyword } : { name: `*${keyword}*` };
  const page = await parentCrud.list(parentCrud.context(request), { ...search, pageNo: "1", pageSize: String(pageSize), column: "name", order: "asc" });
  return ok(page.records.map((record) => ({ value: record.id, text: record.name, description: parentOptionDescription(record) })));
}, { doc: { summary: `${parentModule.title}-按姓名或手机号选择家长` } });

/** What tells namesakes apart in the dropdown (the chosen value shows the name only). */
function parentOptionDescription(record: Record<string, unknown>): string {
  const parts: string[] = [];
  if (record.phone) parts.push(String(record.phone));
  if (record.childrenText) parts.push(`子女：${String(record.childrenText)}`);
  return parts.join(" · ");
}

export const parentEndpoints: Endpoint[] = [...parentCrud.endpoints, parentOptions];
