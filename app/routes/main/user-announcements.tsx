// 我的消息 (/isps/userAnnouncement): the signed-in user's notices (contract §8
// getMyAnnouncementSend), read first then newest. The URL holds the page and the filters
// 标题 / 发布人 / 是否已读 (docs/architecture.md "The URL is the list state"). 查看 opens the same
// notice modal as the bell, which marks it read; 全部标注已读 marks them all. Reads made in any tab
// (and new notices) reload the page's data.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { App, Button, Card, Table, Tag } from "antd";
import type { ColumnsType, TablePaginationConfig } from "antd/es/table";
import CheckOutlined from "@ant-design/icons/CheckOutlined";
import type { Route } from "./+types/user-announcements";
import { requireMenuPage } from "~/services/menu-access.server";
import { BackendError } from "~/services/api.server";
import { endsSession } from "~/services/api-errors";
import { throwRouteFailure } from "~/services/route-errors.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { SearchBar } from "~/components/widgets/list/search-bar";
import type { SearchField } from "~/components/widgets/list/types";
import { PAGE_SIZE_OPTIONS, parseListState, toSearchParams, withPage, withSearch } from "~/lib/list-query";
import { markAllNoticesRead } from "~/components/shell/notices/notice-api";
import { categoryText, priorityText, readFlagText } from "~/components/shell/notices/notice-logic";
import type { MyNoticeRecord } from "~/components/shell/notices/notice-types";
import { useNoticeHub } from "~/components/shell/notices/use-notices";
import { loadMyNotices, MY_NOTICE_FILTERS } from "~/routes/api/notices/notices.server";

const NoticeModal = lazy(() => import("~/components/shell/notices/notice-modal").then((module) => ({ default: module.NoticeModal })));

/** The backend orders the list itself (read flag, then send time); no sort in the URL. */
const SEARCH_FIELDS: SearchField[] = [
  { name: "titile", label: "标题", kind: "text", exact: true },
  { name: "sender", label: "发布人", kind: "text", exact: true },
  {
    name: "readFlag",
    label: "是否已读",
    kind: "select",
    options: [
      { value: "0", label: "未读" },
      { value: "1", label: "已读" },
    ],
  },
];

export async function loader(route: Route.LoaderArgs) {
  const { node, signedIn } = await requireMenuPage(route);
  const parsed = parseListState(route.url.searchParams);
  // Only the filters this list knows stay in the state (and so in the URL it writes back).
  const filters = Object.fromEntries(Object.entries(parsed.filters).filter(([name]) => (MY_NOTICE_FILTERS as readonly string[]).includes(name)));
  const state = { ...parsed, filters };
  let list: { records: MyNoticeRecord[]; total: number; error: string | null };
  try {
    list = { ...(await loadMyNotices(signedIn.api, state)), error: null };
  } catch (error) {
    // docs/spec/app-shell.md §8 "list load failure": a warning with the server's message, not an error page.
    if (error instanceof BackendError && !endsSession(error.failure)) list = { records: [], total: 0, error: error.message };
    else throwRouteFailure(error);
  }
  return { title: node.meta.title ?? "我的消息", state, list };
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page?.title ?? "我的消息" }];

export default function UserAnnouncements({ loaderData }: Route.ComponentProps) {
  const { title, state, list } = loaderData;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    if (list.error) void message.warning(list.error);
  }, [list.error, message]);

  // Reads in any tab and new notices change this list.
  useNoticeHub({
    notice: () => void revalidator.revalidate(),
    read: () => void revalidator.revalidate(),
  });

  const go = (next: typeof state) => void navigate({ search: toSearchParams(next).toString() });

  const readAll = () =>
    modal.confirm({
      title: "确认操作",
      content: "是否全部标注已读?",
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        const answer = await markAllNoticesRead();
        if (answer.ok) void message.success(answer.message);
        else void message.warning(answer.message);
      },
    });

  const columns: ColumnsType<MyNoticeRecord> = useMemo(
    () => [
      { title: "标题", dataIndex: "titile", key: "titile", render: (value: string, row) => (row.readFlag === "0" ? <strong>{value}</strong> : value) },
      { title: "消息类型", dataIndex: "msgCategory", key: "msgCategory", width: 110, render: (value: string) => categoryText(value) },
      { title: "发布人", dataIndex: "sender", key: "sender", width: 120 },
      { title: "发布时间", dataIndex: "sendTime", key: "sendTime", width: 180 },
      { title: "优先级", dataIndex: "priority", key: "priority", width: 90, render: (value: string) => priorityText(value) },
      {
        title: "阅读状态",
        dataIndex: "readFlag",
        key: "readFlag",
        width: 100,
        render: (value: string) => <Tag color={value === "0" ? "red" : "default"}>{readFlagText(value)}</Tag>,
      },
      {
        title: "操作",
        key: "actions",
        width: 90,
        fixed: "right",
        render: (_value: unknown, row) => <a onClick={() => setOpenId(row.anntId)}>查看</a>,
      },
    ],
    [],
  );

  const pagination: TablePaginationConfig = {
    current: state.pageNo,
    pageSize: state.pageSize,
    total: list.total,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (count, range) => `${range[0]}-${range[1]} 共${count}条`,
  };

  return (
    <Card title={title} className="list-page my-notices">
      <SearchBar fields={SEARCH_FIELDS} filters={state.filters} onSearch={(filters) => go(withSearch(state, filters))} />
      <div className="list-toolbar">
        <Button type="primary" icon={<CheckOutlined />} onClick={readAll}>
          全部标注已读
        </Button>
      </div>
      <Table<MyNoticeRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.records}
        loading={revalidator.state === "loading"}
        pagination={pagination}
        scroll={{ x: "max-content" }}
        onChange={(page, _filters, _sorter, extra) => {
          if (extra.action === "paginate") go(withPage(state, page.current ?? 1, page.pageSize ?? state.pageSize));
        }}
      />
      {openId !== null ? (
        <Suspense fallback={null}>
          <NoticeModal anntId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
