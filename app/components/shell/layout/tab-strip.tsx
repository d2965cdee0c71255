// The multi-tab strip (docs/spec/app-shell.md §2 "Tabs"): home first and fixed, each tab remembers its
// full URL, the open tabs survive a reload, and the context menu refreshes or closes tabs.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { App, Dropdown } from "antd";
import CloseOutlined from "@ant-design/icons/CloseOutlined";
import { closeOthers, closeTab, homeTab, isClosable, parseStoredTabs, visitTab, type Tab, type TabOutcome } from "~/lib/tabs";

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

  // With many tabs the strip scrolls; the active one is always brought fully into view.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>(".tab-strip__tab--active");
    active?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [activeKey, tabs]);

  const apply = (outcome: TabOutcome) => {
    if (outcome.warning) void message.warning(outcome.warning);
    setTabs(outcome.tabs);
    if (outcome.navigateTo) navigate(outcome.navigateTo);
  };

  const refresh = (tab: Tab) => {
    if (tab.key === activeKey) void revalidator.revalidate();
    else navigate(tab.url);
  };

  // Navigation, not a tab widget: each tab is a link to the page it remembers (it works before
  // JavaScript and is announced as a link), with its own close button beside it.
  return (
    <nav className="tab-strip" aria-label="已打开的页面">
      <ul className="tab-strip__list" ref={list}>
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <li key={tab.key} className={`tab-strip__tab${active ? " tab-strip__tab--active" : ""}`} data-tab-key={tab.key}>
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
                <Link to={tab.url} className="tab-strip__link" aria-current={active ? "page" : undefined} data-tab-url={tab.url}>
                  {tab.title}
                </Link>
              </Dropdown>
              {isClosable(tab) ? (
                <button type="button" className="tab-strip__close" aria-label={`关闭 ${tab.title}`} onClick={() => apply(closeTab(tabs, tab.key, activeKey))}>
                  <CloseOutlined />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
