// What the user sees for a failed call (spec/app-shell.md §8), in one place.
import { useEffect } from "react";
import { App } from "antd";
import type { Failure } from "~/services/api-errors";
import { Messages } from "#contract/messages";

type AppApi = ReturnType<typeof App.useApp>;

/** Signs out through the logout route, then reloads: the guard brings the user back after sign-in. */
export function signOutAndReload(): void {
  void fetch("/user/logout", { method: "POST", redirect: "manual" }).finally(() => window.location.reload());
}

/** The header's logout (spec §2: confirm, then a page reload onto the login page). */
export function signOut(): Promise<void> {
  return fetch("/user/logout", { method: "POST", redirect: "manual" })
    .catch(() => undefined)
    .then(() => window.location.assign("/user/login"));
}

export function showSessionExpired(modal: AppApi["modal"]): void {
  modal.error({
    title: Messages.sessionExpiredTitle,
    content: Messages.sessionExpired,
    okText: Messages.relogin,
    closable: false,
    maskClosable: false,
    keyboard: false,
    onOk: signOutAndReload,
  });
}

export function showFailure(app: AppApi, failure: Failure): void {
  switch (failure.kind) {
    // An ended session shows the expiry modal whether the backend said 401 (our backend and
    // JeecgBoot 3.0) or 500 "Token失效" (2.x): the user decides when to leave the page
    // (docs/decisions/005-session-expiry.md).
    case "session-expired":
    case "unauthorized":
      showSessionExpired(app.modal);
      return;
    case "forbidden":
    case "not-found":
    case "timeout":
      app.notification.error({ title: Messages.notificationTitle, description: failure.message, duration: 4 });
      return;
    default:
      void app.message.warning(failure.message);
  }
}

/** Shows the failure carried by an action's answer (`{ ok: false, failure }`) once it arrives. */
export function useFailureFeedback(answer: unknown): void {
  const app = App.useApp();
  useEffect(() => {
    if (answer && typeof answer === "object" && "failure" in answer && (answer as { failure?: Failure }).failure)
      showFailure(app, (answer as { failure: Failure }).failure);
    // The answer object identity changes with each submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}
