// The server half of the online forms' pages (issue #18 part 1): a form's synchronised definition
// from the backend (its page's menu access is the backend's check too).
import { z } from "zod";
import type { OnlineFormDefinition } from "#contract/modules/online-form";
import type { BackendClient } from "./api.server";

const definitionSchema = z.custom<OnlineFormDefinition>((value) => !!value && typeof value === "object" && Array.isArray((value as OnlineFormDefinition).fields));

export async function loadOnlineDefinition(api: BackendClient, code: string): Promise<OnlineFormDefinition> {
  if (!/^[a-z][a-z0-9_]{1,39}$/.test(code)) throw new Response(null, { status: 404 });
  const { result } = await api.get(`/online/cgform/api/getColumns/${code}`, definitionSchema);
  return result;
}
