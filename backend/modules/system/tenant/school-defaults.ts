// What a new school starts with of the kinds each school keeps for itself (docs/decisions/144):
// the platform's default message templates and jobs, copied into the tenant in the transaction that
// creates it. From then on they are the school's: its administrator edits them without touching
// another school's, and a later change of the defaults reaches only schools created after it.
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
}
