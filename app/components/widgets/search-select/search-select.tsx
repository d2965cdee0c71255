// The search select (docs/spec/widgets.md §2 "Selects and editors"): sync mode filters given options
// (or a dictionary's) locally; async mode (`dict="table,text,code"`) asks the backend page by page
// as the user types. The initial value's text comes from the dictionary text route.
import { useEffect, useMemo, useRef, useState } from "react";
import { App, Select, Typography } from "antd";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { failureOf, requestWidget, widgetUrl } from "~/routes/api/widgets/widget-answer";
import { DICT_CODE_EMPTY, textMatches, toSelectOptions, type DictOption } from "../dict-select/dict-options";
import { useDictOptions } from "../dict-select/dict-store";
import { useControllableValue } from "../dict-select/use-controllable-value";
import { HiddenValue, WidgetProblem, type ValueWidgetProps } from "../dict-select/widget-parts";
import {
  createLatestGuard,
  debounce,
  notFoundText,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE,
  withSelectedOption,
} from "./search-select-logic";

export interface SearchSelectProps extends ValueWidgetProps {
  /** A dictionary code, or `table,text,code` (required for `async`). */
  dict?: string;
  /** Fixed options for the sync mode. */
  options?: DictOption[];
  /** Ask the backend as the user types (table dictionaries only). */
  async?: boolean;
  /**
   * Async: a resource route answering the options as dict-search does (`?keyword=&pageSize=`), for
   * options richer than the dictionary's text (a parent with his phone and children); the chosen
   * value's text still comes from `dict`.
   */
  source?: string;
  /** Async page size; docs/spec/widgets.md §9 default 10. */
  pageSize?: number;
  onChange?: (value: string, option?: DictOption) => void;
  placeholder?: string;
  allowClear?: boolean;
  /** Focused and open at once (a grid cell whose editor mounts on a click). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

export function SearchSelect(props: SearchSelectProps) {
  return props.async ? <AsyncSearchSelect {...props} /> : <SyncSearchSelect {...props} />;
}

function SyncSearchSelect({ dict, options, value, defaultValue, onChange, name, placeholder = "请选择", allowClear = true, disabled, id, className, style, autoFocus, defaultOpen }: SearchSelectProps) {
  const source = useDictOptions(dict, options);
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  if (source.problem) return <WidgetProblem message={source.problem} />;
  return (
    <>
      <Select<string>
        id={id}
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        className={className}
        style={{ width: "100%", ...style }}
        value={current === "" ? undefined : current}
        options={toSelectOptions(source.options)}
        loading={source.loading}
        placeholder={placeholder}
        allowClear={allowClear}
        disabled={disabled}
        showSearch={{ filterOption: (input, option) => textMatches(typeof option?.label === "string" ? option.label : "", input) }}
        onChange={(next) => setCurrent(next ?? "", source.options.find((option) => option.value === next))}
      />
      <HiddenValue name={name} value={current} />
    </>
  );
}

function AsyncSearchSelect({
  dict = "",
  source,
  value,
  defaultValue,
  onChange,
  name,
  pageSize = SEARCH_PAGE_SIZE,
  placeholder = "请选择",
  allowClear = true,
  disabled,
  id,
  className,
  style,
  autoFocus,
  defaultOpen,
}: SearchSelectProps) {
  const app = App.useApp();
  const [current, setCurrent] = useControllableValue(value, defaultValue, onChange);
  const [options, setOptions] = useState<DictOption[]>([]);
  const [keyword, setKeyword] = useState("");
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<DictOption | null>(null);
  const firstPageLoaded = useRef(false);
  const guard = useRef(createLatestGuard());

  const search = useMemo(() => {
    const run = async (text: string) => {
      const ticket = guard.current.next();
      setLoading(true);
      setOptions([]);
      const answer = await requestWidget<DictOption>(widgetUrl(source ?? `/api/widgets/dict-search/${encodeURIComponent(dict)}`, { keyword: text, pageSize }));
      if (!guard.current.isLatest(ticket)) return;
      setLoading(false);
      if (answer.ok) setOptions(answer.items);
      // docs/spec/widgets.md §7: a failure shows a warning with the server message.
      else showFailure(app, failureOf(answer));
    };
    return debounce((text: string) => void run(text), SEARCH_DEBOUNCE_MS);
  }, [dict, source, pageSize, app]);
  useEffect(() => () => search.cancel(), [search]);
  // Mounted open: onOpenChange does not run for the first opening, so ask the first page here.
  useEffect(() => {
    if (!defaultOpen || firstPageLoaded.current) return;
    firstPageLoaded.current = true;
    search("");
    // Only at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The text of a value set from outside (an edit form, the URL): ask loadDictItem once per value.
  useEffect(() => {
    if (current === "" || selected?.value === current || options.some((option) => option.value === current)) return;
    let live = true;
    void requestWidget<string>(widgetUrl(`/api/widgets/dict-text/${encodeURIComponent(dict)}`, { key: current })).then((answer) => {
      if (live) setSelected({ value: current, text: answer.ok && answer.items[0] ? answer.items[0] : current });
    });
    return () => {
      live = false;
    };
    // Only a new value or dictionary needs its text; options changing as the user types do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, dict]);

  if (dict.trim() === "") return <WidgetProblem message={DICT_CODE_EMPTY} />;
  const shown = withSelectedOption(options, selected?.value === current ? selected : null);
  return (
    <>
      <Select<string>
        id={id}
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        className={className}
        style={{ width: "100%", ...style }}
        value={current === "" ? undefined : current}
        options={toSelectOptions(shown)}
        placeholder={placeholder}
        allowClear={allowClear}
        disabled={disabled}
        loading={loading}
        notFoundContent={notFoundText({ loading, keyword })}
        optionRender={(option) =>
          option.data.description ? (
            <>
              {option.label}
              <Typography.Text type="secondary"> · {option.data.description}</Typography.Text>
            </>
          ) : (
            option.label
          )
        }
        showSearch={{
          filterOption: false,
          searchValue: keyword,
          onSearch: (text) => {
            setKeyword(text);
            search(text);
          },
        }}
        onOpenChange={(open) => {
          // Like the original, the first opening shows a first page without a keyword.
          if (open && !firstPageLoaded.current) {
            firstPageLoaded.current = true;
            search("");
          }
        }}
        onChange={(next) => {
          const option = shown.find((candidate) => candidate.value === next);
          setSelected(option ?? null);
          setKeyword("");
          setCurrent(next ?? "", option);
        }}
      />
      <HiddenValue name={name} value={current} />
    </>
  );
}
