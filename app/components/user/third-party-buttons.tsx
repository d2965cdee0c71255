// The login page's third-party sign-in (issue #17 part 2): one plain link per configured provider,
// so it works before JavaScript and adds no script to the login page's budget.
import type { ThirdProvider } from "#contract/third-login";

export function ThirdPartyButtons({ providers, redirect }: { providers: ThirdProvider[]; redirect: string }) {
  if (providers.length === 0) return null;
  const query = redirect ? `?${new URLSearchParams({ redirect })}` : "";
  return (
    <nav className="third-login" aria-label="第三方登录">
      <span className="third-login__label">其他登录方式</span>
      {providers.map((provider) => (
        <a key={provider.type} className="third-login__link" href={`/user/third-login/${encodeURIComponent(provider.type)}${query}`}>
          {provider.name}
        </a>
      ))}
    </nav>
  );
}

/** A sign-in that could not finish: what went wrong, and the way back. */
export function ThirdLoginProblem({ message, retry = "/user/login" }: { message: string; retry?: string }) {
  return (
    <div className="third-login-problem" role="alert">
      <p className="third-login-problem__text">{message}</p>
      <a href={retry}>返回登录</a>
    </div>
  );
}
