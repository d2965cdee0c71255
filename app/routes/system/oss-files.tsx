// 文件存储 (/isystem/ossFile, the original's OSSFileList): every file uploaded through the backend
// (contract/modules/oss-file.ts), on the list engine: 上传 stores one under UPLOAD_DIR, 预览 opens it
// in a new tab (images and PDF inline), 下载 saves it under its own name, 删除 removes record and file.
import { useMemo } from "react";
import { useRevalidator } from "react-router";
import { formatFileSize, ossFileModule } from "#contract/modules/oss-file";
import type { Route } from "./+types/oss-files";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { RowAction } from "~/components/widgets/list/types";
import { fileUrl, UploadField } from "~/components/widgets/upload";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const derived = modulePage(ossFileModule, {
  columns: {
    fileName: { width: 260 },
    fileType: { width: 100 },
    fileSize: { width: 110, render: (value) => formatFileSize(value === null || value === undefined ? null : Number(value)) },
    createBy: { width: 120 },
    createTime: { width: 170 },
  },
});
// Files come by uploading: no add form, no Excel.
const { list: listUrl, delete: deleteUrl, deleteBatch } = derived.list.url;
const page = { ...derived, list: { ...derived.list, url: { list: listUrl, delete: deleteUrl, deleteBatch } } };

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "文件存储");

export const action = (route: Route.ActionArgs) => listAction(route, derived.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "文件存储" }];

export default function OssFilesPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const rowActions = useMemo<RowAction<ListRecord>[]>(
    () => [
      { key: "preview", label: "预览", run: (row) => void window.open(fileUrl(String(row.url ?? "")), "_blank", "noopener") },
      {
        key: "download",
        label: "下载",
        run: (row) => window.location.assign(`${fileUrl(String(row.url ?? ""))}&name=${encodeURIComponent(String(row.fileName ?? ""))}`),
      },
    ],
    [],
  );
  return (
    <ModuleListPage
      page={page}
      data={loaderData}
      rowActions={rowActions}
      form={{ canEdit: () => false }}
      toolbarExtra={<UploadField biz="oss" btnText="上传文件" toolbarButton="primary" allowRemove={false} onChange={() => void revalidator.revalidate()} />}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
