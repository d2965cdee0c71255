// The browser full-screen the markdown editor's 全屏 button uses, in the shape of the `screenfull`
// package md-editor-rt expects. Given as its instance, the editor no longer fetches screenfull from
// unpkg.com (the CSP refuses other origins, and a school's network may have none: issue #30).
type Listener = () => void;

export const browserFullscreen = {
  get isEnabled(): boolean {
    return typeof document !== "undefined" && document.fullscreenEnabled;
  },
  get isFullscreen(): boolean {
    return typeof document !== "undefined" && document.fullscreenElement !== null;
  },
  request(element: Element = document.documentElement): Promise<void> {
    return element.requestFullscreen();
  },
  exit(): Promise<void> {
    return document.fullscreenElement ? document.exitFullscreen() : Promise.resolve();
  },
  on(event: "change" | "error", listener: Listener): void {
    document.addEventListener(event === "change" ? "fullscreenchange" : "fullscreenerror", listener);
  },
  off(event: "change" | "error", listener: Listener): void {
    document.removeEventListener(event === "change" ? "fullscreenchange" : "fullscreenerror", listener);
  },
};
