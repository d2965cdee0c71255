// 历史 (docs/decisions/070): a record's changes on its 详情, oldest first — who, when, what (field
// label, old and new value as the detail shows them) and why where a reason was given. Loaded when
// the tab is opened, from the module's `…/history` through /api/record-history.
import { Alert, Empty, Spin, Table, Timeline, Typography } from "antd";
import { useEffect, useState } from "react";
import type { RecordHistoryChange, RecordHistoryEntry } from "#contract/record-history";
import { callRoute } from "~/lib/route-call";

type Loaded = { ok: true; entries: RecordHistoryEntry[] } | { ok: false; message: string };

const COLUMNS = [
  { title: "字段", dataIndex: "label", key: "label", width: "25%" },
  { title: "原值", dataIndex: "old", key: "old", render: (value: string | null) => value ?? "" },
  { title: "新值", dataIndex: "new", key: "new", render: (value: string | null) => value ?? "" },
];

export function RecordHistory({ url, id }: { url: string; id: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let cancelled = false;
    void callRoute<Loaded>(`/api/record-history?${new URLSearchParams({ url, id })}`).then((answer) => {
      if (!cancelled) setLoaded(answer);
    });
    return () => {
      cancelled = true;
    };
  }, [url, id]);
  if (!loaded) return <Spin />;
  if (!loaded.ok) return <Alert type="error" showIcon message={loaded.message} />;
  if (loaded.entries.length === 0) return <Empty description="暂无历史" />;
  return (
    <Timeline
      className="record-history"
      items={loaded.entries.map((entry) => ({
        key: entry.id,
        children: (
          <div data-history-action={entry.action}>
            <Typography.Text strong>{entry.actionText}</Typography.Text> <Typography.Text type="secondary">{entry.changedAt}</Typography.Text>{" "}
            <Typography.Text>{entry.username ?? ""}</Typography.Text>
            {entry.reason ? <div>原因：{entry.reason}</div> : null}
            {entry.changes.length > 0 ? (
              <Table<RecordHistoryChange> size="small" pagination={false} rowKey="field" columns={COLUMNS} dataSource={entry.changes} scroll={{ x: true }} />
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
