// The settings drawer of development builds (docs/spec/app-shell.md §2 "Settings drawer").
import { Divider, Drawer, Radio, Switch, Tooltip } from "antd";
import type { LayoutSettings } from "~/lib/layout-settings";

const COLOURS = ["#1890FF", "#F5222D", "#FA541C", "#FAAD14", "#13C2C2", "#52C41A", "#2F54EB", "#722ED1"];

export function SettingsDrawer({
  open,
  settings,
  onChange,
  onClose,
}: {
  open: boolean;
  settings: LayoutSettings;
  onChange: (change: Partial<LayoutSettings>) => void;
  onClose: () => void;
}) {
  const row = (label: string, control: React.ReactNode, hint?: string) => (
    <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", padding: "8px 0" }}>
      <Tooltip title={hint}>
        <span>{label}</span>
      </Tooltip>
      {control}
    </div>
  );
  return (
    <Drawer title="系统设置" open={open} onClose={onClose} size={300}>
      <Divider>整体风格设置</Divider>
      <Radio.Group value={settings.theme} onChange={(event) => onChange({ theme: event.target.value })}>
        <Radio.Button value="dark">暗色菜单</Radio.Button>
        <Radio.Button value="light">亮色菜单</Radio.Button>
      </Radio.Group>
      <Divider>主题色</Divider>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        {COLOURS.map((colour) => (
          <button
            key={colour}
            type="button"
            aria-label={colour}
            aria-pressed={settings.primaryColor === colour}
            onClick={() => onChange({ primaryColor: colour })}
            style={{ width: 20, height: 20, border: settings.primaryColor === colour ? "2px solid #000" : "none", borderRadius: 2, background: colour, cursor: "pointer" }}
          />
        ))}
      </div>
      <Divider>导航模式</Divider>
      <Radio.Group value={settings.layout} onChange={(event) => onChange({ layout: event.target.value })}>
        <Radio.Button value="sidemenu">侧边栏导航</Radio.Button>
        <Radio.Button value="topmenu">顶部栏导航</Radio.Button>
      </Radio.Group>
      <Divider>其他设置</Divider>
      {row(
        "内容区域宽度",
        <Radio.Group
          size="small"
          value={settings.contentWidth}
          disabled={settings.layout === "sidemenu"}
          onChange={(event) => onChange({ contentWidth: event.target.value })}
        >
          <Radio.Button value="Fixed">固定</Radio.Button>
          <Radio.Button value="Fluid">流式</Radio.Button>
        </Radio.Group>,
        "流式仅在顶部栏导航时可用",
      )}
      {row("固定 Header", <Switch size="small" checked={settings.fixedHeader} onChange={(fixedHeader) => onChange({ fixedHeader })} />)}
      {row(
        "下滑时隐藏 Header",
        <Switch size="small" disabled={!settings.fixedHeader} checked={settings.autoHideHeader} onChange={(autoHideHeader) => onChange({ autoHideHeader })} />,
        "固定 Header 时可配置",
      )}
      {row(
        "固定侧边菜单",
        <Switch size="small" disabled={settings.layout === "topmenu"} checked={settings.fixSiderbar} onChange={(fixSiderbar) => onChange({ fixSiderbar })} />,
      )}
      {row("色弱模式", <Switch size="small" checked={settings.colorWeak} onChange={(colorWeak) => onChange({ colorWeak })} />)}
      {row("多页签模式", <Switch size="small" checked={settings.multipage} onChange={(multipage) => onChange({ multipage })} />)}
    </Drawer>
  );
}
