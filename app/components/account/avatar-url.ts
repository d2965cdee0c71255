// Where the browser reads a stored avatar: the signed-in static files route (app/routes/api/files/static.tsx).
export function avatarUrl(path: string | null | undefined): string | undefined {
  return path ? `/api/files/static?path=${encodeURIComponent(path)}` : undefined;
}

/** The resource route that records a page the user opened (工作台's 常用页面). */
export const VISIT_ROUTE = "/api/account/visit";
