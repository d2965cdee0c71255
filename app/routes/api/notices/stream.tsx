// GET /api/notices/stream — the signed-in user's notice events as server-sent events
// (docs/architecture.md "Notices"). Events: `notice` (id = the event id, data = {id, cmd, msgId,
// msgTxt}) and `status` (`up` / `down`: pages poll only while it is down), plus a keep-alive.
// A page that comes back with Last-Event-ID (header, or `?lastEventId=` when a new tab takes the
// stream over) first gets the events it missed. 访问控制 (docs/decisions/146): a page whose address
// the rules refuse gets 403 when it opens the stream, and an open stream is checked again before
// each delivery and every minute; refused, it gets `address-refused` and the stream ends.
import { eventStream } from "remix-utils/sse/server";
import type { Route } from "./+types/stream";
import { forgetPermissions, requireSignedIn } from "~/services/auth.server";
import type { NoticeEvent, NoticeSubscription } from "~/services/notice-bridge.server";
import { appOf } from "~/services/app-context.server";
import { NOTICE_KEEPALIVE_MS, parseLastEventId } from "~/services/notice-bridge-core";
import { addressAdmitted, addressRefusedResponse, noticeAddressCheck } from "~/services/notice-address.server";
import { AccessRuleMessages } from "#contract/modules/access-rule";

export async function loader(route: Route.LoaderArgs) {
  // Not signed in (or not yet through the password change / tenant choice): 401, which closes the
  // EventSource; the page tries again later. A redirect would have the EventSource follow it into
  // a sign-in, and in a work-chat app start a third-party flow no page is there to finish.
  const signedIn = await requireSignedIn(route).catch((refusal: unknown) => {
    if (refusal instanceof Response) throw new Response(null, { status: 401 });
    throw refusal;
  });
  const token = signedIn.session.get("token") ?? "";
  const userId = signedIn.user.id;
  // HTTP 204 tells an EventSource to stop reconnecting: without a user id there is no channel.
  if (!userId || !token) return new Response(null, { status: 204 });
  const lastEventId = parseLastEventId(route.request.headers.get("Last-Event-ID") ?? route.url.searchParams.get("lastEventId"));
  // The page's own calls are judged by the backend; the stream is the web server's, so it asks.
  if (!(await addressAdmitted(signedIn.api))) return addressRefusedResponse();

  return eventStream(
    route.request.signal,
    (rawSend, close) => {
      let subscription: NoticeSubscription | null = null;
      let keepAlive: ReturnType<typeof setInterval> | undefined;
      let sweep: ReturnType<typeof setInterval> | undefined;
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(keepAlive);
        clearInterval(sweep);
        subscription?.unsubscribe();
      };
      // The body can be cancelled (the browser went away) before the request signal aborts; a
      // send on a closed stream throws, and an uncaught throw in a timer would end the process.
      const send = (message: Parameters<typeof rawSend>[0]) => {
        if (stopped) return;
        try {
          rawSend(message);
        } catch {
          stop();
        }
      };
      const sendNotice = (event: NoticeEvent) => send({ event: "notice", id: String(event.id), data: JSON.stringify(event) });
      const closeQuietly = () => {
        try {
          close();
        } catch {
          stop(); // already cancelled by the browser
        }
      };
      // Checks and deliveries run one after another, so that events keep their order.
      let checks = Promise.resolve();
      const whenAdmitted = (then: () => void) => {
        checks = checks.then(async () => {
          if (stopped) return;
          const admitted = await addressAdmitted(signedIn.api);
          if (stopped) return;
          if (admitted) return then();
          send({ event: "address-refused", data: AccessRuleMessages.refused });
          closeQuietly();
          stop();
        });
      };
      try {
        subscription = appOf(route.context).noticeBridge.subscribe(
          { id: userId, token },
          {
            event: (event) => whenAdmitted(() => sendNotice(event)),
            status: (status) => send({ event: "status", data: status }),
            end: () => {
              try {
                close();
              } catch {
                stop(); // already cancelled by the browser
              }
            },
            // 强退 or a logout elsewhere: the page reloads and the route guard finds the session
            // over (the cached permission answer must not hide that).
            sessionEnded: () => {
              forgetPermissions(token);
              send({ event: "session-ended", data: "" });
              try {
                close();
              } catch {
                stop();
              }
            },
          },
          lastEventId,
        );
      } catch {
        // The bridge is shutting down: end the stream at once.
        queueMicrotask(close);
        return () => undefined;
      }
      for (const event of subscription.missed) sendNotice(event);
      send({ event: "status", data: subscription.status });
      keepAlive = setInterval(() => send({ event: "keepalive", data: "" }), NOTICE_KEEPALIVE_MS);
      sweep = setInterval(() => whenAdmitted(() => undefined), noticeAddressCheck.sweepMs);
      return stop;
    },
    // nginx must not buffer the stream (docs/architecture.md "Scale-out").
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
