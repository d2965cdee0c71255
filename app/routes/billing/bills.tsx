// 账单 (/billing/bill): bills with their items (contract/modules/billing.ts). The items are edited
// in the form on the house's editable grid and priced again by the backend; 生成账单 previews and
// creates a term's bills; a bill with payments is 作废 (voided), not deleted.
import { useCallback, useMemo, useState } from "react";
import { data } from "react-router";
import { z } from "zod";
import PlusCircleOutlined from "@ant-design/icons/PlusCircleOutlined";
import type { Route } from "./+types/bills";
import { BillKind, billModule, BillingMessages, ReasonMessages } from "#contract/modules/billing";
import { BillGenerationDialog, type GenerationAnswer } from "~/components/billing/bill-generation-dialog";
import type { ProjectChoice } from "~/components/billing/bill-items";
import { BillItemsField } from "~/components/billing/bill-items-field";
import { BillReductionDialog } from "~/components/billing/bill-reduction-dialog";
import { BillInstalmentDialog, BillInstalmentsTable, parseInstalments } from "~/components/billing/bill-instalments";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage, postedRows, withRowsField } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { useRowIntents, type RowIntent } from "~/components/widgets/list/use-row-intents";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { billItems } from "~/services/form-details.server";
import { loadModulePage } from "~/services/module-page.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";

const derived = withRowsField(
  modulePage(billModule, { columns: { billNo: { width: 170 }, schoolYear: { width: 100 }, term: { width: 80 }, status: { width: 80 }, kind: { width: 70 } } }),
  "items",
  { schema: postedRows(BillingMessages.noItems) },
);
// The payer's name (the backend's decoration) beside its type: who owes the bill.
const page = { ...derived, columns: derived.columns.flatMap((column) => (column.dataIndex === "payerType" ? [column, { title: "付款方", dataIndex: "payerName", width: 140 }] : [column])) };
const BILL_FETCHER = "bill-list";
/** dict bill_status: 作废. */
const VOID = "4";
/** dict bill_status: 已付. */
const PAID = "3";
const ROW_ACTIONS: RowIntent[] = [
  {
    key: "void",
    label: "作废",
    permission: "bill:void",
    visible: (row: ListRecord) => String(row.status) !== VOID,
    reason: { title: "作废账单", required: ReasonMessages.void },
    danger: true,
  },
  {
    // 退费: an activity bill with money paid is refunded, its sign-up cancelled (docs/decisions/138).
    key: "refund",
    label: "退费",
    permission: "bill:refund",
    visible: (row: ListRecord) => String(row.kind) === BillKind.activity && String(row.status) !== VOID && Number(row.paidAmount ?? 0) > 0,
    reason: { title: "活动账单退费（已付金额退还付款方，账单作废，报名取消）", required: "请输入退费原因" },
    danger: true,
  },
];

const projectsSchema = z.object({ records: z.array(z.object({ id: z.string(), name: z.string(), unitPrice: z.coerce.string() })) });
const planSchema = z.object({ schoolYear: z.string(), term: z.string(), bills: z.array(z.any()), skipped: z.array(z.any()), noPayer: z.array(z.any()), payableTotal: z.string() });

export async function loader(route: Route.LoaderArgs) {
  const [loaded, projects] = await Promise.all([
    // The generation preview names payer types.
    loadModulePage(route, page, "账单", ["payer_type", "grade"], billItems),
    requireMenuPage(route).then((access) =>
      withRouteFailures(() => access.signedIn.api.get("/billing/project/list", projectsSchema, { active: 1, pageSize: 500, column: "sortNo", order: "asc" })),
    ),
  ]);
  return { ...loaded, projects: projects.result.records as ProjectChoice[] };
}

export async function action(route: Route.ActionArgs) {
  const intent = String((await route.request.clone().formData()).get("intent") ?? "");
  if (intent === "preview" || intent === "generate") return generation(route, intent);
  return listAction(route, page.list, {
    void: postRowId("/billing/bill/void"),
    refund: postRowId("/activity/signup/refund"),
    // 减免: the amount and its reason go with the row's id.
    reduce: async (api, form) => {
      const answer = await api.post("/billing/bill/reduce", z.unknown(), { id: String(form.get("id") ?? ""), amount: String(form.get("amount") ?? ""), reason: String(form.get("reason") ?? "") });
      return { message: answer.message };
    },
    // 分期: the count and the due dates go with the row's id (docs/decisions/159).
    instalment: async (api, form) => {
      const answer = await api.post("/billing/bill/instalments", z.unknown(), { id: String(form.get("id") ?? ""), count: String(form.get("count") ?? ""), dueDates: String(form.get("dueDates") ?? "") });
      return { message: answer.message };
    },
  });
}

async function generation(route: Route.ActionArgs, intent: "preview" | "generate") {
  const access = await requireMenuPage(route);
  const form = await route.request.formData();
  const body = {
    schoolYear: form.get("schoolYear"),
    term: form.get("term"),
    dueDate: form.get("dueDate") || undefined,
    grade: form.get("grade") || undefined,
    className: form.get("className") || undefined,
    studentNos: form.get("studentNos") || undefined,
    // Payers chosen in the dialog for students under 「无付款人」 (JSON [{studentId, payerType, payerId}]).
    payers: form.get("payers") || undefined,
  };
  try {
    if (intent === "preview") {
      const answer = await access.signedIn.api.post("/billing/bill/generatePreview", planSchema, body);
      return data<GenerationAnswer>({ intent, ok: true, plan: answer.result });
    }
    const answer = await access.signedIn.api.post("/billing/bill/generate", z.unknown(), body);
    return data<GenerationAnswer>({ intent, ok: true, message: answer.message });
  } catch (error) {
    const failure = failureData(error);
    return data({ intent, ...failure, message: failure.failure.message });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded?.title ?? "账单" }];

export default function BillsPage({ loaderData }: Route.ComponentProps) {
  const { options, projects } = loaderData;
  const [generating, setGenerating] = useState(false);
  const [reducing, setReducing] = useState<ListRecord | null>(null);
  const [splitting, setSplitting] = useState<ListRecord | null>(null);
  const intents = useRowIntents(BILL_FETCHER, ROW_ACTIONS);
  const rowActions = useMemo(
    (): RowAction<ListRecord>[] => [
      ...intents,
      // 减免: an amount off the open part of a live bill, with its reason (a line of the bill).
      { key: "reduce", label: "减免", permission: "bill:reduce", visible: (row: ListRecord) => String(row.status) !== VOID && String(row.status) !== PAID, run: (row: ListRecord) => setReducing(row) },
      // 分期: split the bill, or plan again its instalments not yet paid in full.
      { key: "instalment", label: "分期", permission: "bill:instalment", visible: (row: ListRecord) => String(row.status) !== VOID && String(row.status) !== PAID, run: (row: ListRecord) => setSplitting(row) },
    ],
    [intents],
  );
  const form = useMemo(() => ({ detailUrl: "/api/billing/bill-items", canEdit: (row: ListRecord) => String(row.status) === "1", defaults: { term: "1", items: "[]" } }), []);
  const formFields = useCallback(
    (fields: FormField[]): FormField[] => [
      ...fields,
      {
        name: "items",
        label: "账单明细",
        kind: "custom",
        rows: true,
        required: true,
        wide: true,
        render: ({ mode }) => <BillItemsField projects={projects} disabled={mode === "detail"} />,
      },
      // The instalments (期次, 到期日, 金额, 已收, 余额, 状态), read only: 分期 changes them.
      {
        name: "instalments",
        label: "分期",
        kind: "custom",
        visibleWhen: (values) => parseInstalments(typeof values.instalments === "string" ? values.instalments : undefined).length > 0,
        render: () => <BillInstalmentsTable />,
        detail: (record) => <BillInstalmentsTable value={typeof record.instalments === "string" ? record.instalments : undefined} />,
      },
    ],
    [projects],
  );
  return (
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        formFields={formFields}
        fetcherKey={BILL_FETCHER}
        rowActions={rowActions}
        toolbarActions={[{ key: "generate", label: "生成账单", icon: <PlusCircleOutlined />, permission: "bill:generate", run: () => setGenerating(true) }]}
        form={form}
      />
      <BillGenerationDialog open={generating} onClose={() => setGenerating(false)} terms={options.school_term ?? []} payerTypes={options.payer_type ?? []} grades={options.grade ?? []} />
      <BillReductionDialog bill={reducing} onClose={() => setReducing(null)} fetcherKey={BILL_FETCHER} />
      <BillInstalmentDialog bill={splitting} onClose={() => setSplitting(null)} fetcherKey={BILL_FETCHER} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
