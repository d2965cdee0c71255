// What the user sees for a failed call (docs/spec/app-shell.md §8), in one place.
import { useEffect } from "react";
import { App } from "antd";
import type { Failure } from "~/services/api-errors";
import { Messages } from "#contract/messages";
import { ThirdLoginMessages, workChatTypeOf } from "#contract/third-login";

type AppApi = ReturnType<typeof App.useApp>;

/** Signs out through the logout route, then reloads: the guard brings the user back after sign-in. */
export function signOutAndReload(): void {
  void fetch("/user/logout", { method: "POST", redirect: "manual" }).finally(() => window.location.reload());
}

/** The header's logout (spec §2: confirm, then a page reload onto the login page). */
export function signOut(): Promise<void> {
  // A real form post, so the browser follows where logout leads: the login page, or the CAS
  // server's logout when CAS signs users in (docs/decisions/052).
  const form = document.createElement("form");
  form.method = "post";
  form.action = "/user/logout";
  form.style.display = "none";
  document.body.append(form);
  form.submit();
  return Promise.resolve();
}

/**
 * In a work-chat app the expired session shows a loading message and signs in again through the
 * app (docs/spec/app-shell.md §8), back to the same page.
 */
export function renewAppSession(message: AppApi["message"]): void {
  void message.loading(ThirdLoginMessages.appSessionExpired, 0);
  const back = encodeURIComponent(window.location.pathname + window.location.search);
  void fetch("/user/logout", { method: "POST", redirect: "manual" }).finally(() => window.location.assign(`/oauth2-app/login?redirect=${back}`));
}

export function showSessionExpired(modal: AppApi["modal"], message?: AppApi["message"]): void {
  if (message && typeof navigator !== "undefined" && workChatTypeOf(navigator.userAgent)) return renewAppSession(message);
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
      showSessionExpired(app.modal, app.message);
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
