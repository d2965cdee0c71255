// The user layout of the sign-in pages: header, routed view, footer (docs/spec/app-shell.md §2).
import { Outlet } from "react-router";
import { PLATFORM_NAME } from "~/config";
import { schoolNow } from "~/lib/school-clock";

export default function UserLayout() {
  return (
    <div className="user-layout">
      <header className="user-layout__top">
        <h1 className="user-layout__title">
          <img src="/logo.svg" alt="" />
          {PLATFORM_NAME}
        </h1>
        <p className="user-layout__desc">国际学校学籍、收费、活动与通知一体化管理后台</p>
      </header>
      <main className="user-layout__main">
        <Outlet />
      </main>
      <footer className="user-layout__footer">
        <div>
          <a href="/user/login">帮助</a>
          <a href="/user/login">隐私</a>
          <a href="/user/login">条款</a>
        </div>
        <div style={{ marginTop: 8 }}>Copyright © {schoolNow().year} {PLATFORM_NAME}</div>
      </footer>
    </div>
  );
}
