// GET /api/export?url=<a list's …/exportXls>&<list query>&selections=: the workbook, streamed
// from the backend (app/services/download.server.ts).
import type { Route } from "./+types/export";
import { exportFileLoader } from "~/services/download.server";

export const loader = (route: Route.LoaderArgs) => exportFileLoader(route);
