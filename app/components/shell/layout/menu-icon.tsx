// Menu icon names stored in sys_permission.icon → antd icons. Only the icons the menus use are
// bundled; an unknown name shows the generic one.
import AccountBookOutlined from "@ant-design/icons/AccountBookOutlined";
import AppstoreOutlined from "@ant-design/icons/AppstoreOutlined";
import CalendarOutlined from "@ant-design/icons/CalendarOutlined";
import DashboardOutlined from "@ant-design/icons/DashboardOutlined";
import HomeOutlined from "@ant-design/icons/HomeOutlined";
import MailOutlined from "@ant-design/icons/MailOutlined";
import SettingOutlined from "@ant-design/icons/SettingOutlined";
import ShopOutlined from "@ant-design/icons/ShopOutlined";
import TeamOutlined from "@ant-design/icons/TeamOutlined";
import UserOutlined from "@ant-design/icons/UserOutlined";

const ICONS = {
  home: HomeOutlined,
  setting: SettingOutlined,
  dashboard: DashboardOutlined,
  user: UserOutlined,
  team: TeamOutlined,
  "account-book": AccountBookOutlined,
  calendar: CalendarOutlined,
  shop: ShopOutlined,
  mail: MailOutlined,
} as const;

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name as keyof typeof ICONS] ?? AppstoreOutlined;
  return <Icon />;
}
