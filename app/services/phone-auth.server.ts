// The web side of phone codes (issue #17 parts 1 and 6): asking the backend for a code, and the
// answer every phone form shows (docs/decisions/049).
import { z } from "zod";
import { resultEnvelopeSchema } from "#contract/envelope";
import type { SmsModeCode } from "#contract/phone-auth";
import { backendClient } from "./api.server";
import type { RouteArgs } from "./app-context.server";
import { clientOf } from "./auth.server";

export interface PhoneFormAnswer {
  fieldErrors: Record<string, string>;
  formError: string | null;
  /** 验证码已发送… after a code was sent. */
  notice: string | null;
  /** What the user typed (passwords and codes excepted), to show again. */
  values: Record<string, string>;
}

export function phoneAnswer(values: Record<string, string>, answer: Partial<PhoneFormAnswer> = {}): PhoneFormAnswer {
  return { fieldErrors: {}, formError: null, notice: null, values, ...answer };
}

/** POST /sys/sms: the backend's message, success or not. */
export async function requestSmsCode({ request, context }: RouteArgs, mobile: string, smsmode: SmsModeCode): Promise<{ ok: boolean; message: string }> {
  const response = await backendClient(context, { client: clientOf(request) }).send("POST", "/sys/sms", { body: { mobile, smsmode } });
  const envelope = resultEnvelopeSchema.parse(await response.json());
  return { ok: envelope.success, message: envelope.message.trim() };
}

/** An anonymous self-service call (register, phoneVerification, passwordChange): its envelope. */
export async function anonymousCall({ request, context }: RouteArgs, path: string, body: object) {
  const response = await backendClient(context, { client: clientOf(request) }).send("POST", path, { body });
  return resultEnvelopeSchema.parse(await response.json());
}

/** GET /sys/user/registration: whether self-registration is open (SELF_REGISTRATION). */
export async function registrationOpen({ request, context }: RouteArgs): Promise<boolean> {
  try {
    const answer = await backendClient(context, { client: clientOf(request) }).get("/sys/user/registration", z.object({ open: z.boolean() }));
    return answer.result.open;
  } catch {
    // An external JeecgBoot server has no such endpoint: its registration is its own business.
    return false;
  }
}

/** The text fields of a submitted form. */
export async function formValues(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) if (typeof value === "string") values[name] = value;
  return values;
}
