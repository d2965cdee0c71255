// POST /api/files/upload: the upload cells' and fields' multipart upload (`file`, `biz`),
// forwarded as it arrives to the backend's POST /sys/common/upload with the session's token;
// the backend checks the type and stores it under UPLOAD_DIR (app/components/widgets/upload).
import type { Route } from "./+types/upload";
import { uploadFileAction } from "~/services/download.server";

export const action = (route: Route.ActionArgs) => uploadFileAction(route);
