// The generic modal (docs/spec/app-shell.md §2 "Dialogs": "Generic modal with optional fullscreen
// toggle; fullscreen resets to its prop on each opening"): antd's Modal plus a title-bar toggle.
// The state rule lives in ./fullscreen-state so it is unit-tested.
import { Button, Modal, type ModalProps } from "antd";
import FullscreenExitOutlined from "@ant-design/icons/FullscreenExitOutlined";
import FullscreenOutlined from "@ant-design/icons/FullscreenOutlined";
import { useState, type CSSProperties } from "react";
import { initialFullscreenState, syncOpen, toggleFullscreen } from "./fullscreen-state";

export interface AppModalProps extends ModalProps {
  /** Show the fullscreen toggle in the title bar. */
  switchFullscreen?: boolean;
  /** Start fullscreen; re-applied each time `open` becomes true (§2). */
  fullscreen?: boolean;
}

type ModalStyles = NonNullable<ModalProps["styles"]>;
// The object form of `styles` (antd 6 also accepts a function of the props).
type ModalStylesObject = Exclude<ModalStyles, (...args: never[]) => unknown>;

// Fullscreen = the whole viewport: width 100vw, top 0, and a container of full height whose body
// takes the room left by the header and footer.
const FULLSCREEN_WIDTH = "100vw";
const FULLSCREEN_ROOT: CSSProperties = { top: 0, maxWidth: "100vw", margin: 0, paddingBottom: 0 };
const FULLSCREEN_STYLES: ModalStylesObject = {
  container: { height: "100vh", display: "flex", flexDirection: "column", borderRadius: 0 },
  body: { flex: 1, minHeight: 0, overflow: "auto" },
};

// Room kept free at the end of the title for antd's close button, which is absolutely positioned.
const CLOSE_BUTTON_ROOM = 32;

function mergeStyleObjects(base: ModalStylesObject, extra: ModalStylesObject): ModalStylesObject {
  return {
    ...base,
    container: { ...base.container, ...extra.container },
    body: { ...base.body, ...extra.body },
  };
}

// The caller's `styles` may be an object or (antd 6) a function of the props; keep both working.
function withFullscreenStyles(styles: ModalProps["styles"]): ModalStyles {
  if (typeof styles === "function") return (info) => mergeStyleObjects(styles(info) ?? {}, FULLSCREEN_STYLES);
  return mergeStyleObjects(styles ?? {}, FULLSCREEN_STYLES);
}

export function AppModal({
  switchFullscreen = false,
  fullscreen: fullscreenProp = false,
  open = false,
  title,
  width,
  style,
  styles,
  closable,
  ...rest
}: AppModalProps) {
  const [state, setState] = useState(() => initialFullscreenState(open, fullscreenProp));
  // Adjusting state while rendering (instead of in an effect) so the very first frame of an
  // opening already has the right size.
  const synced = syncOpen(state, open, fullscreenProp);
  if (synced !== state) setState(synced);
  const fullscreen = synced.fullscreen;

  const label = fullscreen ? "退出全屏" : "全屏";
  const titleNode = switchFullscreen ? (
    <div style={{ display: "flex", alignItems: "center", gap: 8, paddingInlineEnd: closable === false ? 0 : CLOSE_BUTTON_ROOM }}>
      <div style={{ flex: 1, minWidth: 0 }}>{title}</div>
      <Button
        type="text"
        size="small"
        title={label}
        aria-label={label}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => setState((current) => toggleFullscreen(current))}
      />
    </div>
  ) : (
    title
  );

  return (
    <Modal
      {...rest}
      open={open}
      closable={closable}
      title={titleNode}
      width={fullscreen ? FULLSCREEN_WIDTH : width}
      style={fullscreen ? { ...style, ...FULLSCREEN_ROOT } : style}
      styles={fullscreen ? withFullscreenStyles(styles) : styles}
    />
  );
}
