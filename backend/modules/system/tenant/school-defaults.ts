// What a new school starts with of the kinds each school keeps for itself (docs/decisions/144):
// the platform's default message templates and jobs, and its 审计员 role (docs/decisions/137, 146),
// copied into the tenant in the transaction that creates it. From then on they are the school's: its administrator edits them without touching
// another school's, and a later change of the defaults reaches only schools created after it.
import { sql } from "drizzle-orm";
import { sysSmsTemplate } from "../../../db/schema";
import { newId } from "../../../db/ids";
import type { Executor } from "../../../crud/context";
import { BILL_REMINDER_TEMPLATE } from "../../billing/bill/bill-reminder";
import { SCHOOL_DEFAULT_JOBS } from "../../monitor/quartz-job/job-kinds";
import { sysQuartzJob } from "../../monitor/quartz-job/schema";

/** The platform's default templates (the bill reminder's, as migration 0130 gave every tenant). */
export const SCHOOL_DEFAULT_TEMPLATES = [BILL_REMINDER_TEMPLATE] as const;

/** Copies the default templates and jobs into `tenantId` (a tenant just added, with none of its own). */
export async function copySchoolDefaults(tx: Executor, tenantId: number, username: string): Promise<void> {
  const createBy = username.slice(0, 32);
  await tx.orm
    .insert(sysSmsTemplate)
    .values(SCHOOL_DEFAULT_TEMPLATES.map((template) => ({ ...template, id: newId(), tenantId, createBy })))
    .onConflictDoNothing();
  await tx.orm.insert(sysQuartzJob).values(SCHOOL_DEFAULT_JOBS.map((job) => ({ ...job, id: newId(), tenantId, createBy })));
  await addAuditorRole(tx, tenantId, username);
}

/** The auditor role of every school (issue #34 item 5): its code, name and description. */
export const AUDITOR_ROLE = { code: "auditor", name: "审计员", description: "查看和导出系统日志（登录、操作、导出、敏感信息查看）" } as const;

/**
 * 审计员 in `tenantId` (docs/decisions/137): 首页, 系统监控 → 系统日志 and its 导出 button, nothing
 * else, as the seed gives the default school and migrations 0661 / 0712 gave the schools before.
 * A school that already has a role coded `auditor` keeps it as it is.
 */
export async function addAuditorRole(tx: Pick<Executor, "rows">, tenantId: number, username: string): Promise<void> {
  const roleId = newId();
  const added = await tx.rows(sql`
    insert into sys_role (id, role_name, role_code, description, tenant_id, platform_admin, create_by, create_time)
    select ${roleId}, ${AUDITOR_ROLE.name}, ${AUDITOR_ROLE.code}, ${AUDITOR_ROLE.description}, ${tenantId}, 0, ${username.slice(0, 32)}, now()
     where not exists (select 1 from sys_role where role_code = ${AUDITOR_ROLE.code} and tenant_id = ${tenantId})
    on conflict do nothing
    returning id`);
  if (added.length === 0) return;
  await tx.rows(sql`
    insert into sys_role_permission (id, role_id, permission_id, operate_date)
    select md5(${roleId} || '-' || p.id), ${roleId}, p.id, now()
      from sys_permission p
     where p.del_flag = 0
       and ((p.menu_type in (0, 1) and p.url in ('/dashboard/analysis', '/monitor', '/monitor/log'))
            or (p.menu_type = 2 and p.perms = 'log:export'))
    on conflict (role_id, permission_id) do nothing`);
}
