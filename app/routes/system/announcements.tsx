// 通知公告 (/isystem/annountCement, JeecgBoot SysAnnouncementList): the announcements on the list
// engine. Drafts can be edited and released (确定发布吗?), released notices revoked (确定撤销吗?),
// any notice viewed in the same 通知消息 modal its readers see (api-contract.md §8). The form has
// the recipients picker for 指定用户 and the quill rich-text editor for the body (images upload).
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/announcements";
import { ListPage } from "~/components/widgets/list/list-page";
import type { RowAction } from "~/components/widgets/list/types";
import { NoticeModal } from "~/components/shell/notices/notice-modal";
import { UserPicker } from "~/components/widgets/pickers";
import { DateTimeInput } from "~/components/system/announcement/datetime-input";
import { RichTextEditor } from "~/components/widgets/editors";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListPageDefinition, type ListRecord } from "~/services/list.server";
import { dictOptions } from "~/services/options.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { cleanRichText } from "~/services/rich-text.server";
import {
  ANNOUNCEMENT_PAGE,
  MsgType,
  announcementBody,
  announcementColumns,
  announcementFormFields,
  announcementFormSchema,
  announcementSearchFields,
  isDraft,
  isPublished,
} from "./announcements.data";

const page: ListPageDefinition<typeof announcementFormSchema> = {
  url: ANNOUNCEMENT_PAGE.url,
  form: announcementFormSchema,
  // The body is cleaned on the server before it is saved (and again in the reader's browser).
  toBody: (values) => announcementBody({ ...values, msgContent: cleanRichText(values.msgContent) }),
};

/** A new notice starts as a 通知公告 to everyone, of low priority. */
const NEW_NOTICE = { msgCategory: "1", msgType: MsgType.all, priority: "L" };

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const api = access.signedIn.api;
  const [list, msgCategory, priority, openType] = await Promise.all([
    loadList(access, route.url, page),
    withRouteFailures(() => dictOptions(api, "msg_category")),
    withRouteFailures(() => dictOptions(api, "priority")),
    withRouteFailures(() => dictOptions(api, "open_type")),
  ]);
  return { title: access.node.meta.title ?? "通知公告", list, options: { msgCategory, priority, openType } };
}

const idOf = (form: FormData) => String(form.get("id") ?? "");

export async function action(route: Route.ActionArgs) {
  return listAction(route, page, {
    release: async (api, form) => {
      const answer = await api.get(ANNOUNCEMENT_PAGE.url.release, z.unknown(), { id: idOf(form) });
      return { message: answer.message || "该系统通知发布成功" };
    },
    revoke: async (api, form) => {
      const answer = await api.get(ANNOUNCEMENT_PAGE.url.revoke, z.unknown(), { id: idOf(form) });
      return { message: answer.message || "该系统通知撤销成功" };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "通知公告" }];

const ANNOUNCEMENTS_FETCHER = "announcements-list";

export default function AnnouncementsPage({ loaderData }: Route.ComponentProps) {
  const { title, list, options } = loaderData;
  // The list's own fetcher: 发布 / 撤销 get the list's answer handling (message, failures).
  const status = useFetcher({ key: ANNOUNCEMENTS_FETCHER });
  const [viewing, setViewing] = useState<string | null>(null);

  const searchFields = useMemo(() => announcementSearchFields(options), [options]);
  const formFields = useMemo(
    () =>
      announcementFormFields(options, {
        dateTime: (placeholder) => <DateTimeInput placeholder={placeholder} />,
        users: () => <UserPicker store="id" placeholder="请选择指定用户" />,
        content: () => <RichTextEditor />,
      }),
    [options],
  );

  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "release",
        label: "发布",
        permission: "announcement:release",
        visible: isDraft,
        confirm: "确定发布吗?",
        run: (row) => void status.submit({ intent: "release", id: row.id }, { method: "post" }),
      },
      {
        key: "revoke",
        label: "撤销",
        permission: "announcement:revoke",
        visible: isPublished,
        confirm: "确定撤销吗?",
        run: (row) => void status.submit({ intent: "revoke", id: row.id }, { method: "post" }),
      },
      { key: "view", label: "查看", run: (row) => setViewing(row.id) },
    ],
    // The fetcher's submit is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <>
      <ListPage
        title={title}
        data={list}
        columns={announcementColumns}
        searchFields={searchFields}
        permissionPrefix={ANNOUNCEMENT_PAGE.permissionPrefix}
        url={ANNOUNCEMENT_PAGE.url}
        fetcherKey={ANNOUNCEMENTS_FETCHER}
        rowActions={rowActions}
        form={{ fields: formFields, schema: announcementFormSchema, width: 900, canEdit: isDraft, defaults: NEW_NOTICE }}
      />
      <NoticeModal anntId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
