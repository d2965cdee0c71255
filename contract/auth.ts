// Sign-in and password-change wire shapes and form rules (docs/spec/app-shell.md §5, api-contract.md §2).
import { z } from "zod";
import { Messages } from "./messages";
import { passwordProblem } from "./password-policy";

export const userInfoSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    realname: z.string().nullish(),
    avatar: z.string().nullish(),
    orgCode: z.string().nullish(),
    relTenantIds: z.string().nullish(),
  })
  .passthrough();
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = z.object({
  token: z.string().min(1),
  userInfo: userInfoSchema,
  multi_depart: z.number().optional(),
  tenantList: z.array(z.object({ id: z.coerce.number(), name: z.string() }).passthrough()).optional(),
  sysAllDictItems: z.record(z.string(), z.array(z.unknown())).optional(),
  /** Our backend's addition: the account must choose its own password first (docs/decisions/011). */
  passwordChangeRequired: z.boolean().optional(),
  /** Our backend's additions: the account chooses its tenant / department first (docs/decisions/049). */
  chooseTenant: z.boolean().optional(),
  chooseDepart: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** The sign-in form: both fields required. */
export const loginFormSchema = z.object({
  username: z.string().trim().min(1, Messages.usernameRequired),
  password: z.string().min(1, Messages.passwordRequired),
});

/** The change-password dialog (docs/spec/app-shell.md §5). */
export const changePasswordFormSchema = z
  .object({
    oldpassword: z.string().min(1, Messages.oldPasswordRequired),
    password: z
      .string()
      .min(1, Messages.newPasswordRequired)
      .refine((value) => value === "" || passwordProblem(value) === null, Messages.passwordPolicy),
    confirmpassword: z.string().min(1, Messages.confirmPasswordRequired),
  })
  .refine((form) => form.password === form.confirmpassword, {
    path: ["confirmpassword"],
    message: Messages.confirmPasswordMismatch,
  });

/** Field errors keyed by field name, as the forms show them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
