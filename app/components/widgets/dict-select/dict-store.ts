// The session's dictionary options in module memory, loaded through the widget route
// GET /api/widgets/dict/:code (→ backend GET /sys/dict/getDictItems/{code}, docs/spec/widgets.md §7).
import { useEffect, useState } from "react";
import { requestWidget, widgetUrl } from "~/routes/api/widgets/widget-answer";
import { createDictCache, dictCodeProblem, type DictOption } from "./dict-options";

export const dictCache = createDictCache(async (code) => {
  const answer = await requestWidget<DictOption>(widgetUrl(`/api/widgets/dict/${encodeURIComponent(code)}`));
  if (!answer.ok) throw new Error(answer.message);
  return answer.items;
});

export interface DictOptionsState {
  options: DictOption[];
  loading: boolean;
  /** A configuration error to show instead of the control (spec §5 "Dictionary"). */
  problem: string | null;
}

/**
 * The options of a widget: the given `options`, else the dictionary's (cached per code). A failed
 * load leaves the options empty (docs/spec/widgets.md §7 "on failure options are empty").
 */
export function useDictOptions(dictCode: string | undefined, given?: readonly DictOption[]): DictOptionsState {
  const code = (dictCode ?? "").trim();
  const problem = dictCodeProblem(dictCode, given);
  const useDictionary = !given && code !== "";
  const [loaded, setLoaded] = useState<{ code: string; options: DictOption[] } | null>(null);

  useEffect(() => {
    // Already cached: read at render, no state to set (a grid mounts hundreds of these cells).
    if (!useDictionary || dictCache.peek(code)) return;
    let live = true;
    dictCache.load(code).then(
      (options) => live && setLoaded({ code, options }),
      () => live && setLoaded({ code, options: [] }),
    );
    return () => {
      live = false;
    };
  }, [code, useDictionary]);

  if (given) return { options: [...given], loading: false, problem };
  if (!useDictionary) return { options: [], loading: false, problem };
  const cached = dictCache.peek(code);
  if (cached) return { options: cached, loading: false, problem };
  if (loaded?.code === code) return { options: loaded.options, loading: false, problem };
  return { options: [], loading: true, problem };
}
