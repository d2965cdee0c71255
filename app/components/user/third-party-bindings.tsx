// 账户设置 → 绑定 (issue #17 part 2): each configured third-party provider with the account's
// bound identity; 绑定 goes to the provider and back, 解绑 asks first. Props: none; the data comes
// from its own resource route (/api/account/third-bindings), so any page can mount it.
import { useEffect } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { App, Button, Empty, Popconfirm, Spin, Tag } from "antd";
import type { ThirdBinding } from "#contract/third-login";
import type { Failure } from "~/services/api-errors";
import { showFailure } from "~/components/shell/feedback/failure-feedback";

const API = "/api/account/third-bindings";

type ListAnswer = { ok: true; bindings: ThirdBinding[] } | { ok: false; failure: Failure };
type UnbindAnswer = { ok: true; message: string } | { ok: false; failure?: Failure };

export function ThirdPartyBindings() {
  const app = App.useApp();
  const list = useFetcher<ListAnswer>();
  const change = useFetcher<UnbindAnswer>();
  const [searchParams] = useSearchParams();

  useEffect(() => {
    if (list.state === "idle" && !list.data) list.load(API);
  }, [list]);
  useEffect(() => {
    const bound = searchParams.get("bound");
    if (bound) void app.message.success("绑定成功");
    // Once, for the return from the provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!change.data) return;
    if (change.data.ok) void app.message.success(change.data.message);
    else if (change.data.failure) showFailure(app, change.data.failure);
    // The answer object identity changes with each submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change.data]);
  useEffect(() => {
    if (list.data && !list.data.ok) showFailure(app, list.data.failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data]);

  // The name goes on a status element: axe refuses aria-label on the spinner's plain div.
  if (!list.data)
    return (
      <div role="status" aria-label="加载中">
        <Spin />
      </div>
    );
  const bindings = list.data.ok ? list.data.bindings : [];
  if (bindings.length === 0) return <Empty description="未配置第三方登录" />;
  return (
    <ul className="third-bindings" aria-label="第三方账号绑定">
      {bindings.map((binding) => (
        <li key={binding.type} className="third-bindings__item">
          <div>
            <div className="third-bindings__name">{binding.name}</div>
            <div className="third-bindings__state">
              {binding.bound ? (
                <>
                  <Tag color="success">已绑定</Tag>
                  {binding.realname ?? ""}
                  {binding.bindTime ? `，绑定于 ${binding.bindTime}` : ""}
                </>
              ) : (
                <Tag>未绑定</Tag>
              )}
            </div>
          </div>
          {binding.bound ? (
            <Popconfirm
              title={`确定解绑${binding.name}账号吗？`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => change.submit({ thirdType: binding.type }, { method: "post", action: API })}
            >
              <Button loading={change.state !== "idle"}>解绑</Button>
            </Popconfirm>
          ) : (
            <Button type="primary" href={`/user/third-login/${encodeURIComponent(binding.type)}?bind=1`}>
              绑定
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
