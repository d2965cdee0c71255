// The Excel import dialog (widgets.md §2 "Upload, image and import", §4 "Import dialog", §5, §8):
// pick or drop .xls/.xlsx files, then each one is posted as multipart to the page's import route,
// which forwards it to the backend's importExcel (app/services/download.server.ts). What each
// answer shows is decided in ./import-result (unit-tested).
import { useEffect, useState } from "react";
import { Alert, App, Button, Modal, Upload, type UploadFile } from "antd";
import InboxOutlined from "@ant-design/icons/InboxOutlined";
import { showSessionExpired } from "../../shell/feedback/failure-feedback";
import {
  ACCEPT,
  afterImport,
  checkBeforeImport,
  describeImportAnswer,
  DOWNLOAD_LINK,
  failureReason,
  IMPORT_TITLE,
  isAcceptedFile,
  wrongTypeText,
  staticDownloadHref,
  UPLOAD_FAILED,
  WRONG_TYPE,
  type ImportOutcome,
} from "./import-result";

export interface ImportExcelDialogProps {
  open: boolean;
  onClose: () => void;
  /** The page's import resource route, e.g. `/api/import/sys-user`. */
  action: string;
  /** Called once after the files went through when any was imported: the list reloads. */
  onImported?: () => void;
  /** File types accepted; default .xls and .xlsx. */
  extensions?: readonly string[];
  /** Default 导入EXCEL. */
  title?: string;
  /** Extra form fields the original sends (isSingleTableImport, foreignKeys, validateStatus). */
  extraFields?: Record<string, string>;
  /** The link to an error report; default the web app's stored-file route. */
  errorFileHref?: (fileUrl: string) => string | null;
}

/** A chosen file: antd's list entry plus the browser File to send. */
type Chosen = UploadFile & { originFileObj: File };

export function ImportExcelDialog({ open, onClose, action, onImported, title = IMPORT_TITLE, extraFields, errorFileHref, extensions }: ImportExcelDialogProps) {
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<Chosen[]>([]);
  const [uploading, setUploading] = useState(false);
  // Files that did not go in, with the reason, marked in the list until retried or removed.
  const [reasons, setReasons] = useState<ReadonlyMap<string, string>>(new Map());

  // widgets.md §4: opening resets the file list and the uploading flag.
  useEffect(() => {
    if (open) {
      setFiles([]);
      setReasons(new Map());
      setUploading(false);
    }
  }, [open]);

  const show = (outcome: ImportOutcome) => {
    switch (outcome.kind) {
      case "success":
        void message.success(outcome.text);
        return;
      case "partial":
        modal.warning({
          title: outcome.title,
          width: 480,
          content: (
            <div>
              {outcome.message ? <div>{outcome.message}</div> : null}
              {outcome.summary ? <div>{outcome.summary}</div> : null}
              {outcome.href ? (
                <div>
                  具体详情请{" "}
                  <a href={outcome.href} target="_blank" rel="noreferrer" download={outcome.fileName || undefined}>
                    {DOWNLOAD_LINK}
                  </a>
                </div>
              ) : null}
            </div>
          ),
        });
        return;
      case "failure":
        void message.warning(outcome.text);
        return;
      case "session-expired":
        showSessionExpired(modal, message);
        return;
      case "upload-failed":
        void message.error(outcome.text);
    }
  };

  const send = async (file: Chosen): Promise<ImportOutcome> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(extraFields ?? {})) form.append(name, value);
    form.append("file", file.originFileObj, file.name);
    try {
      const response = await fetch(action, { method: "POST", body: form, headers: { Accept: "application/json" } });
      const body: unknown = await response.json().catch(() => null);
      return describeImportAnswer(file.name, response.status, body, errorFileHref ?? staticDownloadHref);
    } catch {
      return { kind: "upload-failed", text: UPLOAD_FAILED };
    }
  };

  const startImport = async () => {
    const checked = checkBeforeImport(files.length);
    if (!checked.ok) {
      void message.warning(checked.warning);
      return;
    }
    setUploading(true);
    const outcomes: ImportOutcome[] = [];
    const failed: Chosen[] = [];
    const failedReasons = new Map<string, string>();
    // One request per file, one after the other: the backend parses one workbook at a time per request.
    for (const file of files) {
      const outcome = await send(file);
      outcomes.push(outcome);
      show(outcome);
      if (outcome.kind === "session-expired") break;
      const reason = failureReason(outcome);
      if (reason !== null) {
        failed.push({ ...file, status: "error", response: reason });
        failedReasons.set(file.uid, reason);
      }
    }
    setUploading(false);
    const next = afterImport(outcomes);
    if (next.reload) onImported?.();
    if (next.close) onClose();
    else {
      // Files that failed stay listed, marked with their reason, to be retried or removed.
      setFiles(failed);
      setReasons(failedReasons);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={600}
      destroyOnHidden
      mask={{ closable: !uploading }}
      onCancel={() => {
        if (!uploading) onClose();
      }}
      onOk={() => void startImport()}
      footer={[
        <Button key="close" disabled={uploading} onClick={onClose}>
          关闭
        </Button>,
        <Button key="import" type="primary" loading={uploading} disabled={files.length === 0} onClick={() => void startImport()}>
          {uploading ? "上传中..." : "开始上传"}
        </Button>,
      ]}
    >
      <Upload.Dragger
        name="file"
        accept={extensions ? extensions.join(",") : ACCEPT}
        multiple
        disabled={uploading}
        fileList={files}
        beforeUpload={(file) => {
          if (!isAcceptedFile(file.name, extensions)) {
            void message.warning(extensions ? wrongTypeText(extensions) : WRONG_TYPE);
            return Upload.LIST_IGNORE;
          }
          // Kept in the list and sent on confirm, not uploaded by antd.
          setFiles((current) => [...current, { uid: file.uid, name: file.name, size: file.size, type: file.type, status: "done", originFileObj: file }]);
          return false;
        }}
        onRemove={(file) => {
          setFiles((current) => current.filter((item) => item.uid !== file.uid));
          setReasons((current) => {
            const next = new Map(current);
            next.delete(file.uid);
            return next;
          });
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖拽到此区域</p>
        <p className="ant-upload-hint">支持 {(extensions ?? [".xls", ".xlsx"]).join("、")} 文件，可选择多个文件</p>
      </Upload.Dragger>
      {files.some((file) => reasons.has(file.uid)) ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="以下文件未导入"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {files
                .filter((file) => reasons.has(file.uid))
                .map((file) => (
                  <li key={file.uid}>
                    {file.name}：{reasons.get(file.uid)}
                  </li>
                ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
