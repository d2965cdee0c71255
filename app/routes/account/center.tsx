// 个人中心 (/account/center, issue #17 part 7): the signed-in user's card (avatar, name, roles,
// departments, contact) and links to 账户设置's tabs.
import { Link } from "react-router";
import { Avatar, Card, Col, Descriptions, Row, Tag, Typography } from "antd";
import UserOutlined from "@ant-design/icons/UserOutlined";
import type { Route } from "./+types/center";
import { ACCOUNT_SETTINGS_PAGE, ACCOUNT_SETTINGS_TABS } from "#contract/account";
import { requireSignedIn } from "~/services/auth.server";
import { loadProfile } from "~/services/account.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { avatarUrl } from "~/components/account/avatar-url";

export async function loader(route: Route.LoaderArgs) {
  const { api } = await requireSignedIn(route);
  return { profile: await withRouteFailures(() => loadProfile(api)) };
}

export const meta: Route.MetaFunction = () => [{ title: "个人中心" }];

const SEX: Record<number, string> = { 1: "男", 2: "女" };

export default function AccountCenter({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8}>
        <Card>
          <div style={{ textAlign: "center" }}>
            <Avatar size={104} src={avatarUrl(profile.avatar)} icon={<UserOutlined />} alt="头像" />
            <Typography.Title level={3} data-testid="center-realname" style={{ marginTop: 16 }}>
              {profile.realname ?? profile.username}
            </Typography.Title>
            <Typography.Text type="secondary">{profile.username}</Typography.Text>
          </div>
          <div style={{ marginTop: 16 }}>
            {profile.roles.map((role) => (
              <Tag key={role}>{role}</Tag>
            ))}
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="个人信息" extra={<Link to={`${ACCOUNT_SETTINGS_PAGE}/base`}>编辑</Link>}>
          <Descriptions column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="工号">{profile.workNo ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="性别">{profile.sex ? SEX[profile.sex] : "—"}</Descriptions.Item>
            <Descriptions.Item label="生日">{profile.birthday ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{profile.email ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="手机号码">{profile.phone ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="座机">{profile.telephone ?? "—"}</Descriptions.Item>
            <Descriptions.Item label="部门">{profile.departs.join("、") || "—"}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{profile.createTime ?? "—"}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="账户设置" style={{ marginTop: 24 }}>
          <ul style={{ display: "flex", gap: 24, flexWrap: "wrap", listStyle: "none", margin: 0, padding: 0 }}>
            {ACCOUNT_SETTINGS_TABS.map((tab) => (
              <li key={tab.key}>
                <Link to={`${ACCOUNT_SETTINGS_PAGE}/${tab.key}`}>{tab.title}</Link>
              </li>
            ))}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
