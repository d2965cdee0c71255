// The position picker (docs/spec/widgets.md §2 "Position picker", §3 "Position"): name, code and rank
// (its dictionary text); stores the position code, or the id with `returnId`.
import type { ColumnsType } from "antd/es/table";
import type { ValueWidgetProps } from "../dict-select/widget-parts";
import { PICKER_WIDTHS, positionRankText } from "./picker-logic";
import { RecordPicker, type RecordPickerConfig } from "./record-picker";

/** docs/spec/widgets.md §3 "Position" (rank: `post_rank`, translated as `postRank_dictText`). */
export interface PositionRow {
  [field: string]: unknown;
  id: string;
  name?: string;
  code?: string;
  postRank?: string;
  postRank_dictText?: string;
}

export interface PositionPickerProps extends ValueWidgetProps {
  onChange?: (value: string, positions: PositionRow[]) => void;
  /** Default true, as the original's record pickers. */
  multiple?: boolean;
  /** Store ids instead of position codes. */
  returnId?: boolean;
  placeholder?: string;
  modalWidth?: number;
}

const columns: ColumnsType<PositionRow> = [
  { title: "职务名称", dataIndex: "name", align: "center", width: "30%", ellipsis: true },
  { title: "职务编码", dataIndex: "code", align: "center", width: "35%", ellipsis: true },
  { title: "职级", key: "rank", align: "center", width: "25%", render: (_value, row) => positionRankText(row) },
];

const config: RecordPickerConfig<PositionRow> = {
  title: "职务选择",
  width: PICKER_WIDTHS.position,
  listUrl: "/api/widgets/positions",
  columns,
  filters: [{ name: "name", label: "职务名称", kind: "text" }],
  labelField: "name",
  placeholder: "请选择职务",
};

export function PositionPicker({ returnId = false, multiple = true, ...rest }: PositionPickerProps) {
  return <RecordPicker<PositionRow> {...rest} config={config} multiple={multiple} valueField={returnId ? "id" : "code"} />;
}
