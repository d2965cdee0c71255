// The sign-in captcha of the backend (api-contract.md §2 /sys/randomImage/{key}): a fresh random key
// and its picture as a data URL, shown inline so the login page needs no extra request or script.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { BackendClient } from "./api.server";

export interface Captcha {
  key: string;
  /** `data:image/...;base64,…` */
  image: string;
}

export async function newCaptcha(): Promise<Captcha> {
  const key = randomBytes(16).toString("hex");
  const answer = await new BackendClient().get(`/sys/randomImage/${key}`, z.string().startsWith("data:image/"));
  return { key, image: answer.result };
}
