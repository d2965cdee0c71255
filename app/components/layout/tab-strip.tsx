// The multi-tab strip (spec/app-shell.md §2 "Tabs"): home first and fixed, each tab remembers its
// full URL, the open tabs survive a reload, and the context menu refreshes or closes tabs.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { App, Dropdown, Tabs } from "antd";
import { closeOthers, closeTab, homeTab, parseStoredTabs, visitTab, type Tab, type TabOutcome } from "~/lib/tabs";

const STORAGE_KEY = "pro__MULTI_TABS";

export function TabStrip({ currentTitle }: { currentTitle: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [tabs, setTabs] = useState<Tab[]>([homeTab()]);
  const restored = useRef(false);
  const activeKey = location.pathname;

  useEffect(() => {
    const stored = restored.current ? null : parseStoredTabs(window.localStorage.getItem(STORAGE_KEY));
    restored.current = true;
    setTabs((current) => visitTab(stored && stored.length > 0 ? stored : current, { key: activeKey, url: location.pathname + location.search, title: currentTitle }));
  }, [activeKey, location.pathname, location.search, currentTitle]);

  useEffect(() => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
  }, [tabs]);

  const apply = (outcome: TabOutcome) => {
    if (outcome.warning) void message.warning(outcome.warning);
    setTabs(outcome.tabs);
    if (outcome.navigateTo) navigate(outcome.navigateTo);
  };

  const refresh = (tab: Tab) => {
    if (tab.key === activeKey) void revalidator.revalidate();
    else navigate(tab.url);
  };

  return (
    <Tabs
      className="tab-strip"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={(key) => {
        const tab = tabs.find((entry) => entry.key === key);
        if (tab) navigate(tab.url);
      }}
      onEdit={(key, action) => {
        if (action === "remove" && typeof key === "string") apply(closeTab(tabs, key, activeKey));
      }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <Dropdown
            trigger={["contextMenu"]}
            menu={{
              items: [
                { key: "refresh", label: "刷新" },
                { key: "left", label: "关闭左侧" },
                { key: "right", label: "关闭右侧" },
                { key: "others", label: "关闭其他" },
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === "refresh") refresh(tab);
                else apply(closeOthers(tabs, tab.key, key as "left" | "right" | "others", activeKey));
              },
            }}
          >
            <span data-tab-url={tab.url}>{tab.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
