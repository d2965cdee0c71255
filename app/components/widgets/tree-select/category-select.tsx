// The category tree select (JeecgBoot JCategorySelect; docs/spec/widgets.md §2, §5, §7
// /sys/category/loadTreeRoot, loadTreeChildren, loadDictItem): the categories under `pcode`,
// children loaded when opened; stores category ids.
import { useMemo } from "react";
import { widgetUrl } from "~/routes/api/widgets/widget-answer";
import { LazyTreeSelect, type TreeSource, type TreeValueProps } from "./lazy-tree-select";
import { CATEGORY_CONDITION_ERROR, CATEGORY_ROOT_PCODE, conditionProblem } from "./tree-logic";

export interface CategorySelectProps extends TreeValueProps {
  /** The code of the parent category whose children are the roots; default `0` (the top). */
  pcode?: string;
  /** A parent category id instead of `pcode`. */
  pid?: string;
  /** A JSON object string of extra conditions. */
  condition?: string;
}

export function CategorySelect({ pcode = "", pid = "", condition = "", ...rest }: CategorySelectProps) {
  const problem = conditionProblem(condition, CATEGORY_CONDITION_ERROR);
  const source = useMemo<TreeSource>(
    () => ({
      key: JSON.stringify([pcode, pid, condition]),
      rootUrl: pid
        ? widgetUrl("/api/widgets/category", { pid, condition })
        : widgetUrl("/api/widgets/category", { pcode: pcode || CATEGORY_ROOT_PCODE, condition }),
      childrenUrl: (parentKey) => widgetUrl("/api/widgets/category", { pid: parentKey, condition }),
      textsUrl: (keys) => widgetUrl("/api/widgets/category", { ids: keys }),
    }),
    [pcode, pid, condition],
  );
  return <LazyTreeSelect {...rest} source={source} problem={problem} />;
}
