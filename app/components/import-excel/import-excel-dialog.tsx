// The Excel import dialog (widgets.md §2 "Upload, image and import", §4 "Import dialog", §5, §8):
// pick or drop .xls/.xlsx files, then each one is posted as multipart to the page's import route,
// which forwards it to the backend's importExcel (app/services/download.server.ts). What each
// answer shows is decided in ./import-result (unit-tested).
import { useEffect, useState } from "react";
import { App, Button, Modal, Upload, type UploadFile } from "antd";
import InboxOutlined from "@ant-design/icons/InboxOutlined";
import { showSessionExpired } from "../feedback/failure-feedback";
import {
  ACCEPT,
  afterImport,
  checkBeforeImport,
  describeImportAnswer,
  DOWNLOAD_LINK,
  IMPORT_TITLE,
  isAcceptedFile,
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
  /** Default 导入EXCEL. */
  title?: string;
  /** Extra form fields the original sends (isSingleTableImport, foreignKeys, validateStatus). */
  extraFields?: Record<string, string>;
  /** The link to an error report; default the web app's stored-file route. */
  errorFileHref?: (fileUrl: string) => string | null;
}

/** A chosen file: antd's list entry plus the browser File to send. */
type Chosen = UploadFile & { originFileObj: File };

export function ImportExcelDialog({ open, onClose, action, onImported, title = IMPORT_TITLE, extraFields, errorFileHref }: ImportExcelDialogProps) {
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<Chosen[]>([]);
  const [uploading, setUploading] = useState(false);

  // widgets.md §4: opening resets the file list and the uploading flag.
  useEffect(() => {
    if (open) {
      setFiles([]);
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
        showSessionExpired(modal);
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
    // One request per file, one after the other: the backend parses one workbook at a time per request.
    for (const file of files) {
      const outcome = await send(file);
      outcomes.push(outcome);
      show(outcome);
      if (outcome.kind === "session-expired") break;
      if (outcome.kind !== "success" && outcome.kind !== "partial") failed.push(file);
    }
    setUploading(false);
    const next = afterImport(outcomes);
    if (next.reload) onImported?.();
    if (next.close) onClose();
    // Files that failed stay listed, to be retried or removed.
    else setFiles(failed);
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
        accept={ACCEPT}
        multiple
        disabled={uploading}
        fileList={files}
        beforeUpload={(file) => {
          if (!isAcceptedFile(file.name)) {
            void message.warning(WRONG_TYPE);
            return Upload.LIST_IGNORE;
          }
          // Kept in the list and sent on confirm, not uploaded by antd.
          setFiles((current) => [...current, { uid: file.uid, name: file.name, size: file.size, type: file.type, status: "done", originFileObj: file }]);
          return false;
        }}
        onRemove={(file) => {
          setFiles((current) => current.filter((item) => item.uid !== file.uid));
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖拽到此区域</p>
        <p className="ant-upload-hint">支持 .xls、.xlsx 文件，可选择多个文件</p>
      </Upload.Dragger>
    </Modal>
  );
}
