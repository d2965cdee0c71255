// The tree select by dictionary table (JeecgBoot JTreeSelect; docs/spec/widgets.md §2, §5, §7
// GET /sys/dict/loadTreeData): roots where `pidField` is `pidValue`, children loaded when opened.
import { useMemo } from "react";
import { widgetUrl } from "~/routes/api/widgets/widget-answer";
import { LazyTreeSelect, type TreeSource, type TreeValueProps } from "./lazy-tree-select";
import { conditionProblem, parseTableDict, TREE_CONDITION_ERROR, TREE_DICT_FORMAT_ERROR } from "./tree-logic";

export interface DictTreeSelectProps extends TreeValueProps {
  /** `table,text,code`: the table, its title column and its key column. */
  dict: string;
  /** The parent column; default `pid`. */
  pidField?: string;
  /** The parent value of the roots; default empty (roots have an empty or null parent). */
  pidValue?: string;
  /** A column that says whether a row has children. */
  hasChildField?: string;
  /** A JSON object string of extra `column = value` conditions. */
  condition?: string;
}

export function DictTreeSelect({ dict, pidField = "pid", pidValue = "", hasChildField = "", condition = "", ...rest }: DictTreeSelectProps) {
  const table = parseTableDict(dict);
  const problem = table ? conditionProblem(condition, TREE_CONDITION_ERROR) : TREE_DICT_FORMAT_ERROR;
  const source = useMemo<TreeSource>(() => {
    const query = { ...table, pidField, hasChildField, condition };
    return {
      key: JSON.stringify([dict, pidField, pidValue, hasChildField, condition]),
      rootUrl: widgetUrl("/api/widgets/tree", { ...query, pid: pidValue }),
      childrenUrl: (parentKey) => widgetUrl("/api/widgets/tree", { ...query, pid: parentKey }),
      textsUrl: (keys) => widgetUrl(`/api/widgets/dict-text/${encodeURIComponent(dict)}`, { key: keys }),
    };
    // `table` is derived from `dict`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, pidField, pidValue, hasChildField, condition]);
  return <LazyTreeSelect {...rest} source={source} problem={problem} />;
}
