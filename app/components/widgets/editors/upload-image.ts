// Uploads an editor image through the web server (biz jeditor) and answers the URL to show it by.
import { EDITOR_UPLOAD_BIZ, storedFileUrl, uploadedPath, uploadFailedText, UPLOAD_ROUTE } from "./editor-logic";

export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("biz", EDITOR_UPLOAD_BIZ);
  form.append("file", file);
  let answer: unknown;
  try {
    const response = await fetch(UPLOAD_ROUTE, { method: "POST", body: form, credentials: "same-origin" });
    answer = await response.json();
  } catch {
    throw new Error(uploadFailedText(file.name));
  }
  return storedFileUrl(uploadedPath(answer, file.name));
}
