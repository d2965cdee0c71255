// React hooks over the tab's notice hub (notice-hub.ts).
import { useEffect, useRef, useSyncExternalStore } from "react";
import { noticeHub, type NoticeHubListener } from "./notice-hub";
import type { StreamStatus } from "./notice-types";

/** Listens to notices, stream status and read marks; the first listener starts the hub. */
export function useNoticeHub(listener: NoticeHubListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () =>
      noticeHub().subscribe({
        notice: (event) => latest.current.notice?.(event),
        status: (status) => latest.current.status?.(status),
        read: (anntId) => latest.current.read?.(anntId),
        sessionEnded: () => latest.current.sessionEnded?.(),
      }),
    [],
  );
}

const subscribeStatus = (onChange: () => void) => noticeHub().subscribeStatus(onChange);
const currentStatus = (): StreamStatus => noticeHub().getStatus();
// Server rendering: no stream yet.
const serverStatus = (): StreamStatus => "down";

/** The stream's state: `up` while events arrive live, `down` while the list must be polled. */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(subscribeStatus, currentStatus, serverStatus);
}
