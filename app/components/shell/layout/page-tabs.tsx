// The page header's tabs (a route's `handle.page.tabs`, docs/spec/app-shell.md §2): each tab is an
// address; choosing one navigates there.
import { useLocation, useNavigate } from "react-router";
import { Tabs } from "antd";

export interface PageTab {
  key: string;
  title: string;
  to: string;
}

export function PageTabs({ tabs }: { tabs: PageTab[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const activeTab = tabs.find((tab) => location.pathname.startsWith(tab.to))?.key;
  return <Tabs activeKey={activeTab} onChange={(key) => navigate(tabs.find((tab) => tab.key === key)!.to)} items={tabs.map((tab) => ({ key: tab.key, label: tab.title }))} />;
}
