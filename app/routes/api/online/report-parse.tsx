// 解析SQL of 报表配置: POST `sql`, `dbSource`, `params` (JSON) → the columns the statement answers
// and the parameters it names (`{ ok, fields, params }`), or the backend's refusal.
import { z } from "zod";
import type { Route } from "./+types/report-parse";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";

const parsedSchema = z.object({
  fields: z.array(z.object({ fieldName: z.string(), fieldType: z.string() })),
  params: z.array(z.object({ paramName: z.string(), paramTxt: z.string().optional(), paramValue: z.string().optional() })),
});

export async function action(route: Route.ActionArgs) {
  const access = await requireMenuPage(route, "/online/cgreport");
  const form = await route.request.formData();
  let params: unknown = [];
  try {
    params = JSON.parse(String(form.get("params") ?? "[]"));
  } catch {
    params = [];
  }
  try {
    const { result } = await access.signedIn.api.post("/online/cgreport/head/parseSql", parsedSchema, {
      sql: String(form.get("sql") ?? ""),
      dbSource: String(form.get("dbSource") ?? ""),
      params,
    });
    return { ok: true as const, ...result };
  } catch (error) {
    return failureData(error);
  }
}
