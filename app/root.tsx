import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import antdStylesHref from "./styles/antd.generated.css?url";
import appStylesHref from "./styles/app.css?url";
import { DEFAULT_DOCUMENT_TITLE } from "./config";
import { StatusPage } from "./components/shell/status-page";
import { useNonce } from "./lib/csp-nonce";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: antdStylesHref },
  { rel: "stylesheet", href: appStylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = () => [{ title: DEFAULT_DOCUMENT_TITLE }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
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
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404))
    return <StatusPage status={error.status} />;
  if (import.meta.env.DEV) console.error(error);
  return <StatusPage status={500} />;
}
