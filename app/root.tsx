import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import antdStylesHref from "./styles/antd.generated.css?url";
import appStylesHref from "./styles/app.css?url";
import { DEFAULT_DOCUMENT_TITLE } from "./config";
import { StatusPage } from "./components/shell/status-page";
import { useNonce } from "./lib/csp-nonce";
import { useEffect } from "react";
import { useHydrated } from "./lib/use-hydrated";
import { MotionPreference } from "./lib/reduced-motion";
import { setSchoolTimeZone } from "./lib/school-clock";
import { appOf } from "./services/app-context.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: antdStylesHref },
  { rel: "stylesheet", href: appStylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The school's zone (SCHOOL_TIMEZONE): the browser shows and makes every time on that clock (docs/decisions/133). */
export function loader({ context }: Route.LoaderArgs) {
  return { schoolTimeZone: appOf(context).config.schoolTimeZone };
}

/** The zone is the deployment's: loaded with the document, never again. */
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = () => [{ title: DEFAULT_DOCUMENT_TITLE }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Set while rendering, before any page below reads the clock (no loader data on a boundary: the default).
  const root = useRouteLoaderData<typeof loader>("root");
  if (root) setSchoolTimeZone(root.schoolTimeZone);
  // Marks the document once hydration has committed and every part that renders differently once
  // hydrated (useHydrated: a link before JavaScript, a button after) has rendered again: the mark
  // follows the same re-render, not the first commit, whose effects run before it (a click on the
  // 高级查询 link in that gap followed the link). The end-to-end tests wait for it before acting.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <MotionPreference>
      <Outlet />
    </MotionPreference>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404))
    return <StatusPage status={error.status} />;
  if (import.meta.env.DEV) console.error(error);
  return <StatusPage status={500} />;
}
