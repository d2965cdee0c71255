// A user's roles and departments as the user form holds them (comma-joined ids): the list rows do
// not carry them. For the edit form's detail route and for the form opened by its address.
import { z } from "zod";
import type { BackendClient } from "./api.server";

const idsSchema = z.array(z.union([z.string(), z.object({ key: z.string().optional(), value: z.string().optional(), id: z.string().optional() }).passthrough()]));
const toIds = (items: z.infer<typeof idsSchema>) =>
  items
    .map((item) => (typeof item === "string" ? item : (item.key ?? item.value ?? item.id ?? "")))
    .filter(Boolean)
    .join(",");

/** The departments' names, for 详情 (the `_dictText` a description view shows). */
const titles = (items: z.infer<typeof idsSchema>) =>
  items
    .map((item) => (typeof item === "string" ? "" : String((item as { title?: unknown }).title ?? "")))
    .filter(Boolean)
    .join("，");

export async function loadUserRelations(api: BackendClient, id: string): Promise<{ selectedroles: string; selecteddeparts: string; selecteddeparts_dictText: string }> {
  const [roles, departs] = await Promise.all([api.get("/sys/user/queryUserRole", idsSchema, { userid: id }), api.get("/sys/user/userDepartList", idsSchema, { userId: id })]);
  return { selectedroles: toIds(roles.result), selecteddeparts: toIds(departs.result), selecteddeparts_dictText: titles(departs.result) };
}
