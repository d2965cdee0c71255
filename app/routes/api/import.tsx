// POST /api/import?url=<a list's …/importExcel>: the import dialog's multipart upload, forwarded
// to the backend as it arrives (app/services/download.server.ts).
import type { Route } from "./+types/import";
import { importFileAction } from "~/services/download.server";

export const action = (route: Route.ActionArgs) => importFileAction(route);
