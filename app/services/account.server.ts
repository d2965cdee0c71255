// The account centre's backend calls (issue #17 part 7): the signed-in user's own profile,
// preferences and sign-ins, and the session's copy of his name and avatar kept in step.
import { z } from "zod";
import { ACCOUNT_API, preferencesSchema, type AccountProfile, type SignInEntry } from "#contract/account";
import type { BackendClient } from "./api.server";
import type { RouteArgs } from "./app-context.server";
import { commitSession, type AppSession } from "./session.server";

const text = z.string().nullable();
export const profileAnswerSchema: z.ZodType<AccountProfile> = z.object({
  id: z.string(),
  username: z.string(),
  realname: text,
  avatar: text,
  email: text,
  phone: text,
  telephone: text,
  sex: z.number().nullable(),
  birthday: text,
  workNo: text,
  post: text,
  departs: z.array(z.string()),
  roles: z.array(z.string()),
  createTime: text,
});
const signInsSchema: z.ZodType<SignInEntry[]> = z.array(z.object({ time: z.string(), ip: text, browser: text, content: z.string() }));

export async function loadProfile(api: BackendClient): Promise<AccountProfile> {
  return (await api.get(ACCOUNT_API.profile, profileAnswerSchema)).result;
}

export async function loadPreferences(api: BackendClient) {
  return (await api.get(ACCOUNT_API.preferences, preferencesSchema)).result;
}

export async function loadSignIns(api: BackendClient): Promise<SignInEntry[]> {
  return (await api.get(ACCOUNT_API.signIns, signInsSchema)).result;
}

/** After an edit: the header shows the new name and avatar (they live in the session cookie). */
export async function rememberProfile(route: RouteArgs, session: AppSession, profile: Pick<AccountProfile, "realname" | "avatar" | "username">): Promise<Headers> {
  session.set("realname", profile.realname ?? profile.username);
  session.set("avatar", profile.avatar ?? "");
  return new Headers({ "Set-Cookie": await commitSession(route, session) });
}
