// 应收账单 (/billing/receivableBill): one per payer and period, aggregating bills; listed through
// `GET /bill/bill/ReceivableBilllist` as the contract names it. 邮件发送 e-mails a corporation its
// statement (.xlsx); a mail that fails is kept under 消息中心 → 邮件 for 重发.
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/receivables";
import { statementHref } from "#contract/modules/billing-statement";
import { receivableModule } from "#contract/modules/billing";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { useRowIntents, type RowIntent } from "~/components/widgets/list/use-row-intents";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(receivableModule, { columns: { receivableNo: { width: 160 }, payerName: { width: 180 }, emailedAt: { width: 170 } } });
const list = { ...page.list, url: { ...page.list.url, list: "/bill/bill/ReceivableBilllist", add: undefined, delete: undefined, deleteBatch: undefined, importExcel: undefined } };
const receivablePage = { ...page, list };
const RECEIVABLE_FETCHER = "receivable-list";
/** dict payer_type: 企业. */
const CORPORATION = "2";
const ROW_ACTIONS: RowIntent[] = [
  {
    key: "email",
    label: "邮件发送",
    permission: "receivableBill:email",
    visible: (row: ListRecord) => String(row.payerType) === CORPORATION,
    confirm: "确定将应收账单邮件发送给该企业吗?",
  },
];

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, receivablePage, "应收账单");

export const action = (route: Route.ActionArgs) =>
  listAction(route, list as typeof page.list, { email: postRowId("/bill/bill/emailCorpBill") });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "应收账单" }];

export default function ReceivablesPage({ loaderData }: Route.ComponentProps) {
  const intents = useRowIntents(RECEIVABLE_FETCHER, ROW_ACTIONS);
  const navigate = useNavigate();
  // The payer's 对账单 (docs/decisions/160).
  const rowActions = useMemo(
    () => [...intents, { key: "statement", label: "查看对账单", run: (row: ListRecord) => navigate(statementHref({ payerType: String(row.payerType ?? ""), payerId: String(row.payerId ?? "") })) }],
    [intents, navigate],
  );
  return <ModuleListPage page={receivablePage} data={loaderData} fetcherKey={RECEIVABLE_FETCHER} rowActions={rowActions} />;
}

export const ErrorBoundary = RouteErrorBoundary;
