// Error boundary of the main layout and its pages: 403/404/500 in the product's look inside the
// layout, the expiry modal for an ended session, and a reload offer for a chunk that failed.
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { App } from "antd";
import { StatusPage } from "./status-page";
import { showSessionExpired } from "./feedback/failure-feedback";
import { ChunkReloadNotice } from "./chunk-reload/chunk-reload-notice";
import { isChunkLoadError } from "./chunk-reload/chunk-error";
import type { RouteFailure } from "~/services/route-errors.server";

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkReloadNotice />;
  if (isRouteErrorResponse(error)) {
    if (error.status === 401) return <SessionExpired />;
    if (error.status === 403 || error.status === 404) return <StatusPage status={error.status} />;
    const failure = (error.data as RouteFailure | null)?.failure;
    return <StatusPage status={500} detail={failure?.message} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <StatusPage status={500} />;
}

function SessionExpired() {
  const { modal, message } = App.useApp();
  useEffect(() => showSessionExpired(modal, message), [modal, message]);
  return <StatusPage status={403} detail="登录已过期" />;
}
