// 刷新缓存 of 数据字典: the backend drops its dictionary cache and this web server its dictionary
// options (POST /api/dict/refresh-cache); then the browser forgets the options its dictionary
// selects loaded, so every select asks again, and the page's loaders run again after the action.
import { useFetcher } from "react-router";
import { App } from "antd";
import { dictCache } from "~/components/widgets/dict-select/dict-store";
import { useFetcherAnswer } from "~/components/shell/feedback/use-fetcher-answer";

export const REFRESH_CACHE_ROUTE = "/api/dict/refresh-cache";

export function useRefreshDictCache(): { refresh: () => void; refreshing: boolean } {
  const fetcher = useFetcher<{ ok: boolean }>();
  const { message } = App.useApp();
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      dictCache.forget();
      void message.success("刷新缓存完成！");
    } else void message.error("刷新缓存失败！");
  });
  return {
    refresh: () => void fetcher.submit(null, { method: "post", action: REFRESH_CACHE_ROUTE }),
    refreshing: fetcher.state !== "idle",
  };
}
