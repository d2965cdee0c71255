import { describe, expect, it } from "vitest";
import { closeOthers, closeTab, homeTab, isClosable, parseStoredTabs, TAB_MESSAGES, visitTab, type Tab } from "~/lib/tabs";

const tab = (key: string, url = key, title = key): Tab => ({ key, url, title });
const home = homeTab();

// docs/spec/app-shell.md §2 "Tabs".
describe("tab strip rules", () => {
  it("always keeps home first, and remembers each page's last full URL", () => {
    let tabs = visitTab([], tab("/isystem/user", "/isystem/user?pageNo=1", "用户管理"));
    expect(tabs.map((entry) => entry.key)).toEqual(["/dashboard/analysis", "/isystem/user"]);
    tabs = visitTab(tabs, tab("/isystem/user", "/isystem/user?pageNo=3&column=username", "用户管理"));
    expect(tabs).toHaveLength(2);
    expect(tabs[1]!.url).toBe("/isystem/user?pageNo=3&column=username");
  });

  it("opens no tab for a page without a title (403, 404), and keeps a titled tab it already has", () => {
    const tabs = visitTab([], tab("/isystem/user", "/isystem/user", "用户管理"));
    expect(visitTab(tabs, tab("/exception/403", "/exception/403", ""))).toEqual(tabs);
    expect(visitTab(tabs, tab("/no/such/page", "/no/such/page", ""))).toEqual(tabs);
    expect(visitTab(tabs, tab("/isystem/user", "/isystem/user?pageNo=2", ""))[1]).toEqual(tab("/isystem/user", "/isystem/user?pageNo=2", "用户管理"));
  });

  it("shows no close button on home", () => {
    expect(isClosable(home)).toBe(false);
    expect(isClosable(tab("/a"))).toBe(true);
  });

  it("refuses to close home with 首页不能关闭!", () => {
    const tabs = [home, tab("/a")];
    expect(closeTab(tabs, home.key, "/a")).toEqual({ tabs, warning: TAB_MESSAGES.homeFixed });
    expect(TAB_MESSAGES.homeFixed).toBe("首页不能关闭!");
  });

  it("refuses to close the last tab with 这是最后一页，不能再关闭了啦", () => {
    const tabs = [tab("/only")];
    expect(closeTab(tabs, "/only", "/only")).toEqual({ tabs, warning: "这是最后一页，不能再关闭了啦" });
  });

  it("moves to the right neighbour (or the last tab) when the active tab closes", () => {
    const tabs = [home, tab("/a"), tab("/b", "/b?x=1"), tab("/c")];
    expect(closeTab(tabs, "/b", "/b")).toEqual({ tabs: [home, tab("/a"), tab("/c")], navigateTo: "/c" });
    expect(closeTab(tabs, "/c", "/c").navigateTo).toBe("/b?x=1");
    expect(closeTab(tabs, "/a", "/c")).toEqual({ tabs: [home, tab("/b", "/b?x=1"), tab("/c")] });
  });

  it("closes left, right and others, keeping home and the chosen tab", () => {
    const tabs = [home, tab("/a"), tab("/b"), tab("/c")];
    expect(closeOthers(tabs, "/b", "left", "/b").tabs.map((entry) => entry.key)).toEqual([home.key, "/b", "/c"]);
    expect(closeOthers(tabs, "/b", "right", "/b").tabs.map((entry) => entry.key)).toEqual([home.key, "/a", "/b"]);
    const others = closeOthers(tabs, "/b", "others", "/c");
    expect(others.tabs.map((entry) => entry.key)).toEqual([home.key, "/b"]);
    expect(others.navigateTo).toBe("/b");
  });

  it("restores stored tabs and drops malformed or foreign entries", () => {
    const stored = JSON.stringify([home, tab("/a"), { key: "/x", url: "//evil.example", title: "x" }, { key: 1 }]);
    expect(parseStoredTabs(stored)).toEqual([home, tab("/a")]);
    expect(parseStoredTabs("not json")).toEqual([]);
    expect(parseStoredTabs(null)).toEqual([]);
  });
});
