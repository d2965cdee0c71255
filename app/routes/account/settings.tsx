// 账户设置 (/account/settings/:tab, issue #17 part 7, docs/decisions/053): 基本设置 (own name, e-mail,
// phones, sex, birthday and the avatar, cropped in the browser), 安全设置 (修改密码 with the existing
// dialog and policy, the last sign-ins), 账号绑定, 新消息通知 and 个性化 (kept by the backend, per user).
// Each tab is an address of its own; the forms post to this route's action.
import { lazy, Suspense, useState } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { App, Avatar, Button, Card, Col, Form, Input, List, Menu, Radio, Row, Select, Switch, Table, Typography } from "antd";
import UserOutlined from "@ant-design/icons/UserOutlined";
import { z } from "zod";
import type { Route } from "./+types/settings";
import {
  ACCOUNT_API,
  ACCOUNT_SETTINGS_PAGE,
  ACCOUNT_SETTINGS_TABS,
  avatarSchema,
  customPreferencesSchema,
  notifyPreferencesSchema,
  preferencesSchema,
  profileFormSchema,
  type AccountSettingsTab,
  type CustomPreferences,
  type NotifyPreferences,
} from "#contract/account";
import { fieldErrors } from "#contract/auth";
import { requireSignedIn } from "~/services/auth.server";
import { loadPreferences, loadProfile, loadSignIns, profileAnswerSchema, rememberProfile } from "~/services/account.server";
import { failureData, withRouteFailures } from "~/services/route-errors.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { useFailureFeedback } from "~/components/shell/feedback/failure-feedback";
import { useFetcherAnswer } from "~/components/shell/feedback/use-fetcher-answer";
import { avatarUrl } from "~/components/account/avatar-url";
import { ThirdPartyBindings } from "~/components/user/third-party-bindings";

const AvatarCropper = lazy(() => import("~/components/account/avatar-cropper"));
const ChangePasswordDialog = lazy(() =>
  import("~/components/shell/dialogs/change-password-dialog").then((module) => ({ default: module.ChangePasswordDialog })),
);

function tabOf(value: string | undefined): AccountSettingsTab | null {
  return ACCOUNT_SETTINGS_TABS.find((tab) => tab.key === value)?.key ?? null;
}

export async function loader(route: Route.LoaderArgs) {
  const tab = tabOf(route.params.tab);
  if (!tab) throw redirect(`${ACCOUNT_SETTINGS_PAGE}/base`);
  const { api, user } = await requireSignedIn(route);
  return withRouteFailures(async () => ({
    tab,
    username: user.username,
    profile: tab === "base" ? await loadProfile(api) : null,
    signIns: tab === "security" ? await loadSignIns(api) : null,
    preferences: tab === "notification" || tab === "custom" ? await loadPreferences(api) : null,
  }));
}

export const meta: Route.MetaFunction = () => [{ title: "账户设置" }];

const switchValue = (form: Record<string, FormDataEntryValue>, name: string) => form[name] === "true" || form[name] === "on";

export async function action(route: Route.ActionArgs) {
  const { api, session } = await requireSignedIn(route);
  const form = Object.fromEntries(await route.request.formData());
  const { intent, ...fields } = form;
  try {
    if (intent === "profile") {
      const checked = profileFormSchema.safeParse(fields);
      if (!checked.success) return data({ ok: false as const, fieldErrors: fieldErrors(checked.error) }, { status: 400 });
      const answer = await api.put(ACCOUNT_API.profile, profileAnswerSchema, fields);
      return data({ ok: true as const, message: answer.message }, { headers: await rememberProfile(route, session, answer.result) });
    }
    if (intent === "avatar") {
      const checked = avatarSchema.safeParse(fields);
      if (!checked.success) return data({ ok: false as const, message: checked.error.issues[0]?.message ?? "" }, { status: 400 });
      const answer = await api.put(ACCOUNT_API.avatar, z.object({ avatar: z.string() }), checked.data);
      const profile = await loadProfile(api);
      return data({ ok: true as const, message: answer.message }, { headers: await rememberProfile(route, session, profile) });
    }
    if (intent === "notify" || intent === "custom") {
      const keys = Object.keys(intent === "notify" ? notifyPreferencesSchema.shape : customPreferencesSchema.shape);
      const values = Object.fromEntries(
        keys.map((key) => [key, ["theme", "layout", "primaryColor"].includes(key) ? String(fields[key] ?? "") : switchValue(fields, key)]),
      );
      const answer = await api.put(ACCOUNT_API.preferences, preferencesSchema, { [intent]: values });
      return { ok: true as const, message: answer.message };
    }
    return data({ ok: false as const, message: "未知操作" }, { status: 400 });
  } catch (error) {
    return failureData(error);
  }
}

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };

function useSaveFeedback() {
  const fetcher = useFetcher<typeof action>();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFailureFeedback(fetcher.data);
  useFetcherAnswer(fetcher, (answer: Answer) => {
    if (answer.ok) {
      setErrors({});
      void message.success(answer.message || "保存成功！");
    } else if (answer.fieldErrors) setErrors(answer.fieldErrors);
    else if (answer.message) void message.warning(answer.message);
  });
  return { fetcher, errors };
}

function BaseTab({ profile }: { profile: NonNullable<Route.ComponentProps["loaderData"]["profile"]> }) {
  const { fetcher, errors } = useSaveFeedback();
  const avatarSave = useSaveFeedback();
  const [source, setSource] = useState<string | null>(null);
  const [form] = Form.useForm();
  const submit = (values: Record<string, string | number | null | undefined>) => {
    const body: Record<string, string> = { intent: "profile" };
    for (const [key, value] of Object.entries(values)) body[key] = value === null || value === undefined ? "" : String(value);
    void fetcher.submit(body, { method: "post" });
  };
  const status = (name: string) => (errors[name] ? { validateStatus: "error" as const, help: errors[name] } : {});
  return (
    <Row gutter={32}>
      <Col xs={24} lg={14}>
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ ...profile, sex: profile.sex === null ? "" : String(profile.sex) }}
          data-testid="profile-form"
        >
          <Form.Item label="姓名" name="realname" required {...status("realname")}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="邮箱" name="email" {...status("email")}>
            <Input maxLength={45} />
          </Form.Item>
          <Form.Item label="手机号码" name="phone" {...status("phone")}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item label="座机" name="telephone" {...status("telephone")}>
            <Input maxLength={45} />
          </Form.Item>
          <Form.Item label="性别" name="sex">
            <Radio.Group
              options={[
                { value: "1", label: "男" },
                { value: "2", label: "女" },
                { value: "", label: "保密" },
              ]}
            />
          </Form.Item>
          <Form.Item label="生日" name="birthday" {...status("birthday")}>
            <Input type="date" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={fetcher.state !== "idle"}>
            更新基本信息
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10} style={{ textAlign: "center" }}>
        <Typography.Paragraph>头像</Typography.Paragraph>
        <Avatar size={120} src={avatarUrl(profile.avatar)} icon={<UserOutlined />} alt="当前头像" data-testid="settings-avatar" />
        <div style={{ marginTop: 16 }}>
          <label className="ant-btn ant-btn-default" style={{ cursor: "pointer" }}>
            更换头像
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="avatar-file"
              style={{ position: "absolute", width: 1, height: 1, opacity: 0 }}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) setSource(URL.createObjectURL(file));
              }}
            />
          </label>
        </div>
        {source ? (
          <Suspense fallback={null}>
            <AvatarCropper
              source={source}
              onCancel={() => setSource(null)}
              onUploaded={(path) => {
                setSource(null);
                void avatarSave.fetcher.submit({ intent: "avatar", avatar: path }, { method: "post" });
              }}
            />
          </Suspense>
        ) : null}
      </Col>
    </Row>
  );
}

function SecurityTab({ username, signIns }: { username: string; signIns: NonNullable<Route.ComponentProps["loaderData"]["signIns"]> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={[{ title: "账户密码", description: `当前账号：${username}，建议定期修改密码` }]}
        renderItem={(item) => (
          <List.Item actions={[<Button key="change" type="link" onClick={() => setOpen(true)}>修改</Button>]}>
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        最近登录
      </Typography.Title>
      <Table
        rowKey={(row) => `${row.time}-${row.ip}-${row.content}`}
        size="small"
        pagination={false}
        dataSource={signIns}
        data-testid="recent-sign-ins"
        columns={[
          { title: "时间", dataIndex: "time" },
          { title: "IP", dataIndex: "ip" },
          { title: "浏览器", dataIndex: "browser" },
          { title: "结果", dataIndex: "content" },
        ]}
      />
      <Suspense fallback={null}>{open ? <ChangePasswordDialog open onClose={() => setOpen(false)} /> : null}</Suspense>
    </>
  );
}

const NOTIFY_ITEMS: Array<{ key: keyof NotifyPreferences; title: string; description: string }> = [
  { key: "systemMessage", title: "系统消息", description: "系统消息将以站内信的形式通知" },
  { key: "announcementPopup", title: "通知公告", description: "新的通知公告在右下角弹出提醒" },
  { key: "pendingTasks", title: "待办任务", description: "工作台显示待办任务" },
  { key: "emailCopy", title: "邮件提醒", description: "通知同时发送到邮箱" },
];

function SwitchList<K extends string>({ intent, items, values }: { intent: string; items: Array<{ key: K; title: string; description: string }>; values: Record<K, boolean> & Record<string, unknown> }) {
  const { fetcher } = useSaveFeedback();
  const [current, setCurrent] = useState(values);
  const save = (next: typeof current) => {
    setCurrent(next);
    const body: Record<string, string> = { intent };
    for (const [key, value] of Object.entries(next)) body[key] = String(value);
    void fetcher.submit(body, { method: "post" });
  };
  return (
    <List
      dataSource={items}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Switch key="switch" aria-label={item.title} checked={Boolean(current[item.key])} onChange={(checked) => save({ ...current, [item.key]: checked })} />,
          ]}
        >
          <List.Item.Meta title={item.title} description={item.description} />
        </List.Item>
      )}
    />
  );
}

const COLOURS = [
  { value: "#1890FF", label: "拂晓蓝（默认）" },
  { value: "#F5222D", label: "薄暮" },
  { value: "#FA541C", label: "火山" },
  { value: "#FAAD14", label: "日暮" },
  { value: "#13C2C2", label: "明青" },
  { value: "#52C41A", label: "极光绿" },
  { value: "#2F54EB", label: "极客蓝" },
  { value: "#722ED1", label: "酱紫" },
];

function CustomTab({ custom }: { custom: CustomPreferences }) {
  const { fetcher } = useSaveFeedback();
  const [current, setCurrent] = useState(custom);
  const save = (change: Partial<CustomPreferences>) => {
    const next = { ...current, ...change };
    setCurrent(next);
    const body: Record<string, string> = { intent: "custom" };
    for (const [key, value] of Object.entries(next)) body[key] = String(value);
    void fetcher.submit(body, { method: "post" });
  };
  // Rendered through dataSource: the items sit in a list element (axe listitem).
  const row = (title: string, description: string, control: React.ReactNode) => ({ title, description, control });
  const rows = [
    row(
        "菜单风格",
        "暗色或亮色的侧边菜单",
        <Radio.Group key="theme" value={current.theme} onChange={(event) => save({ theme: event.target.value as CustomPreferences["theme"] })} options={[{ value: "light", label: "亮色" }, { value: "dark", label: "暗色" }]} />,
      ),
    row(
        "导航模式",
        "侧边菜单或顶部菜单",
        <Radio.Group key="layout" value={current.layout} onChange={(event) => save({ layout: event.target.value as CustomPreferences["layout"] })} options={[{ value: "sidemenu", label: "侧边菜单" }, { value: "topmenu", label: "顶部菜单" }]} />,
      ),
    row("主题色", "页面的主色调", <Select key="colour" aria-label="主题色" style={{ width: 160 }} value={current.primaryColor} options={COLOURS} onChange={(value) => save({ primaryColor: value })} />),
    row("多页签模式", "打开的页面以页签排列", <Switch key="multipage" aria-label="多页签模式" checked={current.multipage} onChange={(checked) => save({ multipage: checked })} />),
    row("固定头部", "页面滚动时头部保持可见", <Switch key="fixedHeader" aria-label="固定头部" checked={current.fixedHeader} onChange={(checked) => save({ fixedHeader: checked })} />),
    row("色弱模式", "适合色弱用户的配色", <Switch key="colorWeak" aria-label="色弱模式" checked={current.colorWeak} onChange={(checked) => save({ colorWeak: checked })} />),
  ];
  return (
    <List
      dataSource={rows}
      renderItem={(item) => (
        <List.Item actions={[item.control]}>
          <List.Item.Meta title={item.title} description={item.description} />
        </List.Item>
      )}
    />
  );
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { tab, profile, signIns, preferences, username } = loaderData;
  const title = ACCOUNT_SETTINGS_TABS.find((item) => item.key === tab)?.title ?? "";
  return (
    <Card>
      <Row gutter={24}>
        <Col xs={24} md={6}>
          <Menu
            mode="inline"
            selectedKeys={[tab]}
            items={ACCOUNT_SETTINGS_TABS.map((item) => ({ key: item.key, label: <Link to={`${ACCOUNT_SETTINGS_PAGE}/${item.key}`}>{item.title}</Link> }))}
          />
        </Col>
        <Col xs={24} md={18}>
          <Typography.Title level={4} data-testid="settings-title">
            {title}
          </Typography.Title>
          {tab === "base" && profile ? <BaseTab key={`${profile.realname}-${profile.avatar}`} profile={profile} /> : null}
          {tab === "security" && signIns ? <SecurityTab username={username} signIns={signIns} /> : null}
          {tab === "binding" ? <ThirdPartyBindings /> : null}
          {tab === "notification" && preferences ? <SwitchList intent="notify" items={NOTIFY_ITEMS} values={preferences.notify} /> : null}
          {tab === "custom" && preferences ? <CustomTab custom={preferences.custom} /> : null}
        </Col>
      </Row>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
