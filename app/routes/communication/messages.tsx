// 消息 (/communication/message): every message sent from a 消息模板, by channel, with its receiver,
// content and status (contract/modules/message.ts). Messages are sent from 消息模板 → 测试发送 or
// by jobs, never written here.
import type { Route } from "./+types/messages";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { messageModule } from "#contract/modules/message";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(messageModule, {
  columns: {
    esType: { width: 80 },
    // An SMS row's phone is stored encrypted (docs/decisions/155): not sorted.
    esReceiver: { width: 160, sorter: false },
    esTitle: { width: 200 },
    esContent: { width: 320 },
    esSendStatus: { width: 90 },
    esResult: { width: 240 },
    templateCode: { width: 140 },
    esSendTime: { width: 170 },
    createTime: { width: 170 },
  },
});
// No 新增 or 编辑: what was sent stays as it was.
const { add: _add, edit: _edit, ...readOnlyUrls } = derived.list.url;
const page: typeof derived = { ...derived, list: { ...derived.list, url: readOnlyUrls } };

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "消息");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "消息" }];

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} form={{ canEdit: () => false }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
