// 邮件 (/communication/mail): the mail outbox (contract/modules/mail.ts). 新增 writes a mail and
// sends it; a mail that failed shows its error and can be sent again with 重发.
import type { Route } from "./+types/mail";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { useRowIntents, type RowIntent } from "~/components/widgets/list/use-row-intents";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { mailModule } from "#contract/modules/mail";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(mailModule, {
  columns: { mailTo: { width: 220 }, subject: { width: 260 }, status: { width: 90 }, attempts: { width: 90 }, error: { width: 260 } },
});
const MAIL_FETCHER = "mail-list";
/** dict mail_status: 已发送. */
const SENT = "1";
const ROW_ACTIONS: RowIntent[] = [{ key: "retry", label: "重发", permission: "mail:retry", visible: (row: ListRecord) => String(row.status) !== SENT }];

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "邮件");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, { retry: postRowId("/communication/mail/retry") });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "邮件" }];

export default function MailPage({ loaderData }: Route.ComponentProps) {
  const rowActions = useRowIntents(MAIL_FETCHER, ROW_ACTIONS);
  return (
    <ModuleListPage
      page={page}
      data={loaderData}
      fetcherKey={MAIL_FETCHER}
      rowActions={rowActions}
      addLabel="写邮件"
      form={{ canEdit: () => false }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
