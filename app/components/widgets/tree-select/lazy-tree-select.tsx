// The lazy-loading tree select under both tree widgets: roots on mount, children when a node
// opens, and the titles of an initial value from a text lookup (docs/spec/widgets.md §2, §7).
import { useEffect, useState } from "react";
import { App, TreeSelect } from "antd";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { failureOf, requestWidget, type WidgetFailure } from "~/routes/api/widgets/widget-answer";
import { joinValues, splitValues } from "../dict-select/dict-options";
import { useControllableValue } from "../dict-select/use-controllable-value";
import { HiddenValue, WidgetProblem, type ValueWidgetProps } from "../dict-select/widget-parts";
import {
  attachChildren,
  knownTitles,
  labelledValues,
  titlesFromTexts,
  toTreeOptions,
  TREE_POPUP_MAX_HEIGHT,
  type RawTreeNode,
  type TreeOption,
} from "./tree-logic";

/** Where the nodes and texts come from; `key` changes whenever the source does. */
export interface TreeSource {
  key: string;
  rootUrl: string;
  childrenUrl: (parentKey: string) => string;
  textsUrl: (keys: string) => string;
}

export interface TreeValueProps extends ValueWidgetProps {
  /** Comma-joined keys; `labels` are the node titles in the same order. */
  onChange?: (value: string, labels: string) => void;
  multiple?: boolean;
  placeholder?: string;
}

interface Labelled {
  value: string;
  label?: React.ReactNode;
}

function labelText(label: React.ReactNode, fallback: string): string {
  return typeof label === "string" || typeof label === "number" ? String(label) : fallback;
}

export function LazyTreeSelect({
  source,
  problem,
  value,
  defaultValue,
  onChange,
  name,
  multiple = false,
  placeholder = "请选择",
  disabled,
  id,
  className,
  style,
}: TreeValueProps & { source: TreeSource; problem: string | null }) {
  const app = App.useApp();
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  const [tree, setTree] = useState<TreeOption[]>([]);
  const [titles, setTitles] = useState<Record<string, string>>({});

  const fail = (answer: WidgetFailure) => {
    // docs/spec/widgets.md §7: a failed root load shows the server message as an error.
    if (answer.kind === "session-expired" || answer.kind === "unauthorized") showFailure(app, failureOf(answer));
    else void app.message.error(answer.message);
  };

  useEffect(() => {
    if (problem) return;
    let live = true;
    void requestWidget<RawTreeNode>(source.rootUrl).then((answer) => {
      if (!live) return;
      if (answer.ok) setTree(toTreeOptions(answer.items));
      else fail(answer);
    });
    return () => {
      live = false;
    };
    // The source key stands for the URLs; `fail` only reads the App context.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source.key, problem]);

  const keys = splitValues(current);
  const known = { ...titles, ...knownTitles(tree, keys) };

  useEffect(() => {
    const missing = splitValues(current).filter((key) => !(key in titles));
    if (problem || missing.length === 0) return;
    let live = true;
    void requestWidget<string>(source.textsUrl(joinValues(missing))).then((answer) => {
      if (live && answer.ok) setTitles((before) => ({ ...before, ...titlesFromTexts(missing, answer.items) }));
    });
    return () => {
      live = false;
    };
    // Titles are looked up once per new value; the lookup's own answer must not trigger another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, source.key, problem]);

  if (problem) return <WidgetProblem message={problem} />;

  const loadData = async (node: { key?: React.Key; value?: React.Key; children?: unknown[] }) => {
    const parentKey = String(node.value ?? node.key ?? "");
    if (parentKey === "" || (Array.isArray(node.children) && node.children.length > 0)) return;
    const answer = await requestWidget<RawTreeNode>(source.childrenUrl(parentKey));
    if (answer.ok) setTree((before) => attachChildren(before, parentKey, toTreeOptions(answer.items)));
    else fail(answer);
  };

  const change = (next: Labelled | Labelled[] | null | undefined) => {
    const chosen = next === null || next === undefined ? [] : Array.isArray(next) ? next : [next];
    const entries = chosen.map((entry) => ({ value: String(entry.value), label: labelText(entry.label, String(entry.value)) }));
    setTitles((before) => ({ ...before, ...Object.fromEntries(entries.map((entry) => [entry.value, entry.label])) }));
    setCurrent(
      joinValues(entries.map((entry) => entry.value)),
      entries.map((entry) => entry.label).join(","),
    );
  };

  const labelled = labelledValues(keys, known);
  return (
    <>
      <TreeSelect<Labelled | Labelled[] | undefined>
        id={id}
        className={className}
        style={{ width: "100%", ...style }}
        labelInValue
        allowClear
        multiple={multiple}
        disabled={disabled}
        placeholder={placeholder}
        treeData={tree}
        loadData={loadData}
        value={multiple ? labelled : labelled[0]}
        onChange={change}
        styles={{ popup: { root: { maxHeight: TREE_POPUP_MAX_HEIGHT, overflow: "auto" } } }}
      />
      <HiddenValue name={name} value={current} />
    </>
  );
}
