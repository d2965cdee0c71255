// Server halves of the activity pages: the content is cleaned before it is saved (as 通知公告's,
// docs/decisions/017), and the status actions are posted to the backend, which checks them.
import { z } from "zod";
import { ACTIVITY_TRANSITIONS, type ActivityTransition } from "#contract/modules/activity";
import type { CustomAction, ListPageDefinition } from "./list.server";
import { cleanRichText } from "./rich-text.server";

export function activitySaveList<Form extends z.ZodType>(list: ListPageDefinition<Form>): ListPageDefinition<Form> {
  return {
    ...list,
    toBody: (values, id) => {
      const body = list.toBody ? list.toBody(values, id) : (values as Record<string, unknown>);
      return typeof body.content === "string" ? { ...body, content: cleanRichText(body.content) } : body;
    },
  };
}

/** 开放报名 / 结束 / 取消: `<api>/<action>`. */
export function activityActions(api: string): Record<string, CustomAction> {
  return Object.fromEntries(
    (Object.keys(ACTIVITY_TRANSITIONS) as ActivityTransition[]).map((action) => [
      action,
      async (backend, form) => {
        const answer = await backend.post(`${api}/${action}`, z.unknown(), { id: String(form.get("id") ?? "") });
        return { message: answer.message || `${ACTIVITY_TRANSITIONS[action].label}成功` };
      },
    ]),
  );
}
