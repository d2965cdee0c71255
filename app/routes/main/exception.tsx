// The exception pages 403, 404 and 500 (docs/spec/app-shell.md §2) at /exception/{status}.
import { data } from "react-router";
import type { Route } from "./+types/exception";
import { StatusPage } from "~/components/shell/status-page";
import { DEFAULT_DOCUMENT_TITLE } from "~/config";

export function loader({ params }: Route.LoaderArgs) {
  const status = Number(params.status);
  if (status !== 403 && status !== 404 && status !== 500) throw data(null, { status: 404 });
  return { status: status as 403 | 404 | 500 };
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page ? String(page.status) : DEFAULT_DOCUMENT_TITLE }];

export default function ExceptionPage({ loaderData }: Route.ComponentProps) {
  return <StatusPage status={loaderData.status} />;
}
