// 文件存储 (/isystem/ossFile, the original's OSSFileList; api-contract.md §5 oss_file, §7
// /sys/oss/file): every file uploaded through the backend, with preview, download and delete.
// Files are added by uploading (no form); `url` is the stored path under UPLOAD_DIR.
import { defineModule } from "./module";

export const ossFileModule = defineModule({
  title: "文件存储",
  table: "oss_file",
  api: "/sys/oss/file",
  page: "/isystem/ossFile",
  permissionPrefix: "ossFile",
  fields: {
    fileName: { label: "文件名称", readOnly: true, show: { search: true } },
    fileType: { label: "文件类型", readOnly: true, show: { search: true } },
    fileSize: { label: "文件大小", type: "int", readOnly: true },
    url: { label: "存储路径", readOnly: true, show: { list: false } },
    createBy: { label: "上传人", readOnly: true, show: { search: true } },
    createTime: { label: "上传时间", type: "datetime", readOnly: true },
  },
});

/** A size in bytes as people read it: 512 B, 1.5 KB, 2.3 MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
