// Cron editors (docs/spec/widgets.md §2): the tabbed editor, its 608-wide modal and a form input, with the scheduler's own preview.
export { CronEditor, CronFieldPicker, type CronEditorProps } from "./cron-editor";
export { CronModal, CRON_MODAL_WIDTH, type CronModalProps } from "./cron-modal";
export { CronInput, type CronInputProps } from "./cron-input";
export { describeCron } from "./cron-describe";
export { previewRuns, PREVIEW_DEBOUNCE_MS } from "./cron-preview";
