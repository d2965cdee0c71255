// The ways in on the login page, as links (`?tab=…`), so they work without JavaScript. Another way
// in adds its entry to LOGIN_TABS and its form to the login route.
import { Link } from "react-router";

export const LOGIN_TABS = [
  { key: "account", label: "账户密码登录" },
  { key: "phone", label: "手机号登录" },
] as const;
export type LoginTab = (typeof LOGIN_TABS)[number]["key"];

export function loginTabOf(value: string | null | undefined): LoginTab {
  return LOGIN_TABS.find((tab) => tab.key === value)?.key ?? "account";
}

export function LoginTabs({ current, search }: { current: LoginTab; search: URLSearchParams }) {
  return (
    <nav className="login-tabs" aria-label="登录方式">
      {LOGIN_TABS.map((tab) => {
        const params = new URLSearchParams(search);
        params.delete("captcha");
        if (tab.key === "account") params.delete("tab");
        else params.set("tab", tab.key);
        const query = params.toString();
        return (
          <Link
            key={tab.key}
            to={query ? `?${query}` : "?"}
            replace
            className={`login-tabs__tab${tab.key === current ? " login-tabs__tab--active" : ""}`}
            aria-current={tab.key === current ? "page" : undefined}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
