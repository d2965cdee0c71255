// What an error boundary shows instead of a blank page when a code-split chunk failed to load
// (docs/spec/app-shell.md §8 "chunk load failure"; recognise the error with isChunkLoadError). A reload
// fetches the current build's files, which is the fix after a network hiccup or a new deploy.
import { PRIMARY_BUTTON_CLASS, ResultPanel, WarningFilled } from "../status-page";

export interface ChunkReloadNoticeProps {
  /** Replaces the full page reload (e.g. in tests); by default the page is reloaded. */
  onReload?: () => void;
}

export function ChunkReloadNotice({ onReload }: ChunkReloadNoticeProps) {
  return (
    <ResultPanel
      tone="warning"
      icon={WarningFilled}
      iconLabel="warning"
      title="页面资源加载失败"
      subtitle="网络不稳定或系统已更新，请刷新页面后重试"
      extra={
        <button type="button" className={PRIMARY_BUTTON_CLASS} onClick={() => (onReload ? onReload() : window.location.reload())}>
          <span>刷新页面</span>
        </button>
      }
    />
  );
}
