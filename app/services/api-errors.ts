// The error catalogue of docs/spec/app-shell.md §8: what a failed backend call means for the user.
// Pure, so each row is unit-tested; the backend client and the UI both read it.
import { Messages } from "#contract/messages";
import { ResultCode } from "#contract/envelope";

export type FailureKind =
  | "forbidden" // HTTP 403: notification 拒绝访问
  | "session-expired" // HTTP 500 with a token-expired message: the 登录已过期 modal
  | "unauthorized" // HTTP 401: message, then logout and reload after 1.5 s
  | "not-found" // HTTP 404
  | "timeout" // HTTP 504 or no answer in time
  | "no-permission" // success:false with code 510
  | "business" // success:false: show the server's message
  | "server"; // other statuses: show the server's message

export interface Failure {
  kind: FailureKind;
  message: string;
  status: number;
  code?: number;
}

const TOKEN_EXPIRED_TEXT = "Token失效";

/** Maps an HTTP status (and the body's message, if any) to the catalogue. */
export function describeHttpFailure(status: number, serverMessage: string | undefined): Failure {
  if (status === 403) return { kind: "forbidden", message: Messages.forbidden, status };
  if (status === 500 && serverMessage?.includes(TOKEN_EXPIRED_TEXT))
    return { kind: "session-expired", message: Messages.sessionExpired, status };
  if (status === 401) return { kind: "unauthorized", message: Messages.sessionExpired, status };
  if (status === 404) return { kind: "not-found", message: Messages.resourceNotFound, status };
  if (status === 504) return { kind: "timeout", message: Messages.networkTimeout, status };
  return { kind: "server", message: serverMessage || `HTTP ${status}`, status };
}

/** An answer with success:false (HTTP 200). */
export function describeBusinessFailure(code: number, message: string): Failure {
  if (code === ResultCode.noPermission) return { kind: "no-permission", message: message || Messages.noPermission, status: 200, code };
  return { kind: "business", message, status: 200, code };
}

export function timeoutFailure(): Failure {
  return { kind: "timeout", message: Messages.networkTimeout, status: 504 };
}

/** True when the failure means the session is over and the user must sign in again. */
export function endsSession(failure: Failure): boolean {
  return failure.kind === "session-expired" || failure.kind === "unauthorized";
}
