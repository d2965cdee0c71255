// 活动 (/activity/activity) and 社区活动 (/activity/community): one table, two modules (kind 1 and
// 2, kept apart by the tenant scope). The status is never edited: 开放报名 / 结束 / 取消 move it
// with a conditional update from the statuses each may start from (contract ACTIVITY_TRANSITIONS).
import { sql } from "drizzle-orm";
import {
  ACTIVITY_TRANSITIONS,
  ActivityKind,
  ActivityMessages,
  ActivityStatus,
  SignupStatus,
  activityModule,
  communityActivityModule,
  type ActivityModule,
  type ActivityTransition,
} from "#contract/modules/activity";
import { actActivity } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudSummary } from "../../../crud/summary";
import { crudContext, inTransaction } from "../../../crud/context";
import { cancelSignupsOf } from "../signup/signup-endpoints";
import { HOLDS_PLACE, lockActivity, promoteWaitlist, sendPromotionNotices, type PromotionNotice } from "../signup/waitlist";
import { notFound, singleId } from "../../../crud/crud-messages";
import { columnTenantScope, type TenantScope } from "../../../crud/tenant";
import { hasDictTable, registerDictTable } from "../../../crud/table-dict";
import type { CrudResource } from "../../../crud/engine";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, okMessage } from "../../../http/envelope";
import { exactMoney, MAX_AMOUNT_FEN } from "../../billing/money-fields";

/** The rows of one kind within the tenant; a new row gets both. */
function kindScope(resource: () => CrudResource, kind: string): TenantScope {
  let tenant: TenantScope | undefined;
  const scope = () => (tenant ??= columnTenantScope(resource().entity));
  return {
    condition: (tenantId) => sql`${scope().condition(tenantId)} and "act_activity"."kind" = ${kind}`,
    assign: (values, tenantId) => {
      scope().assign(values, tenantId);
      values.kind = kind;
    },
    managedProperty: "tenantId",
  };
}

/** Promotions of an edit's transaction, sent once it committed (afterSave → afterCommit). */
const promotedOnEdit = new Map<string, PromotionNotice[]>();

function activityCrudOf(module: ActivityModule, kind: string): CrudResource {
  const resource: CrudResource = createModuleCrud(module, {
    table: actActivity,
    entity: { tenantColumn: "tenant_id" },
    tenant: kindScope(() => resource, kind),
    hooks: {
      prepare: (prepared) => {
        exactMoney(prepared, "fee", "费用", { max: MAX_AMOUNT_FEN });
        if (prepared.operation === "add" && prepared.values.fee === undefined) prepared.values.fee = "0.00";
        const { startTime, endTime, signupDeadline } = prepared.values;
        if (startTime instanceof Date && signupDeadline instanceof Date && signupDeadline > startTime) throw new ApiError(ActivityMessages.deadlineAfterStart);
        if (startTime instanceof Date && endTime instanceof Date && endTime < startTime) throw new ApiError(ActivityMessages.endBeforeStart);
      },
      beforeSave: async (save) => {
        save.values.kind = kind;
        if (save.operation === "add") {
          save.values.status = ActivityStatus.draft;
          return;
        }
        const status = String(save.existing?.status);
        if (status === ActivityStatus.ended || status === ActivityStatus.cancelled) throw new ApiError(ActivityMessages.closedNotEditable);
        if (save.values.capacity !== undefined) {
          // The activity's row, where sign-ups queue: the places counted cannot go stale.
          const locked = await lockActivity(save.tx, save.tenantId, save.id);
          if (locked && Number(save.values.capacity) < locked.placed) throw new ApiError(ActivityMessages.capacityBelowSignups(locked.placed));
        }
      },
      // A raised capacity takes the first in line from the waiting list (docs/decisions/162).
      afterSave: async (save) => {
        if (save.operation !== "edit" || save.values.capacity === undefined) return;
        const notices = await promoteWaitlist(save.tx, save, save.id);
        if (notices.length > 0) promotedOnEdit.set(`${save.tenantId}:${save.id}`, notices);
      },
      afterCommit: async (context, operation, ids) => {
        if (operation !== "edit") return;
        for (const id of ids) {
          const notices = promotedOnEdit.get(`${context.tenantId}:${id}`);
          promotedOnEdit.delete(`${context.tenantId}:${id}`);
          if (notices) await sendPromotionNotices(context.services, notices);
        }
      },
      decorate: async (context, records) => {
        if (records.length === 0) return;
        const ids = records.map((record) => String(record.id));
        const counts = await context.services.db.rows<{ activity_id: string; n: number; waiting: number }>(sql`
          select activity_id, count(*) filter (where status in ${HOLDS_PLACE})::int as n, count(*) filter (where status = ${SignupStatus.waiting})::int as waiting
          from act_signup where activity_id = any(${`{${ids.join(",")}}`}::varchar[]) group by activity_id`);
        const byId = new Map(counts.map((row) => [row.activity_id, row]));
        for (const record of records) {
          record.signedUp = byId.get(String(record.id))?.n ?? 0;
          record.waiting = byId.get(String(record.id))?.waiting ?? 0;
        }
      },
    },
  });
  return resource;
}

export const activityCrud = activityCrudOf(activityModule, ActivityKind.school);
export const communityActivityCrud = activityCrudOf(communityActivityModule, ActivityKind.community);

// `act_activity,title,id`: the activity select of sign-ups (both kinds, within the tenant).
if (!hasDictTable("act_activity")) {
  const tenant = columnTenantScope(activityCrud.entity);
  registerDictTable({ entity: activityCrud.entity, columns: ["id", "title"], scope: (tenantId) => tenant.condition(tenantId) });
}

/** 开放报名 / 结束 / 取消: `POST <api>/<action>` with the button `<prefix>:<action>`. */
function transitionEndpoints(module: ActivityModule, kind: string): Endpoint[] {
  return (Object.keys(ACTIVITY_TRANSITIONS) as ActivityTransition[]).map((action) => {
    const transition = ACTIVITY_TRANSITIONS[action];
    return endpoint("POST", `${module.api}/${action}`, `${module.permissionPrefix}:${action}`, async (request) => {
      const context = crudContext(request);
      const id = singleId(request.body.id ?? request.query.id);
      if (!id) throw notFound();
      const from = `{${transition.from.join(",")}}`;
      // One transaction: the conditional update holds the activity's row (where sign-ups queue),
      // and 取消 cancels the sign-ups with it (docs/decisions/060).
      const outcome = await inTransaction(context.services.db, async (tx) => {
        const moved = await tx.rows(sql`
          update act_activity set status = ${transition.to}, update_by = ${context.username.slice(0, 32)}, update_time = now()
          where id = ${id} and tenant_id = ${context.tenantId} and kind = ${kind} and status = any(${from}::varchar[])
          returning id`);
        if (moved.length === 0) return null;
        return action === "cancel" ? cancelSignupsOf(tx, context, id) : { cancelled: 0, refundBills: [] };
      });
      if (!outcome) {
        const [exists] = await context.services.db.rows(sql`select 1 from act_activity where id = ${id} and tenant_id = ${context.tenantId} and kind = ${kind}`);
        if (!exists) throw notFound();
        throw new ApiError(ActivityMessages.badTransition(transition.label));
      }
      return okMessage(action === "cancel" ? ActivityMessages.activityCancelled(outcome.cancelled, outcome.refundBills) : `${transition.label}成功`);
    }, { doc: { summary: crudSummary(module, transition.label) } });
  });
}

export const activityEndpoints: Endpoint[] = [
  ...activityCrud.endpoints,
  ...transitionEndpoints(activityModule, ActivityKind.school),
  ...communityActivityCrud.endpoints,
  ...transitionEndpoints(communityActivityModule, ActivityKind.community),
];
