// Layout settings of docs/spec/app-shell.md §3 with their defaults, kept in localStorage (§3 keys).
export interface LayoutSettings {
  theme: "dark" | "light";
  layout: "sidemenu" | "topmenu";
  contentWidth: "Fixed" | "Fluid";
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  primaryColor: string;
  sidebarOpened: boolean;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  theme: "light",
  layout: "sidemenu",
  contentWidth: "Fixed",
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
  primaryColor: "#1890FF",
  sidebarOpened: true,
};

export const LAYOUT_SETTINGS_KEY = "pro__LAYOUT_SETTINGS";

export function parseLayoutSettings(text: string | null): LayoutSettings {
  if (!text) return DEFAULT_LAYOUT_SETTINGS;
  try {
    const stored = JSON.parse(text) as Partial<LayoutSettings>;
    const settings = { ...DEFAULT_LAYOUT_SETTINGS };
    for (const key of Object.keys(DEFAULT_LAYOUT_SETTINGS) as Array<keyof LayoutSettings>) {
      if (typeof stored[key] === typeof DEFAULT_LAYOUT_SETTINGS[key]) (settings as Record<string, unknown>)[key] = stored[key];
    }
    return normaliseSettings(settings);
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
}

/** The dependent options of the settings drawer (§2): auto-hide needs a fixed header; fluid width and a fixed side menu belong to one mode each. */
export function normaliseSettings(settings: LayoutSettings): LayoutSettings {
  const next = { ...settings };
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (next.layout === "sidemenu") next.contentWidth = "Fluid";
  if (next.layout === "topmenu") next.fixSiderbar = false;
  return next;
}

/** Device classes by width (docs/spec/app-shell.md §2: breakpoints 1087.99 px and 767.99 px). */
export type Device = "desktop" | "tablet" | "mobile";
export const BREAKPOINTS = { mobileMax: 767.99, tabletMax: 1087.99 } as const;

export function deviceForWidth(width: number): Device {
  if (width <= BREAKPOINTS.mobileMax) return "mobile";
  if (width <= BREAKPOINTS.tabletMax) return "tablet";
  return "desktop";
}

/** Header auto-hide (§4): hidden once scrolled past 100 px while scrolling down. */
export const HEADER_HIDE_THRESHOLD = 100;
export function headerHidden(previousScroll: number, scroll: number): boolean {
  return scroll > HEADER_HIDE_THRESHOLD && scroll > previousScroll;
}
