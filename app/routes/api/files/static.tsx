// GET /api/files/static?path=<stored file>: a file the backend keeps (e.g. an import's error
// report), for signed-in users (app/services/download.server.ts).
import type { Route } from "./+types/static";
import { staticFileLoader } from "~/services/download.server";

export const loader = (route: Route.LoaderArgs) => staticFileLoader(route);
