// Browser-side shell state: layout settings (localStorage), device class (window width) and the
// header's scroll hiding. During server rendering the defaults apply (desktop, defaults).
import { useCallback, useEffect, useState } from "react";
import {
  DEFAULT_LAYOUT_SETTINGS,
  LAYOUT_SETTINGS_KEY,
  deviceForWidth,
  headerHidden,
  normaliseSettings,
  parseLayoutSettings,
  type Device,
  type LayoutSettings,
} from "~/lib/layout-settings";

/**
 * The layout settings: this browser's (localStorage), with the user's saved 个性化 preferences
 * (账户设置, kept by the backend) over them whenever those arrive or change.
 */
export function useLayoutSettings(persisted?: Partial<LayoutSettings> | null): [LayoutSettings, (change: Partial<LayoutSettings>) => void] {
  const [settings, setSettings] = useState<LayoutSettings>(DEFAULT_LAYOUT_SETTINGS);
  const persistedKey = persisted ? JSON.stringify(persisted) : "";
  useEffect(() => {
    const local = parseLayoutSettings(window.localStorage.getItem(LAYOUT_SETTINGS_KEY));
    const next = persistedKey ? normaliseSettings({ ...local, ...(JSON.parse(persistedKey) as Partial<LayoutSettings>) }) : local;
    if (persistedKey) window.localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(next));
    setSettings(next);
  }, [persistedKey]);
  const update = useCallback((change: Partial<LayoutSettings>) => {
    setSettings((current) => {
      const next = normaliseSettings({ ...current, ...change });
      window.localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [settings, update];
}

export function useDevice(): Device {
  const [device, setDevice] = useState<Device>("desktop");
  useEffect(() => {
    const measure = () => setDevice(deviceForWidth(window.innerWidth));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  return device;
}

/** docs/spec/app-shell.md §4: hides once scrolled over 100 px; the scroll flag resets after 100 ms. */
export function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let previous = window.scrollY;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      window.setTimeout(() => {
        const current = window.scrollY;
        setHidden(headerHidden(previous, current));
        previous = current;
        ticking = false;
      }, 100);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [enabled]);
  return hidden;
}
