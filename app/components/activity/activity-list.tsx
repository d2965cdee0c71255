// The list of 活动 and 社区活动 (contract/modules/activity.ts): the module page with the cover
// (image upload), the times, the rich-text content (quill; 详情 shows it rendered and cleaned) and
// the status actions 开放报名 / 结束 / 取消, which the backend checks against the current status.
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { ACTIVITY_TRANSITIONS, ActivityStatus, type ActivityModule, type ActivityTransition } from "#contract/modules/activity";
import { UploadDetail, UploadField } from "~/components/widgets/upload";
import { RichTextEditor } from "~/components/widgets/editors";
import { RichTextView } from "~/components/shell/notices/rich-text-view";
import { DateTimeInput } from "~/components/system/announcement/datetime-input";
import { modulePage } from "~/components/widgets/list/module-page";
import type { RowAction } from "~/components/widgets/list/types";
import type { ListRecord } from "~/services/list.server";
import type { ModuleDefinition, ModuleField } from "#contract/modules/module";

const dateTime = { kind: "custom", render: () => <DateTimeInput /> } as const;

/** The page of an activity module: cover, times and content get their controls; 已报名 is shown. */
export function activityPage(definition: ModuleDefinition<Record<string, ModuleField>, "activity" | "community">) {
  const page = modulePage(definition, {
    columns: {
      title: { width: 180 },
      grades: { width: 160 },
      startTime: { width: 170 },
      signupDeadline: { width: 170 },
      capacity: { width: 70 },
      fee: { width: 90 },
      status: { width: 80 },
    },
    form: {
      cover: {
        kind: "custom",
        render: ({ mode }) => <UploadField mode="image" number={1} biz="activity" disabled={mode === "detail"} aria-label="封面" />,
        detail: (record) => <UploadDetail value={record.cover} mode="image" />,
      },
      startTime: dateTime,
      endTime: dateTime,
      signupDeadline: dateTime,
      // 适用年级: several grades of the dictionary, none = every grade (docs/decisions/162).
      grades: { kind: "multi-select", placeholder: "不限年级" },
      // 详情 shows the content as it reads, cleaned (docs/decisions/148), never its HTML.
      content: { kind: "custom", render: () => <RichTextEditor aria-label="活动内容" />, detail: (record) => <RichTextView html={String(record.content ?? "")} className="activity-content" /> },
    },
  });
  const columns = [...page.columns];
  columns.splice(
    columns.findIndex((column) => column.dataIndex === "capacity") + 1,
    0,
    { title: "已报名", dataIndex: "signedUp", width: 70 },
    // 候补: sign-ups waiting for a place (docs/decisions/162).
    { title: "候补", dataIndex: "waiting", width: 60 },
  );
  return { ...page, columns };
}

export const ACTIVITY_FORM = { defaults: { type: "1", capacity: "30", fee: "0" }, canEdit: (row: ListRecord) => String(row.status) === ActivityStatus.draft || String(row.status) === ActivityStatus.open };

/** 开放报名 / 结束 / 取消 as row actions, shown from the statuses each may start from. */
export function useActivityActions(permissionPrefix: ActivityModule["permissionPrefix"], fetcherKey: string, more: RowAction<ListRecord>[] = []): RowAction<ListRecord>[] {
  const fetcher = useFetcher({ key: fetcherKey });
  return useMemo(
    () => [
      ...(Object.keys(ACTIVITY_TRANSITIONS) as ActivityTransition[]).map((action): RowAction<ListRecord> => {
        const transition = ACTIVITY_TRANSITIONS[action];
        return {
          key: action,
          label: transition.label,
          permission: `${permissionPrefix}:${action}`,
          visible: (row) => (transition.from as readonly string[]).includes(String(row.status)),
          confirm: `确定${transition.label}吗?`,
          danger: action === "cancel",
          run: (row) => void fetcher.submit({ intent: action, id: row.id }, { method: "post" }),
        };
      }),
      ...more,
    ],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [permissionPrefix, more],
  );
}
