// The sign-in captcha of the backend (api-contract.md §2 /sys/randomImage/{key}): a fresh random key
// and its picture as a data URL, shown inline so the login page needs no extra request or script.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { backendClient, BackendError, type ClientDetails } from "./api.server";
import type { RouteContext } from "./app-context.server";

export interface Captcha {
  key: string;
  /** `data:image/...;base64,…`; null when the backend refused to draw one (`refusal` says why). */
  image: string | null;
  /** The backend's words when an address asked for too many pictures (captcha-rate-limit.ts). */
  refusal?: string;
}

/** A captcha for the browser `client` (the backend binds it to its address and agent: docs/decisions/083). */
export async function newCaptcha(context: RouteContext, client: ClientDetails): Promise<Captcha> {
  const key = randomBytes(16).toString("hex");
  try {
    const answer = await backendClient(context, { client }).get(`/sys/randomImage/${key}`, z.string().startsWith("data:image/"));
    return { key, image: answer.result };
  } catch (error) {
    // The form still asks for a captcha; the refusal stands where the picture would.
    if (error instanceof BackendError) return { key, image: null, refusal: error.message };
    throw error;
  }
}
