// 消息模板 (/isystem/messageTemplate): templates with `${name}` placeholders (contract/modules/message.ts)
// on the list engine; 测试发送 sends one through its channel (站内, 邮件, 短信, 微信) to the given receivers.
import { useMemo, useState } from "react";
import { z } from "zod";
import { messageTemplateModule } from "#contract/modules/message";
import type { Route } from "./+types/message-templates";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { RowAction } from "~/components/widgets/list/types";
import { MessageTestModal, type MessageTemplateUnderTest } from "~/components/system/message/message-test-modal";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(messageTemplateModule, {
  columns: { templateCode: { width: 160 }, templateName: { width: 220 }, templateType: { width: 90 }, templateContent: { width: 360 }, createTime: { width: 170 } },
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "消息模板");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    send: async (api, form) => {
      const answer = await api.post("/sys/message/sysMessageTemplate/sendMsg", z.unknown(), {
        templateCode: String(form.get("templateCode") ?? ""),
        receiver: String(form.get("receiver") ?? ""),
        testData: String(form.get("testData") ?? ""),
      });
      return { message: answer.message || "发送成功" };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "消息模板" }];

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

export default function MessageTemplatesPage({ loaderData }: Route.ComponentProps) {
  const [testing, setTesting] = useState<MessageTemplateUnderTest | null>(null);
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      {
        key: "send",
        label: "测试发送",
        permission: "messageTemplate:test",
        run: (row) =>
          setTesting({
            templateCode: text(row.templateCode),
            templateName: text(row.templateName),
            templateType: text(row.templateType),
            templateContent: text(row.templateContent),
            templateTestJson: text(row.templateTestJson),
          }),
      },
    ],
    [],
  );
  return (
    <>
      <ModuleListPage page={page} data={loaderData} rowActions={rowActions} formWidth={800} />
      <MessageTestModal template={testing} onClose={() => setTesting(null)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
