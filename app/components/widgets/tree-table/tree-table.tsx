// The tree table: antd's table over rows loaded level by level from a URL; rows with children show
// `loading...` until expanded. A load failure (or an answer of unknown shape) is shown as an error.
import { useEffect, useState } from "react";
import { App, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { levelUrl, needsLoading, rowsOfAnswer, setChildren, TREE_PARENT_KEY, withPlaceholders, type TreeRow } from "./tree-table-logic";

export interface TreeTableProps {
  url: string;
  columns: ColumnsType<TreeRow>;
  /** The column whose text the placeholder row shows `loading...` in. */
  labelField: string;
  parentKey?: string;
  query?: Record<string, string>;
  /** Adapts the answered rows (e.g. a key → id mapping). */
  toRow?: (row: Record<string, unknown>) => TreeRow;
}

async function loadLevel(url: string, toRow?: (row: Record<string, unknown>) => TreeRow): Promise<TreeRow[]> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  const rows = rowsOfAnswer(await response.json());
  return toRow ? rows.map((row) => toRow(row)) : rows;
}

export function TreeTable({ url, columns, labelField, parentKey = TREE_PARENT_KEY, query, toRow }: TreeTableProps) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<TreeRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<string[]>([]);
  const queryKey = JSON.stringify(query ?? {});

  useEffect(() => {
    let live = true;
    setLoading(true);
    loadLevel(levelUrl(url, parentKey, null, query), toRow)
      .then(
        (loaded) => live && setRows(withPlaceholders(loaded, labelField)),
        (error: Error) => live && void message.error(error.message),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // queryKey stands for query; toRow is a stable adapter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, parentKey, queryKey, labelField]);

  return (
    <Table<TreeRow>
      rowKey="id"
      size="middle"
      bordered
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (open, row) => {
          setExpanded((before) => (open ? [...before, row.id] : before.filter((key) => key !== row.id)));
          if (!open || !needsLoading(row)) return;
          loadLevel(levelUrl(url, parentKey, row.id, query), toRow).then(
            (children) => setRows((before) => setChildren(before, row.id, children, labelField)),
            (error: Error) => void message.error(error.message),
          );
        },
      }}
    />
  );
}
