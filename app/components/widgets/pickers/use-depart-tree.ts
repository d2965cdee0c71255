// The department tree (docs/spec/widgets.md §7 "department tree"; contract §7 queryTreeList), loaded
// through GET /api/widgets/departs when a picker needs it.
import { useEffect, useState } from "react";
import { App } from "antd";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { failureOf, requestWidget } from "~/routes/api/widgets/widget-answer";
import type { DepartNode } from "./picker-logic";

export function useDepartTree(needed: boolean): { tree: DepartNode[]; loaded: boolean } {
  const app = App.useApp();
  const [state, setState] = useState<{ tree: DepartNode[]; loaded: boolean }>({ tree: [], loaded: false });
  useEffect(() => {
    if (!needed || state.loaded) return;
    let live = true;
    void requestWidget<DepartNode>("/api/widgets/departs").then((answer) => {
      if (!live) return;
      if (answer.ok) setState({ tree: answer.items, loaded: true });
      else showFailure(app, failureOf(answer));
    });
    return () => {
      live = false;
    };
    // Loaded once per widget; the App context does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, state.loaded]);
  return state;
}
