// 微信交易 (/billing/wechatTrade): the merchant statement's trades (contract wechatTradeModule).
// 导入 takes the WeChat Pay statement as CSV or Excel (each trade once, by transactionId); 对账
// matches the trades with the WeChat payments and can create the missing payments.
import { useMemo, useState } from "react";
import { data } from "react-router";
import { z } from "zod";
import ReconciliationOutlined from "@ant-design/icons/ReconciliationOutlined";
import type { Route } from "./+types/wechat-trades";
import { wechatTradeModule, type ReconcileAnswer } from "#contract/modules/billing";
import { ReconcileDialog, type ReconcileActionData } from "~/components/billing/reconcile-dialog";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { ToolbarAction } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { loadModulePage } from "~/services/module-page.server";
import { failureData } from "~/services/route-errors.server";

const page = modulePage(wechatTradeModule, {
  columns: {
    tradeTime: { width: 170 },
    transactionId: { width: 250 },
    outTradeNo: { width: 170 },
    reconciled: { width: 80, render: (value) => (Number(value) === 1 ? "是" : "否") },
  },
});
const STATEMENT_FILES = [".csv", ".xls", ".xlsx"] as const;

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "微信交易");

export async function action(route: Route.ActionArgs) {
  const intent = String((await route.request.clone().formData()).get("intent") ?? "");
  if (intent !== "reconcile" && intent !== "createMissing") return listAction(route, page.list);
  const access = await requireMenuPage(route);
  const form = await route.request.formData();
  const body = { from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") };
  try {
    if (intent === "reconcile") {
      const answer = await access.signedIn.api.post("/billing/wechatTrade/reconcile", z.custom<ReconcileAnswer>(), body);
      return data<ReconcileActionData>({ intent, ok: true, result: answer.result });
    }
    const answer = await access.signedIn.api.post("/billing/wechatTrade/createMissingPayments", z.unknown(), body);
    return data<ReconcileActionData>({ intent, ok: true, message: answer.message });
  } catch (error) {
    const failure = failureData(error);
    return data<ReconcileActionData>({ intent, ok: false, message: failure.failure.message });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded?.title ?? "微信交易" }];

export default function WechatTradesPage({ loaderData }: Route.ComponentProps) {
  const [reconciling, setReconciling] = useState(false);
  const toolbarActions = useMemo(
    (): ToolbarAction[] => [{ key: "reconcile", label: "对账", icon: <ReconciliationOutlined />, permission: "wechatTrade:reconcile", run: () => setReconciling(true) }],
    [],
  );
  return (
    <>
      <ModuleListPage page={page} data={loaderData} toolbarActions={toolbarActions} importExtensions={STATEMENT_FILES} />
      <ReconcileDialog open={reconciling} onClose={() => setReconciling(false)} canCreate />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
