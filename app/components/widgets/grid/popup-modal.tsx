// The popup's picker modal (loaded on first open), for a grid cell and a form field alike: the
// business-record picker over the code's list source, or over the online report of that code
// (./popup-sources.tsx); the chosen rows' original fields fill the destination fields. A report
// that cannot be loaded shows the spec's initialisation dialog with the server's message (§8).
import { useEffect, useState } from "react";
import { App } from "antd";
import { RecordPickerModal } from "~/components/widgets/pickers/record-picker-modal";
import type { RecordPickerConfig } from "~/components/widgets/pickers/record-picker";
import type { PickerRow } from "~/components/widgets/pickers/picker-logic";
import { popupPickProblem, popupValues, POPUP_TEXTS } from "./popup";
import { loadReportPopupSource, popupSource } from "./popup-sources";

export interface PopupModalProps {
  code: string;
  title: string;
  /** Several rows; unset: the report's return type (单选 unless 多选). */
  multiple?: boolean;
  pairs: Array<[string, string]>;
  onPick: (values: Record<string, string>) => void;
  onClose: () => void;
}

interface Loaded {
  config: RecordPickerConfig<PickerRow>;
  extraQuery?: Record<string, string>;
  multiple: boolean;
}

export function PopupModal({ code, title, multiple, pairs, onPick, onClose }: PopupModalProps) {
  const { message, modal } = App.useApp();
  const local = popupSource(code);
  const [remote, setRemote] = useState<Loaded | null>(null);
  useEffect(() => {
    if (local) return;
    let live = true;
    void loadReportPopupSource(code).then((answer) => {
      if (!live) return;
      if (answer.ok) setRemote(answer.source);
      else {
        modal.error({ title: POPUP_TEXTS.initFailed, content: answer.message || undefined });
        onClose();
      }
    });
    return () => {
      live = false;
    };
  }, [code, local, modal, onClose]);
  const source: Loaded | null = local ? { config: local, multiple: false } : remote;
  if (!source) return null;
  const many = multiple ?? source.multiple;
  return (
    <RecordPickerModal<PickerRow>
      open
      title={local ? `${source.config.title}（${title}）` : source.config.title}
      width={source.config.width}
      listUrl={source.config.listUrl}
      extraQuery={source.extraQuery}
      columns={source.config.columns}
      filters={source.config.filters}
      multiple={many}
      rowKey="id"
      labelField={source.config.labelField}
      paging={source.config.paging}
      selectedColumns={source.config.selectedColumns}
      initial={[]}
      onCancel={onClose}
      onOk={(rows) => {
        const problem = popupPickProblem(rows.length, many);
        if (problem) {
          void message.warning(problem);
          return;
        }
        onPick(popupValues(pairs, rows));
        onClose();
      }}
    />
  );
}
