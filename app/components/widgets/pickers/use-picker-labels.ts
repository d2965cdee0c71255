// The shown texts of a picker's stored values: known from the rows chosen in this session, the
// others looked up once through the picker's route (`?valueField=&values=`).
import { useEffect, useState } from "react";
import { requestWidget, widgetUrl } from "~/routes/api/widgets/widget-answer";
import { joinValues } from "../dict-select/dict-options";
import { labelsOf, unlabelledValues, type PickerRow } from "./picker-logic";

export function usePickerLabels<Row extends PickerRow>(
  value: string,
  listUrl: string,
  valueField: string,
  labelField: string,
): { labels: Record<string, string>; rows: Row[]; remember: (rows: Row[]) => void } {
  const [known, setKnown] = useState<{ labels: Record<string, string>; rows: Row[] }>({ labels: {}, rows: [] });

  const remember = (rows: Row[]) =>
    setKnown((before) => ({
      labels: { ...before.labels, ...labelsOf(rows, valueField, labelField) },
      rows: [...before.rows.filter((row) => !rows.includes(row)), ...rows],
    }));

  useEffect(() => {
    const missing = unlabelledValues(value, known.labels);
    if (missing.length === 0) return;
    let live = true;
    void requestWidget<Row>(widgetUrl(listUrl, { valueField, values: joinValues(missing) })).then((answer) => {
      if (!live) return;
      const rows = answer.ok ? answer.items : [];
      // Values the backend does not know show as themselves, and are not asked for again.
      const labels: Record<string, string> = Object.fromEntries(missing.map((part) => [part, part]));
      setKnown((before) => ({
        labels: { ...before.labels, ...labels, ...labelsOf(rows, valueField, labelField) },
        rows: [...before.rows, ...rows],
      }));
    });
    return () => {
      live = false;
    };
    // Looked up once per new value; the answer itself must not start another lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, listUrl, valueField, labelField]);

  return { ...known, remember };
}
