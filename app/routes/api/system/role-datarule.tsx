// GET  /api/system/role-datarule?permissionId&roleId — a menu's data rules and the ones the role
//      has (/sys/role/datarule/{permissionId}/{roleId} → {datarule, drChecked}).
// POST /api/system/role-datarule (permissionId, roleId, dataRuleIds) — POST /sys/role/datarule.
import { z } from "zod";
import type { Route } from "./+types/role-datarule";
import type { DataRuleItem } from "~/components/system/role/role-api";
import { answerRoleApi, idListParam, idParam, refuseRoleApi, requireRolePage } from "./role-answer.server";

const ruleSchema = z.object({
  id: z.coerce.string(),
  ruleName: z.coerce.string().nullish(),
  ruleColumn: z.string().nullish(),
  ruleConditions: z.string().nullish(),
  ruleValue: z.string().nullish(),
  status: z.coerce.string().nullish(),
});
const answerSchema = z.object({ datarule: z.array(ruleSchema), drChecked: z.string().nullish() });

export async function loader(route: Route.LoaderArgs) {
  const access = await requireRolePage(route);
  const permissionId = idParam(route.url.searchParams.get("permissionId"));
  const roleId = idParam(route.url.searchParams.get("roleId"));
  if (!permissionId || !roleId) return refuseRoleApi("参数不正确");
  return answerRoleApi(async () => {
    const path = `/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`;
    const { result } = await access.signedIn.api.get(path, answerSchema);
    const rules: DataRuleItem[] = result.datarule.map((rule) => ({
      id: rule.id,
      ruleName: rule.ruleName ?? rule.id,
      ruleColumn: rule.ruleColumn ?? null,
      ruleConditions: rule.ruleConditions ?? null,
      ruleValue: rule.ruleValue ?? null,
      status: rule.status ?? null,
    }));
    const checked = (result.drChecked ?? "").split(",").filter(Boolean);
    return { rules, checked };
  });
}

export async function action(route: Route.ActionArgs) {
  const access = await requireRolePage(route);
  const form = await route.request.formData();
  const permissionId = idParam(form.get("permissionId"));
  const roleId = idParam(form.get("roleId"));
  const dataRuleIds = idListParam(form.get("dataRuleIds"));
  if (!permissionId || !roleId || !dataRuleIds) return refuseRoleApi("参数不正确");
  return answerRoleApi(async () => {
    const answer = await access.signedIn.api.post("/sys/role/datarule", z.unknown(), { permissionId, roleId, dataRuleIds: dataRuleIds.join(",") });
    return { message: answer.message || "保存成功!" };
  });
}
