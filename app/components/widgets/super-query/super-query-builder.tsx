// The advanced query builder (docs/spec/widgets.md §2, §4, §5; docs/spec/app-shell.md §3): a button that
// opens the builder modal; the query in effect lives in the list URL (`value`), and `onSearch`
// hands the page the new URL parameters (or null to clear them).
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { App, Button, Card, Col, Divider, Empty, Flex, Input, Modal, Row, Select, Space, Tooltip } from "antd";
import AppstoreTwoTone from "@ant-design/icons/AppstoreTwoTone";
import CloseCircleOutlined from "@ant-design/icons/CloseCircleOutlined";
import FileTextOutlined from "@ant-design/icons/FileTextOutlined";
import MinusOutlined from "@ant-design/icons/MinusOutlined";
import PlusOutlined from "@ant-design/icons/PlusOutlined";
import {
  changeField,
  changeRule,
  changeValue,
  emptyRow,
  findSavedQuery,
  fromQueryParams,
  isQueryActive,
  MATCH_TYPES,
  queryProblem,
  readSavedQueries,
  removeSavedQuery,
  rowsFromItems,
  saveProblem,
  saveQuery,
  SUPER_QUERY_MODAL_WIDTH,
  SUPER_QUERY_RULES,
  SUPER_QUERY_TEXTS as TEXT,
  toQueryParams,
  writeSavedQueries,
  type MatchType,
  type SavedQuery,
  type SuperQueryField,
  type SuperQueryParams,
  type SuperQueryRow,
} from "./super-query";
import { SuperQueryButton } from "./super-query-button";
import { lazyWidget } from "../lazy";

// The value inputs (dates, pickers, area) load with the first condition row, not with the list page.
const ValueEditor = /* @__PURE__ */ lazyWidget(() => import("./value-editor").then((module) => module.ValueEditor));

export interface SuperQueryProps {
  /** The fields the user can query. */
  fields: SuperQueryField[];
  /** The query in effect, as the list URL carries it (null or empty: none). */
  value?: { superQueryParams?: string | null; superQueryMatchType?: string | null } | null;
  /** A new query, or null when it is cleared (reset, or the tooltip's 清空). */
  onSearch: (params: SuperQueryParams | null) => void;
  /** Where saved queries are kept; default the page's route path (docs/spec/app-shell.md §3). */
  saveCode?: string;
  /** The list is loading: the footer buttons wait. */
  loading?: boolean;
  /** The button was clicked while this part's code was still loading: open on arrival. */
  requested?: boolean;
  /** A click on the stand-in button shown while the code loads (see `requested`). */
  onRequest?: () => void;
}

/** A row with a stable React key (rows are added and removed anywhere). */
interface KeyedRow {
  key: number;
  row: SuperQueryRow;
}

let nextRowKey = 1;
const keyed = (row: SuperQueryRow): KeyedRow => ({ key: nextRowKey++, row });

// antd's typography classes on plain markup (as the layout's page header): Typography would bring
// its editor (TextArea) into every list page's first-paint JS.
export function SuperQuery({ fields, value, onSearch, saveCode, loading = false, requested = false }: SuperQueryProps) {
  const app = App.useApp();
  const location = useLocation();
  const storageCode = saveCode || location.pathname;
  const active = isQueryActive(value);

  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<KeyedRow[]>([]);
  const [matchType, setMatchType] = useState<MatchType>("and");
  const [saved, setSaved] = useState<SavedQuery[]>([]);
  const [prompt, setPrompt] = useState<{ open: boolean; title: string }>({ open: false, title: "" });
  // The URL value the rows were last taken from: a new one (back/forward, a shared link) wins.
  const [syncedValue, setSyncedValue] = useState<string | null>(null);

  const show = () => {
    const current = value?.superQueryParams ?? "";
    if (active && current !== syncedValue) {
      const restored = fromQueryParams(value, fields);
      setRows(restored.rows.map(keyed));
      setMatchType(restored.matchType);
      setSyncedValue(current);
    } else if (rows.length === 0) {
      setRows([keyed(emptyRow())]);
    }
    setSaved(readSavedQueries(window.localStorage, storageCode));
    setOpen(true);
  };
  // A click on the stand-in button while this code loaded is not lost (a slow device clicks early).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (requested) show();
  }, []);

  const plainRows = rows.map((entry) => entry.row);
  const updateRow = (key: number, change: (row: SuperQueryRow) => SuperQueryRow) =>
    setRows((before) => before.map((entry) => (entry.key === key ? { key, row: change(entry.row) } : entry)));
  const addRow = () => setRows((before) => [...before, keyed(emptyRow())]);
  const removeRow = (key: number) => setRows((before) => before.filter((entry) => entry.key !== key));

  // docs/spec/widgets.md §4: reset clears all rows (one empty row stays to type in) and emits an empty query.
  const reset = () => {
    setRows([keyed(emptyRow())]);
    setSyncedValue(null);
    onSearch(null);
  };

  const search = () => {
    const problem = queryProblem(plainRows);
    if (problem) {
      void app.message.warning(problem);
      return;
    }
    const params = toQueryParams(plainRows, matchType);
    setSyncedValue(params?.superQueryParams ?? null);
    onSearch(params);
  };

  const persist = (list: SavedQuery[]) => {
    setSaved(list);
    writeSavedQueries(window.localStorage, storageCode, list);
  };

  const askSaveName = () => {
    const problem = saveProblem(plainRows);
    if (problem) {
      void app.message.warning(problem);
      return;
    }
    setPrompt({ open: true, title: "" });
  };

  const confirmSave = () => {
    const problem = saveProblem(plainRows, prompt.title);
    if (problem) {
      void app.message.warning(problem);
      return;
    }
    const store = () => {
      persist(saveQuery(saved, prompt.title, matchType, plainRows));
      setPrompt({ open: false, title: "" });
      void app.message.success(TEXT.saved);
    };
    // docs/spec/widgets.md §4: saving under an existing name asks whether to overwrite.
    if (findSavedQuery(saved, prompt.title)) app.modal.confirm({ content: TEXT.overwrite(prompt.title.trim()), onOk: store });
    else store();
  };

  const loadSaved = (entry: SavedQuery) => {
    setMatchType(entry.matchType);
    const loaded = rowsFromItems(entry.records, fields);
    setRows((loaded.length > 0 ? loaded : [emptyRow()]).map(keyed));
  };

  const deleteSaved = (index: number) =>
    app.modal.confirm({
      content: TEXT.confirmDelete,
      onOk: () => {
        persist(removeSavedQuery(saved, index));
        void app.message.success(TEXT.deleted);
      },
    });

  const fieldOptions = fields.map((field) => ({ value: field.value, label: field.text }));
  const ruleOptions = SUPER_QUERY_RULES.map((rule) => ({ value: rule.value, label: rule.label }));

  const trigger = active ? (
    <Tooltip
      mouseLeaveDelay={0.2}
      title={
        <span>
          {TEXT.active}
          <Divider orientation="vertical" />
          <a
            className="ant-typography css-var-school"
            onClick={() => {
              setRows([keyed(emptyRow())]);
              setSyncedValue(null);
              onSearch(null);
            }}
          >
            {TEXT.clear}
          </a>
        </span>
      }
    >
      <Button type="primary" icon={<AppstoreTwoTone spin />} onClick={show}>
        {TEXT.button}
      </Button>
    </Tooltip>
  ) : (
    <SuperQueryButton onClick={show} />
  );

  return (
    <>
      {trigger}
      <Modal
        title={TEXT.title}
        width={SUPER_QUERY_MODAL_WIDTH}
        open={open}
        mask={false}
        style={{ top: "5%" }}
        onCancel={() => setOpen(false)}
        footer={
          <Flex justify="space-between">
            <Space>
              <Button loading={loading} onClick={reset}>
                {TEXT.reset}
              </Button>
              <Button loading={loading} onClick={askSaveName}>
                {TEXT.save}
              </Button>
            </Space>
            <Space>
              <Button loading={loading} onClick={() => setOpen(false)}>
                {TEXT.close}
              </Button>
              <Button loading={loading} type="primary" onClick={search}>
                {TEXT.query}
              </Button>
            </Space>
          </Flex>
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={19}>
            {rows.length === 0 ? (
              <Empty
                description={
                  <span>
                    {TEXT.noConditions}
                    <Divider orientation="vertical" />
                    <a className="ant-typography css-var-school" onClick={addRow}>
                      {TEXT.addCondition}
                    </a>
                  </span>
                }
              />
            ) : (
              <Flex vertical gap={12}>
                <Flex align="center" gap={8}>
                  <span>{TEXT.matchLabel}：</span>
                  <Select<MatchType>
                    style={{ width: 280 }}
                    aria-label={TEXT.matchLabel}
                    value={matchType}
                    options={MATCH_TYPES.map((type) => ({ value: type.value, label: type.label }))}
                    onChange={setMatchType}
                  />
                </Flex>
                {rows.map(({ key, row }) => (
                  <Row key={key} gutter={16} align="middle">
                    <Col xs={24} md={8}>
                      <Select<string>
                        style={{ width: "100%" }}
                        aria-label={TEXT.fieldPlaceholder}
                        placeholder={TEXT.fieldPlaceholder}
                        value={row.field}
                        options={fieldOptions}
                        allowClear
                        showSearch={{ optionFilterProp: "label" }}
                        onChange={(field) => updateRow(key, (before) => changeField(before, fields.find((candidate) => candidate.value === field)))}
                      />
                    </Col>
                    <Col xs={24} md={4}>
                      <Select
                        style={{ width: "100%" }}
                        aria-label={TEXT.rulePlaceholder}
                        placeholder={TEXT.rulePlaceholder}
                        value={row.rule}
                        options={ruleOptions}
                        onChange={(rule) => updateRow(key, (before) => changeRule(before, rule))}
                      />
                    </Col>
                    <Col xs={24} md={8}>
                      <ValueEditor row={row} onChange={(next) => updateRow(key, (before) => changeValue(before, next))} />
                    </Col>
                    <Col xs={24} md={4}>
                      <Space>
                        <Button aria-label="新增条件" icon={<PlusOutlined />} onClick={addRow} />
                        <Button aria-label="删除条件" icon={<MinusOutlined />} onClick={() => removeRow(key)} />
                      </Space>
                    </Col>
                  </Row>
                ))}
              </Flex>
            )}
          </Col>
          <Col xs={24} md={5}>
            <Card size="small" title={TEXT.savedTitle}>
              {saved.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noSaved} />
              ) : (
                <Flex vertical>
                  {saved.map((entry, index) => (
                    <Flex key={entry.title} align="center" gap={4}>
                      <Button type="text" size="small" icon={<FileTextOutlined />} style={{ flex: 1, justifyContent: "flex-start", minWidth: 0 }} onClick={() => loadSaved(entry)}>
                        <span className="ant-typography ant-typography-ellipsis ant-typography-ellipsis-single-line css-var-school">{entry.title}</span>
                      </Button>
                      <Button type="text" size="small" aria-label={`删除 ${entry.title}`} icon={<CloseCircleOutlined />} onClick={() => deleteSaved(index)} />
                    </Flex>
                  ))}
                </Flex>
              )}
            </Card>
          </Col>
        </Row>
        <Modal
          title={TEXT.saveNamePrompt}
          open={prompt.open}
          onCancel={() => setPrompt({ open: false, title: "" })}
          onOk={confirmSave}
          destroyOnHidden
        >
          <Input
            autoFocus
            value={prompt.title}
            onChange={(event) => setPrompt({ open: true, title: event.target.value })}
            onPressEnter={(event) => {
              // As the prompt's (prompt-dialog.tsx): this Enter must not press the button focus returns to.
              event.preventDefault();
              confirmSave();
            }}
          />
        </Modal>
      </Modal>
    </>
  );
}
