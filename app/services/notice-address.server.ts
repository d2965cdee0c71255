// 访问控制 on the web app's notice stream (issue #34 item 4, docs/decisions/146). The stream is the
// web server's: its events come over the one upstream socket per user that the web server opens
// from its own address, which the backend does not judge (decision 137). So the stream asks the
// backend for its page, with the browser's address, whether the rules admit it: when it opens,
// before each delivery and at each sweep — as the backend's own socket is checked.
import { z } from "zod";
import { ACCESS_CHECK_PATH, AccessRuleMessages } from "#contract/modules/access-rule";
import { BackendError, type BackendClient } from "./api.server";

/** How often an open stream is checked again with no delivery (a minute, as the backend's sweep). */
export const noticeAddressCheck = { sweepMs: 60_000 };

/**
 * Does 访问控制 admit the page's address now? Only the rules' refusal is a no: another failure (the
 * backend away, the session over) is for the stream's status and session handling, not this check.
 */
export async function addressAdmitted(api: BackendClient): Promise<boolean> {
  try {
    await api.get(ACCESS_CHECK_PATH, z.unknown());
    return true;
  } catch (error) {
    if (error instanceof BackendError && error.failure.kind === "no-permission" && error.failure.message === AccessRuleMessages.refused) return false;
    return true;
  }
}

/** The answer to a stream opened from a refused address: 403 ends an EventSource for good. */
export function addressRefusedResponse(): Response {
  return new Response(AccessRuleMessages.refused, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
