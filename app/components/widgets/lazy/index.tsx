// A widget loaded on first use (its chunk stays out of the page's first paint), shown as a disabled
// input of the same place until it arrives (bench shell: list page ≤ 350 KB gzip, issue #11).
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Input } from "antd";

export function lazyWidget<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: ReactNode = <Input disabled aria-label="加载中" />): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyWidget(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}
