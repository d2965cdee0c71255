// A 群发's detail (/communication/compose/detail?id=, docs/decisions/166): what was written, to whom,
// and each recipient's message per channel with its status (待发送/已发送/失败 with the reason);
// 重发失败 sends the failed ones that have an address again. Phones and e-mails are masked unless the
// user may see them in full (message:viewSensitive, enforced by the backend).
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from "antd";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/compose-detail";
import { COMPOSE_API, COMPOSE_PAGE, COMPOSE_PERMISSION, MESSAGE_STATUS_TEXT, channelLabel, composeDetailSchema, type ComposeDetail } from "#contract/modules/compose";
import { MessageStatus } from "#contract/modules/message";
import { HasPermission } from "~/components/shell/permission/has-permission";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, COMPOSE_PAGE);
  const id = route.url.searchParams.get("id") ?? "";
  const answer = await withRouteFailures(() => access.signedIn.api.get(`${COMPOSE_API}/detail`, composeDetailSchema, { id }));
  return { detail: answer.result };
}

export async function action(route: Route.ActionArgs) {
  const access = await requireMenuPage(route, COMPOSE_PAGE);
  const form = await route.request.formData();
  try {
    const answer = await access.signedIn.api.post(`${COMPOSE_API}/retry`, z.unknown(), { id: String(form.get("id") ?? "") });
    return { ok: true, message: answer.message };
  } catch (error) {
    return data({ ok: false, message: failureData(error).failure.message }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded ? `群发：${loaded.detail.subject}` : "群发" }];

const STATUS_COLOR: Record<string, string> = { [MessageStatus.sent]: "success", [MessageStatus.failed]: "error", [MessageStatus.pending]: "processing" };

type Message = ComposeDetail["messages"][number];

export default function ComposeDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const navigation = useNavigation();
  return (
    <Card size="small" title={`群发：${detail.subject}`} extra={<Link to={COMPOSE_PAGE}>返回群发</Link>} className="compose-detail">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="收件人">{detail.selectionText}</Descriptions.Item>
        <Descriptions.Item label="渠道">{detail.channels}</Descriptions.Item>
        <Descriptions.Item label="发送人">{`${detail.createBy ?? ""} ${detail.createTime}`}</Descriptions.Item>
        <Descriptions.Item label="人数">{detail.recipientCount}</Descriptions.Item>
        <Descriptions.Item label="消息">{detail.messageCount}</Descriptions.Item>
        <Descriptions.Item label="状态">{`已发送 ${detail.counts.sent}，失败 ${detail.counts.failed}，待发送 ${detail.counts.pending}${detail.counts.recorded ? `，已记录 ${detail.counts.recorded}` : ""}`}</Descriptions.Item>
        <Descriptions.Item label="内容" span={3}>
          <span style={{ whiteSpace: "pre-wrap" }}>{detail.body}</span>
        </Descriptions.Item>
      </Descriptions>
      {actionData ? <Alert style={{ marginTop: 12 }} type={actionData.ok ? "success" : "error"} showIcon message={actionData.message} /> : null}
      <Space style={{ margin: "12px 0" }}>
        <HasPermission code={COMPOSE_PERMISSION}>
          <Form method="post">
            <input type="hidden" name="id" value={detail.id} />
            <Button htmlType="submit" disabled={detail.counts.failed === 0} loading={navigation.state === "submitting"}>
              重发失败
            </Button>
          </Form>
        </HasPermission>
        <Link to={`?id=${encodeURIComponent(detail.id)}`}>刷新</Link>
      </Space>
      <Table<Message>
        className="compose-messages"
        size="small"
        bordered
        rowKey="id"
        dataSource={detail.messages}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        expandable={{ expandedRowRender: (row) => <span style={{ whiteSpace: "pre-wrap" }}>{`${row.title}\n${row.content}`}</span> }}
        columns={[
          { title: "收件人", dataIndex: "recipientName", width: 140 },
          { title: "渠道", dataIndex: "channel", width: 70, render: (value: string) => channelLabel(value) },
          { title: "地址", dataIndex: "receiver", width: 200 },
          { title: "标题", dataIndex: "title", ellipsis: true },
          { title: "状态", dataIndex: "status", width: 90, render: (value: string) => <Tag color={STATUS_COLOR[value] ?? "default"}>{MESSAGE_STATUS_TEXT[value] ?? value}</Tag> },
          { title: "原因", dataIndex: "result", width: 260, render: (value: string | null, row) => (row.status === MessageStatus.sent ? "" : (value ?? "")) },
          { title: "发送时间", dataIndex: "sendTime", width: 170 },
        ]}
      />
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
