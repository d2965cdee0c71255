// The upload, file and image field (docs/spec/widgets.md §2 "Upload, image and import", §4 "Upload
// cell"): files go through the web app's upload route with `biz`, show their progress in a
// tooltip, and the value is the comma-joined stored paths (only done files). Image mode shows
// thumbnails, refuses other files and moves images up / down. Used as a form field and as the
// grid's upload / file / image cells.
import { useEffect, useRef, useState } from "react";
import { App, Button, Progress, Space, Tooltip } from "antd";
import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import DownloadOutlined from "@ant-design/icons/DownloadOutlined";
import LeftOutlined from "@ant-design/icons/LeftOutlined";
import RightOutlined from "@ant-design/icons/RightOutlined";
import UploadOutlined from "@ant-design/icons/UploadOutlined";
import {
  canAddFile,
  filesOfValue,
  fileUrl,
  isImageFile,
  moveFile,
  readUploadAnswer,
  shortFileName,
  UPLOAD_DEFAULTS,
  UPLOAD_ROUTE,
  UPLOAD_TEXTS,
  uploadFailedText,
  valueOfFiles,
  type UploadFile,
} from "./upload-logic";
import { ReadOnlyView, useReadOnlyView } from "../read-only";
import "./upload.css";

export interface UploadFieldProps {
  /** Comma-joined stored paths. */
  value?: string;
  onChange?: (value: string) => void;
  /** A hidden input with this name carries the value (plain forms). */
  name?: string;
  /** `image`: thumbnails and images only. */
  mode?: "file" | "image";
  biz?: string;
  /** Another upload URL (default the web app's route). */
  action?: string;
  /** spec §6: send credentials to a custom `action` only when the column asks. */
  token?: boolean;
  /** The answer's field holding the path (default `message`). */
  responseName?: string;
  /** Most files (0 = unlimited). */
  number?: number;
  multiple?: boolean;
  disabled?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  btnText?: string;
  /** Smaller look inside grid cells. */
  compact?: boolean;
  /** The button as a toolbar's (its size, primary when it is the page's main action); default small. */
  toolbarButton?: "primary" | "default";
  "aria-label"?: string;
}

let nextUid = 0;

function send(file: File, props: UploadFieldProps, onProgress: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append("file", file);
    body.append("isup", "1");
    body.append("biz", props.biz ?? UPLOAD_DEFAULTS.biz);
    const request = new XMLHttpRequest();
    const custom = props.action !== undefined && props.action !== UPLOAD_ROUTE;
    request.open("POST", props.action ?? UPLOAD_ROUTE);
    // Our route authenticates with the session cookie; a custom address gets credentials only on request.
    request.withCredentials = !custom || props.token === true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      try {
        resolve(JSON.parse(request.responseText));
      } catch {
        resolve({ success: false, message: request.statusText });
      }
    };
    request.onerror = () => reject(new Error(UPLOAD_TEXTS.unknownError));
    request.send(body);
  });
}

export function UploadField(props: UploadFieldProps) {
  const { value, onChange, name, mode = "file", disabled, allowDownload = true, allowRemove = true, btnText, compact, multiple = UPLOAD_DEFAULTS.multiple } = props;
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>(() => filesOfValue(value));
  const inputRef = useRef<HTMLInputElement>(null);
  const image = mode === "image";
  const readOnly = useReadOnlyView();
  const buttonText = btnText ?? (image ? "上传图片" : compact ? "上传" : "上传文件");

  // A value from outside (a reload) replaces the done files; uploads in progress stay.
  useEffect(() => {
    setFiles((current) => (valueOfFiles(current) === (value ?? "") ? current : [...filesOfValue(value), ...current.filter((file) => file.status === "uploading")]));
  }, [value]);

  const commit = (next: UploadFile[]) => {
    setFiles(next);
    const emitted = valueOfFiles(next);
    if (emitted !== (value ?? "")) onChange?.(emitted);
  };

  const upload = (file: File) => {
    if (image && !isImageFile(file.name, file.type)) {
      void message.warning(UPLOAD_TEXTS.imageOnly);
      return;
    }
    const uid = `upload-${(nextUid += 1)}`;
    setFiles((current) => [...current, { uid, name: file.name, status: "uploading", percent: 0 }]);
    const update = (change: Partial<UploadFile>) => setFiles((current) => current.map((entry) => (entry.uid === uid ? { ...entry, ...change } : entry)));
    send(file, props, (percent) => update({ percent }))
      .then((answer) => readUploadAnswer(answer, props.responseName))
      .catch((error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : UPLOAD_TEXTS.unknownError }))
      .then((result) => {
        setFiles((current) => {
          const next = current.map((entry): UploadFile =>
            entry.uid !== uid ? entry : result.ok ? { ...entry, status: "done", percent: 100, path: result.path } : { ...entry, status: "error", message: result.message },
          );
          const emitted = valueOfFiles(next);
          if (result.ok) queueMicrotask(() => onChange?.(emitted));
          return next;
        });
        if (!result.ok) void message.error(uploadFailedText(file.name));
      });
  };

  const download = async (file: UploadFile) => {
    const answer = file.path ? await fetch(fileUrl(file.path)).catch(() => null) : null;
    if (!answer?.ok || (answer.headers.get("Content-Type") ?? "").includes("json")) {
      void message.warning(UPLOAD_TEXTS.unknownFile);
      return;
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await answer.blob());
    link.download = file.name;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const move = (index: number, direction: "up" | "down") => {
    const moved = moveFile(files, index, direction);
    if (!moved.ok) void message.warning(moved.message);
    else commit(moved.files);
  };

  const limit = props.number ?? UPLOAD_DEFAULTS.number;
  const canAdd = !disabled && canAddFile(files.filter((file) => file.status !== "error").length, limit);
  // A read-only view (详情): the files as links, no upload button (issue #30).
  if (readOnly) return <UploadLinks files={files} image={image} />;

  return (
    <div className={`upload-field upload-field-${mode}${compact ? " upload-field-compact" : ""}`}>
      <Space size={4} wrap>
        {files.map((file, index) => {
          const label = (
            <span className="upload-file-name" title={file.name}>
              {image && file.status === "done" && file.path ? <img className="upload-thumb" src={fileUrl(file.path)} alt={file.name} /> : shortFileName(file.name)}
            </span>
          );
          return (
            <span key={file.uid} className={`upload-file upload-file-${file.status}`} data-status={file.status}>
              {file.status === "uploading" ? (
                <Tooltip title={`上传中 ${file.percent}%`} open>
                  <Progress type="circle" size={20} percent={file.percent} />
                </Tooltip>
              ) : file.status === "error" ? (
                <Tooltip title={`${UPLOAD_TEXTS.uploadFailedTip}: ${file.message ?? UPLOAD_TEXTS.unknownError}`}>{label}</Tooltip>
              ) : (
                label
              )}
              {image && file.status === "done" && !disabled ? (
                <>
                  <Button size="small" type="text" icon={<LeftOutlined />} aria-label="上移" onClick={() => move(index, "up")} />
                  <Button size="small" type="text" icon={<RightOutlined />} aria-label="下移" onClick={() => move(index, "down")} />
                </>
              ) : null}
              {allowDownload && file.status === "done" ? (
                <Button size="small" type="text" icon={<DownloadOutlined />} aria-label={`下载${file.name}`} onClick={() => void download(file)} />
              ) : null}
              {allowRemove && !disabled && file.status !== "uploading" ? (
                <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`删除${file.name}`} onClick={() => commit(files.filter((entry) => entry.uid !== file.uid))} />
              ) : null}
            </span>
          );
        })}
        {canAdd ? (
          <Button
            size={props.toolbarButton ? "middle" : "small"}
            type={props.toolbarButton === "primary" ? "primary" : "default"}
            icon={<UploadOutlined />}
            onClick={() => inputRef.current?.click()}
            aria-label={uploadName(buttonText, props["aria-label"])}
          >
            {buttonText}
          </Button>
        ) : null}
      </Space>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple={multiple}
        accept={image ? "image/*" : undefined}
        onChange={(event) => {
          for (const file of Array.from(event.target.files ?? [])) upload(file);
          event.target.value = "";
        }}
      />
      {name ? <input type="hidden" name={name} value={valueOfFiles(files)} /> : null}
    </div>
  );
}

/** The button's accessible name starts with its visible text (WCAG 2.5.3), then the field it uploads to. */
function uploadName(text: string, label: string | undefined): string {
  return label && !text.includes(label) ? `${text}${label}` : text;
}

function UploadLinks({ files, image }: { files: readonly UploadFile[]; image: boolean }) {
  if (files.length === 0) return null;
  return (
    <div className={`upload-field upload-field-readonly upload-field-${image ? "image" : "file"}`}>
      <Space size={8} wrap>
        {files.map((file) =>
          file.path ? (
            <a key={file.uid} href={fileUrl(file.path)} target="_blank" rel="noreferrer" title={file.name}>
              {image ? <img className="upload-thumb" src={fileUrl(file.path)} alt={file.name} /> : file.name}
            </a>
          ) : null,
        )}
      </Space>
    </div>
  );
}

/** What 详情 shows of an upload field: its files as links (a field's `detail`). */
export function UploadDetail({ value, mode }: { value: unknown; mode?: "file" | "image" }) {
  return (
    <ReadOnlyView>
      <UploadField value={typeof value === "string" ? value : ""} mode={mode} />
    </ReadOnlyView>
  );
}
