// A widget loaded on first use (its chunk stays out of the page's first paint), shown until it
// arrives as a stand-in of the same place: by default a disabled input, or what `fallback` renders
// from the widget's own props (bench shell: list page ≤ 350 KB gzip, issue #11).
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { PLAIN_INPUT_CLASS } from "../light-form";

const LOADING = <input className={`${PLAIN_INPUT_CLASS} ant-input-disabled`} disabled aria-label="加载中" />;

export function lazyWidget<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: ReactNode | ((props: Props) => ReactNode) = LOADING): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyWidget(props: Props) {
    return (
      <Suspense fallback={typeof fallback === "function" ? fallback(props) : fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}

/**
 * A part the server renders in full while the browser loads its code after the page's first paint:
 * the server's HTML stays in place (React keeps a Suspense boundary dehydrated until its code
 * arrives) and is hydrated then. The server loads the code at start, so that its pages never wait
 * for it. `fallback` stands in if the part must render again before its code has arrived.
 */
export function lazyIsland<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: (props: Props) => ReactNode = () => null): ComponentType<Props> {
  const Part = lazy(async () => ({ default: await load() }));
  let onServer: ComponentType<Props> | null = null;
  if (import.meta.env.SSR) void load().then((component) => (onServer = component));
  function LazyIsland(props: Props) {
    // The browser keeps to the lazy part: switching types would remount it and lose its state.
    const Shown = (import.meta.env.SSR && onServer) || Part;
    return (
      <Suspense fallback={fallback(props)}>
        <Shown {...props} />
      </Suspense>
    );
  }
  return LazyIsland;
}
