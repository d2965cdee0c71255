// The form validators that ask the server (docs/spec/app-shell.md §5, §7): the duplicate-value check
// (skipped for an empty value) and the check rule (skipped unless both code and value are given).
import { z } from "zod";
import type { Route } from "./+types/validate";
import { requireSignedIn } from "~/services/auth.server";
import { BackendError } from "~/services/api.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const query = route.url.searchParams;
  const kind = route.params.kind;
  try {
    if (kind === "duplicate") {
      const fieldVal = query.get("fieldVal") ?? "";
      if (!fieldVal) return { ok: true as const };
      const answer = await signedIn.api.get("/sys/duplicate/check", z.unknown(), {
        tableName: query.get("tableName"),
        fieldName: query.get("fieldName"),
        fieldVal,
        dataId: query.get("dataId") || undefined,
      });
      return { ok: true as const, message: answer.message };
    }
    if (kind === "check-rule") {
      const ruleCode = query.get("ruleCode") ?? "";
      const value = query.get("value") ?? "";
      if (!ruleCode || !value) return { ok: true as const };
      await signedIn.api.get("/sys/checkRule/checkByCode", z.unknown(), { ruleCode, value: encodeURIComponent(value) });
      return { ok: true as const };
    }
    return { ok: false as const, message: "未知的校验" };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false as const, message: error.message };
    throw error;
  }
}
