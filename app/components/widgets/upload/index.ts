// Upload, file and image fields and grid cells (docs/spec/widgets.md §4 "Upload cell", §5 "Uploads"),
// posting through the web app's upload route to the backend's /sys/common/upload.
export { UploadDetail, UploadField, type UploadFieldProps } from "./upload-field";
export { fileUrl, filesOfValue, valueOfFiles, UPLOAD_ROUTE, type UploadFile } from "./upload-logic";
