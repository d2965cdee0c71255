// 注册结果 (issue #17 part 6; docs/spec/app-shell.md §2): the new account's name, and what comes next:
// it has no role until an administrator of the school gives it one (docs/decisions/050).
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/register-result";
import { LOGIN_PATH, PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `注册结果 - ${PLATFORM_NAME}` }];

export default function RegisterResultPage() {
  const [searchParams] = useSearchParams();
  const username = (searchParams.get("username") ?? "").slice(0, 18);
  return (
    <section className="user-register-result" aria-labelledby="register-result-title">
      <h2 id="register-result-title" className="password-change__title">
        {username ? `你的账户：${username} 注册成功` : "注册成功"}
      </h2>
      <p className="password-change__hint">账户还没有任何权限：请联系学校管理员为你分配角色，分配后即可登录使用。</p>
      <Link to={LOGIN_PATH} className="user-register-result__login">
        使用新账户登录
      </Link>
    </section>
  );
}
