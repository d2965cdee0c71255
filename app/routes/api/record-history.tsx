// GET /api/record-history?url=<a module's …/history>&id= — a record's history for the 历史 tab of its
// 详情 (docs/decisions/070). The backend decides who may read it: whoever may see the record.
import { z } from "zod";
import type { Route } from "./+types/record-history";
import { isHistoryPath, type RecordHistoryEntry } from "#contract/record-history";
import { requireSignedIn } from "~/services/auth.server";
import { BackendError } from "~/services/api.server";
import { Messages } from "#contract/messages";

const change = z.object({ field: z.string(), label: z.string(), old: z.string().nullable(), new: z.string().nullable() });
const entries = z.array(
  z.object({
    id: z.string(),
    action: z.string(),
    actionText: z.string(),
    username: z.string().nullable(),
    changedAt: z.string(),
    reason: z.string().nullable(),
    changes: z.array(change),
  }),
) satisfies z.ZodType<RecordHistoryEntry[]>;

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const path = route.url.searchParams.get("url");
  const id = route.url.searchParams.get("id") ?? "";
  if (!isHistoryPath(path) || !id) return { ok: false as const, message: Messages.resourceNotFound };
  try {
    const { result } = await signedIn.api.get(path, entries, { id });
    return { ok: true as const, entries: result };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false as const, message: error.failure.message };
    throw error;
  }
}
