// 群发 (/communication/compose, issue #29 item 4, docs/decisions/166): write one message to a class, a
// grade, an activity's confirmed sign-ups or the payers of overdue bills, and/or chosen parents and
// staff, over 站内 / 短信 / 微信 / 邮件, with merge fields (contract/modules/compose.ts). 预览 shows three
// recipients' merged texts and each channel's count and who has no address for it; 发送 queues the
// messages and opens the 群发's detail. A plain form: it works before JavaScript has loaded, and its
// one-time key (from the loader) makes a double click one 群发. Below: the 群发 sent so far.
import { Alert, Button, Card, Descriptions, Input, Space, Table, Typography } from "antd";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/compose";
import {
  COMPOSE_API,
  COMPOSE_CHANNELS,
  COMPOSE_PAGE,
  COMPOSE_PERMISSION,
  MERGE_FIELDS,
  composeOptionsSchema,
  composePreviewSchema,
  composeRecordSchema,
  type ComposeDraft,
  type ComposePreview,
  type ComposeRecord,
} from "#contract/modules/compose";
import { z } from "zod";
import { HasPermission } from "~/components/shell/permission/has-permission";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";

export const composeDetailHref = (id: string) => `${COMPOSE_PAGE}/detail?id=${encodeURIComponent(id)}`;

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, COMPOSE_PAGE);
  const [options, list] = await withRouteFailures(() =>
    Promise.all([
      access.signedIn.api.get(`${COMPOSE_API}/options`, composeOptionsSchema),
      access.signedIn.api.get(`${COMPOSE_API}/list`, z.array(composeRecordSchema)),
    ]),
  );
  return { options: options.result, list: list.result, requestKey: crypto.randomUUID() };
}

function draftOf(form: FormData): ComposeDraft {
  const texts = (name: string) => form.getAll(name).map(String).filter(Boolean);
  return {
    selection: { target: String(form.get("target") ?? ""), parentIds: texts("parentIds"), userIds: texts("userIds") },
    channels: texts("channels") as ComposeDraft["channels"],
    subject: String(form.get("subject") ?? ""),
    body: String(form.get("body") ?? ""),
  };
}

export async function action(route: Route.ActionArgs) {
  const access = await requireMenuPage(route, COMPOSE_PAGE);
  const form = await route.request.formData();
  const draft = draftOf(form);
  try {
    if (form.get("intent") === "send") {
      const sent = await access.signedIn.api.post(`${COMPOSE_API}/send`, z.object({ id: z.string() }), { ...draft, requestKey: String(form.get("requestKey") ?? "") });
      throw redirect(composeDetailHref(sent.result.id));
    }
    const preview = await access.signedIn.api.post(`${COMPOSE_API}/preview`, composePreviewSchema, draft);
    return { draft, preview: preview.result, error: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ draft, preview: null as ComposePreview | null, error: failureData(error).failure.message }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "群发" }];

const STATUS_COLUMNS = [
  { title: "已发送", key: "sent" },
  { title: "失败", key: "failed" },
  { title: "待发送", key: "pending" },
] as const;

export default function ComposePage({ loaderData, actionData }: Route.ComponentProps) {
  const { options, list, requestKey } = loaderData;
  const navigation = useNavigation();
  const draft = actionData?.draft;
  const busy = navigation.state === "submitting";
  const chosen = (name: "parentIds" | "userIds") => draft?.selection[name] ?? [];
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Card size="small" title="群发">
        <Form method="post" aria-label="群发" className="compose-form">
          <input type="hidden" name="requestKey" value={requestKey} />
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={<label htmlFor="compose-target">收件人</label>}>
              <select id="compose-target" name="target" defaultValue={draft?.selection.target ?? ""} className="ant-input ant-input-outlined" style={{ width: 360 }}>
                <option value="">（不按范围，只发给下面所选）</option>
                <optgroup label="班级（本学年）">
                  {options.classes.map((item) => (
                    <option key={item.id} value={`class:${item.id}`}>{`班级 ${item.name}`}</option>
                  ))}
                </optgroup>
                <optgroup label="年级">
                  {options.grades.map((item) => (
                    <option key={item.value} value={`grade:${item.value}`}>{`年级 ${item.text}`}</option>
                  ))}
                </optgroup>
                <optgroup label="活动报名（已确认）">
                  {options.activities.map((item) => (
                    <option key={item.id} value={`activity:${item.id}`}>{`活动 ${item.title}`}</option>
                  ))}
                </optgroup>
                <optgroup label="付款家长">
                  <option value="overdue:">逾期未缴的付款家长</option>
                </optgroup>
              </select>
            </Descriptions.Item>
            <Descriptions.Item label={<label htmlFor="compose-parents">另选家长</label>}>
              <select id="compose-parents" name="parentIds" multiple size={5} defaultValue={chosen("parentIds")} className="ant-input ant-input-outlined" style={{ width: 360 }}>
                {options.parents.map((item) => (
                  <option key={item.id} value={item.id}>{`${item.name} ${item.phone}`}</option>
                ))}
              </select>
            </Descriptions.Item>
            <Descriptions.Item label={<label htmlFor="compose-users">另选教职工</label>}>
              <select id="compose-users" name="userIds" multiple size={5} defaultValue={chosen("userIds")} className="ant-input ant-input-outlined" style={{ width: 360 }}>
                {options.users.map((item) => (
                  <option key={item.id} value={item.id}>{`${item.realname}（${item.username}）`}</option>
                ))}
              </select>
            </Descriptions.Item>
            <Descriptions.Item label="渠道">
              <Space>
                {COMPOSE_CHANNELS.map((item) => (
                  <label key={item.channel}>
                    <input type="checkbox" name="channels" value={item.channel} defaultChecked={draft?.channels.includes(item.channel) ?? false} /> {item.label}
                  </label>
                ))}
                <Typography.Text type="secondary">站内只发给教职工，微信只发给家长</Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={<label htmlFor="compose-subject">主题</label>}>
              <Input id="compose-subject" name="subject" maxLength={200} defaultValue={draft?.subject ?? ""} />
            </Descriptions.Item>
            <Descriptions.Item label={<label htmlFor="compose-body">内容</label>}>
              <Input.TextArea id="compose-body" name="body" rows={5} maxLength={5000} defaultValue={draft?.body ?? ""} />
              <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
                {`合并字段：${Object.entries(MERGE_FIELDS).map(([name, text]) => `\${${name}} ${text}`).join("；")}`}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          {actionData?.error ? <Alert style={{ marginTop: 12 }} type="error" showIcon message={actionData.error} /> : null}
          <Space style={{ marginTop: 12 }}>
            <Button htmlType="submit" name="intent" value="preview" loading={busy && navigation.formData?.get("intent") === "preview"}>
              预览
            </Button>
            <HasPermission code={COMPOSE_PERMISSION}>
              <Button type="primary" htmlType="submit" name="intent" value="send" disabled={!actionData?.preview} loading={busy && navigation.formData?.get("intent") === "send"}>
                发送
              </Button>
            </HasPermission>
            {!actionData?.preview ? <Typography.Text type="secondary">先预览，再发送</Typography.Text> : null}
          </Space>
        </Form>
      </Card>
      {actionData?.preview ? <PreviewCard preview={actionData.preview} /> : null}
      <Card size="small" title="已发的群发">
        <Table<ComposeRecord>
          size="small"
          rowKey="id"
          dataSource={list}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: "主题", dataIndex: "subject", render: (subject: string, row) => <Link to={composeDetailHref(row.id)}>{subject}</Link> },
            { title: "收件人", dataIndex: "selectionText" },
            { title: "渠道", dataIndex: "channels", width: 140 },
            { title: "人数", dataIndex: "recipientCount", width: 70 },
            { title: "消息", dataIndex: "messageCount", width: 70 },
            ...STATUS_COLUMNS.map((column) => ({ title: column.title, key: column.key, width: 70, render: (_: unknown, row: ComposeRecord) => row.counts[column.key] })),
            { title: "发送人", dataIndex: "createBy", width: 100 },
            { title: "时间", dataIndex: "createTime", width: 170 },
          ]}
        />
      </Card>
    </Space>
  );
}

function PreviewCard({ preview }: { preview: ComposePreview }) {
  return (
    <Card size="small" title={`预览：共 ${preview.recipients} 位收件人`} className="compose-preview">
      <Space direction="vertical" style={{ width: "100%" }}>
        {preview.channels.map((channel) => (
          <div key={channel.channel} className="compose-preview-channel">
            <Typography.Text strong>{`${channel.label}：${channel.count} 条`}</Typography.Text>
            {channel.missing.length > 0 ? (
              <Typography.Text type="warning">{`　没有${channel.label}地址的 ${channel.missing.length} 人：${channel.missing.join("、")}`}</Typography.Text>
            ) : null}
          </div>
        ))}
        {preview.samples.map((sample) => (
          <Card key={sample.name} size="small" type="inner" title={sample.name} className="compose-sample">
            <Typography.Paragraph strong>{sample.subject}</Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{sample.body}</Typography.Paragraph>
          </Card>
        ))}
      </Space>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
