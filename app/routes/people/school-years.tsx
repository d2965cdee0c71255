// 学年 (/school/year): school years with their two terms, one current; 升级 moves the current year's
// classes one grade up into the next year after a preview, and can be undone (issue #29 items 1-2).
import { useState } from "react";
import { data } from "react-router";
import { z } from "zod";
import RiseOutlined from "@ant-design/icons/RiseOutlined";
import { schoolYearModule } from "#contract/modules/classes";
import type { Route } from "./+types/school-years";
import { PromotionDialog, type PromotionAnswer } from "~/components/people/promotion-dialog";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { requireMenuPage } from "~/services/menu-access.server";
import { loadModulePage } from "~/services/module-page.server";
import { failureData } from "~/services/route-errors.server";

const page = modulePage(schoolYearModule, { columns: { name: { width: 120 } } });

const planSchema = z.object({
  fromYear: z.string(),
  toYear: z.string(),
  createsYear: z.boolean(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), grade: z.string(), students: z.number(), nextGrade: z.string().optional(), nextClassName: z.string().optional() })),
  students: z.number(),
  graduates: z.number(),
  leftBehind: z.number(),
});

// The promotion preview names grades.
export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "学年", ["grade"]);

export async function action(route: Route.ActionArgs) {
  const intent = String((await route.request.clone().formData()).get("intent") ?? "");
  if (intent !== "promotePreview" && intent !== "promote" && intent !== "undoPromotion") return listAction(route, page.list);
  const access = await requireMenuPage(route);
  try {
    if (intent === "promotePreview") {
      const answer = await access.signedIn.api.get("/school/year/promotePreview", planSchema);
      return data<PromotionAnswer>({ intent, ok: true, plan: answer.result });
    }
    const answer = await access.signedIn.api.post(`/school/year/${intent}`, z.unknown(), {});
    return data<PromotionAnswer>({ intent, ok: true, message: answer.message });
  } catch (error) {
    const failure = failureData(error);
    return data({ intent, ...failure, message: failure.failure.message });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded?.title ?? "学年" }];

export default function SchoolYearsPage({ loaderData }: Route.ComponentProps) {
  const [promoting, setPromoting] = useState(false);
  return (
    <>
      <ModuleListPage
        page={page}
        data={loaderData}
        form={{ defaults: { isCurrent: "N" } }}
        toolbarActions={[{ key: "promote", label: "升级", icon: <RiseOutlined />, permission: "schoolYear:promote", run: () => setPromoting(true) }]}
      />
      <PromotionDialog open={promoting} onClose={() => setPromoting(false)} grades={loaderData.options.grade ?? []} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
