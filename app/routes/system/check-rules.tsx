// 校验规则 (/isystem/checkRule): rules a form value must pass, on the list engine from their module
// definition (contract/modules/check-rule.ts); the items are edited on the grid, and 测试 checks a
// value against the saved rule through the backend.
import { useCallback, useMemo, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { checkRuleModule } from "#contract/modules/check-rule";
import type { Route } from "./+types/check-rules";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { FormField, RowAction } from "~/components/widgets/list/types";
import { CheckRuleItemsField, checkRuleItemsProblem } from "~/components/system/check-rule/check-rule-items-field";
import { CheckRuleTestModal } from "~/components/system/check-rule/check-rule-test-modal";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(checkRuleModule, { columns: { ruleName: { width: 180 }, ruleCode: { width: 160 }, createTime: { width: 170 } } });
const page = derived.extendForm({
  ruleJson: z
    .string()
    .optional()
    .superRefine((text, context) => {
      const problem = checkRuleItemsProblem(text);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "校验规则");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, {
    // The value is URL-encoded once more, as the original client sends it (contract §7).
    test: async (api, form) => {
      const answer = await api.get("/sys/checkRule/checkByCode", z.unknown(), {
        ruleCode: String(form.get("ruleCode") ?? ""),
        value: encodeURIComponent(String(form.get("value") ?? "")),
      });
      return { message: answer.message && answer.message !== "操作成功！" ? answer.message : "校验通过" };
    },
  });

// 测试 reads a rule and changes nothing: the list is not loaded again after it (the answer is shown
// as soon as the backend gives it, not after a reload of the page's data).
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "test" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "校验规则" }];

export default function CheckRulesPage({ loaderData }: Route.ComponentProps) {
  const [testing, setTesting] = useState<{ ruleCode: string; ruleName: string } | null>(null);
  const withItems = useCallback(
    (fields: FormField[]): FormField[] =>
      fields.map((field) =>
        field.name === "ruleJson"
          ? { name: "ruleJson", label: "规则", kind: "custom", required: true, wide: true, render: ({ mode }) => <CheckRuleItemsField disabled={mode === "detail"} /> }
          : field,
      ),
    [],
  );
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [{ key: "test", label: "测试", run: (row) => setTesting({ ruleCode: String(row.ruleCode ?? ""), ruleName: String(row.ruleName ?? "") }) }],
    [],
  );
  return (
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        formFields={withItems}
        rowActions={rowActions}
        form={{ defaults: { ruleJson: '[{"digits":"*","pattern":"","message":""}]' } }}
      />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
