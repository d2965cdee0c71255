// 部门管理's page: the tree on the left, the chosen department's 基本信息 and 用户信息 tabs on the
// right. The chosen department and tab live in the URL (?depId=&tab=), so a reload or a tab of
// the shell shows the same view; checked and expanded nodes and a name search are page state.
import { useEffect, useMemo, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { App, Button, Card, Col, Empty, Form, Modal, Row, Space, Tabs } from "antd";
import SaveOutlined from "@ant-design/icons/SaveOutlined";
import SyncOutlined from "@ant-design/icons/SyncOutlined";
import { usePermission } from "../../shell/permission/has-permission";
import { showFailure, useFailureFeedback } from "../../shell/feedback/failure-feedback";
import { useFetcherAnswer } from "../../shell/feedback/use-fetcher-answer";
import type { ListActionResult, ListData } from "~/services/list.server";
import { DEPART_PARAM, TAB_PARAM, departFormSchema, departUserColumns, type DepartTab } from "~/routes/system/departs.data";
import { ancestorKeys, findDepart, POST_CATEGORY, type DepartNode } from "./depart-tree-logic";
import { DepartTreePanel } from "./depart-tree-panel";
import { DepartForm, checkDepartForm, departFormValues } from "./depart-form";
import { DepartUsersTab } from "./depart-users-tab";
import { confirmBatchDelete } from "../../widgets/list/use-delete-flow";
import { useHydrated } from "~/lib/use-hydrated";
import { callRoute } from "~/lib/route-call";
import { failureOf } from "~/routes/api/widgets/widget-answer";

export interface DepartAdminPageProps {
  title: string;
  tree: DepartNode[];
  selectedKey: string | null;
  tab: DepartTab;
  users: ListData;
}

type SearchAnswer = { ok: true; nodes: DepartNode[] } | { ok: false; message: string };

export function DepartAdminPage({ title, tree, selectedKey, tab, users }: DepartAdminPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const app = App.useApp();
  const { message, modal } = app;
  const permission = usePermission();
  const fetcher = useFetcher<ListActionResult>();
  useFailureFeedback(fetcher.data);
  const hydrated = useHydrated();

  const selected = selectedKey ? (findDepart(tree, selectedKey) ?? null) : null;
  const parentOf = (node: DepartNode | null) => (node?.parentId ? (findDepart(tree, node.parentId) ?? null) : null);

  const [expandedKeys, setExpandedKeys] = useState<string[]>(() => [...(tree[0]?.children ? [tree[0].key] : []), ...(selectedKey ? ancestorKeys(tree, selectedKey) : [])]);
  // A department opened by its address (a reload, a shared link) is shown with its parents open.
  useEffect(() => {
    if (!selectedKey) return;
    const above = ancestorKeys(tree, selectedKey);
    setExpandedKeys((keys) => (above.every((key) => keys.includes(key)) ? keys : [...new Set([...keys, ...above])]));
  }, [tree, selectedKey]);
  // The tab switches at once; the address follows (so a reload opens the same tab).
  const [activeTab, setActiveTab] = useState<DepartTab>(tab);
  useEffect(() => setActiveTab(tab), [tab]);
  const [checkedKeys, setCheckedKeys] = useState<string[]>([]);
  const [matches, setMatches] = useState<DepartNode[] | null>(null);
  const [searching, setSearching] = useState(false);
  /** The 新增 dialog: a top-level department (parent null) or one below `parent`. */
  const [adding, setAdding] = useState<{ parent: DepartNode | null } | null>(null);
  const [addForm] = Form.useForm();
  const [addErrors, setAddErrors] = useState<Record<string, string>>({});
  const [editForm] = Form.useForm();
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});

  // The form shows the chosen department; a save's revalidation refills it with what was saved.
  const editValues = useMemo(() => departFormValues(selected, !!selected?.parentId), [selected]);
  useEffect(() => {
    editForm.resetFields();
    editForm.setFieldsValue(editValues);
    setEditErrors({});
  }, [editForm, editValues]);

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      if (answer.message) void message.warning(answer.message);
      return;
    }
    void message.success(answer.message);
    if (answer.intent === "saveDepart" && adding) setAdding(null);
    if (answer.intent === "deleteDeparts") setCheckedKeys([]);
    // A search result may hold what changed: show the whole tree again.
    if (answer.intent === "saveDepart" || answer.intent === "deleteDeparts") setMatches(null);
  });

  const params = (depart: string, nextTab: DepartTab) => {
    const search = new URLSearchParams({ [DEPART_PARAM]: depart });
    if (nextTab !== "base") search.set(TAB_PARAM, nextTab);
    return search.toString();
  };
  const select = (node: DepartNode) => {
    if (node.key === selectedKey) return;
    navigate({ search: params(node.key, tab) });
  };
  const switchTab = (next: string) => {
    setActiveTab(next === "users" ? "users" : "base");
    const search = new URLSearchParams(location.search);
    if (selectedKey) search.set(DEPART_PARAM, selectedKey);
    if (next === "users") search.set(TAB_PARAM, "users");
    else search.delete(TAB_PARAM);
    navigate({ search: search.toString() }, { replace: true });
  };

  const submit = (intent: string, fields: Record<string, string>) => void fetcher.submit({ ...fields, intent }, { method: "post" });
  /** A checked form's values as named fields (the id only when editing). */
  const postable = (values: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));

  const openAdd = (parent: DepartNode | null) => {
    if (parent && parent.orgCategory === POST_CATEGORY) {
      void message.warning("岗位下无法添加子级！");
      return;
    }
    setAddErrors({});
    addForm.resetFields();
    addForm.setFieldsValue(departFormValues(null, !!parent));
    setAdding({ parent });
  };
  const saveAdd = () => {
    const parent = adding?.parent ?? null;
    const checked = checkDepartForm(addForm, departFormSchema, { parentId: parent?.key });
    setAddErrors(checked.errors ?? {});
    if (!checked.values) return;
    if (parent) setExpandedKeys((keys) => (keys.includes(parent.key) ? keys : [...keys, parent.key]));
    submit("saveDepart", postable(checked.values));
  };
  const saveEdit = () => {
    if (!selected) return;
    const checked = checkDepartForm(editForm, departFormSchema, { id: selected.key });
    setEditErrors(checked.errors ?? {});
    if (checked.values) submit("saveDepart", postable(checked.values));
  };
  const remove = (node: DepartNode) =>
    modal.confirm({
      title: "确定要删除吗？",
      content: `删除「${node.title}」会同时删除它的全部下级部门，并解除这些部门与用户的关联。`,
      okText: "确定",
      cancelText: "取消",
      onOk: () => submit("deleteDeparts", { ids: node.key }),
    });
  const removeChecked = () => confirmBatchDelete({ message, modal }, checkedKeys, () => submit("deleteDeparts", { ids: checkedKeys.join(",") }));
  const search = async (keyword: string) => {
    if (!keyword) {
      setMatches(null);
      return;
    }
    setSearching(true);
    const answer = await callRoute<SearchAnswer>(`/api/system/depart-search?keyWord=${encodeURIComponent(keyword)}`);
    setSearching(false);
    if (answer.ok) setMatches(answer.nodes);
    else {
      setMatches([]);
      if ("kind" in answer) showFailure(app, failureOf(answer));
      else void message.warning(answer.message);
    }
  };

  const shown = matches ?? tree;
  const canEdit = permission.isVisible("depart:edit");
  const keep: Record<string, string> = selectedKey ? { [DEPART_PARAM]: selectedKey, [TAB_PARAM]: "users" } : {};

  return (
    <Row gutter={[12, 12]} className="depart-admin">
      <Col xs={24} lg={9} xl={8}>
        <DepartTreePanel
          nodes={shown}
          selectedKey={selectedKey}
          expandedKeys={matches ? [] : expandedKeys}
          onExpand={setExpandedKeys}
          checkedKeys={checkedKeys}
          onCheck={setCheckedKeys}
          onSelect={select}
          onSearch={(keyword) => void search(keyword)}
          searching={searching}
          onAddRoot={() => openAdd(null)}
          onAddChild={(parent) => {
            if (!parent) void message.warning("请先选择一个部门");
            else openAdd(parent);
          }}
          onDelete={remove}
          onDeleteChecked={removeChecked}
          nodeOf={(key) => findDepart(shown, key) ?? findDepart(tree, key)}
        />
      </Col>
      <Col xs={24} lg={15} xl={16}>
        {selected ? (
          <Card title={selected.title} className="depart-detail">
            <Tabs
              activeKey={activeTab}
              onChange={switchTab}
              items={[
                {
                  key: "base",
                  label: "基本信息",
                  children: (
                    <>
                      <DepartForm form={editForm} depart={selected} parentTitle={parentOf(selected)?.title ?? ""} isChild={!!selected.parentId} errors={editErrors} disabled={!canEdit} />
                      {canEdit ? (
                        <Space style={{ marginLeft: "20.8%" }}>
                          <Button
                            icon={<SyncOutlined />}
                            onClick={() => {
                              editForm.resetFields();
                              editForm.setFieldsValue(editValues);
                              setEditErrors({});
                            }}
                          >
                            重置
                          </Button>
                          <Button type="primary" icon={<SaveOutlined />} loading={fetcher.state === "submitting"} onClick={saveEdit}>
                            保存
                          </Button>
                        </Space>
                      ) : null}
                    </>
                  ),
                },
                {
                  key: "users",
                  label: "用户信息",
                  children: (
                    <DepartUsersTab
                      data={users}
                      columns={departUserColumns}
                      keep={keep}
                      onLink={(userIds) => submit("linkUsers", { depId: selected.key, userIds: userIds.join(",") })}
                      onUnlink={(userIds) => submit("unlinkUsers", { depId: selected.key, userIds: userIds.join(",") })}
                    />
                  ),
                },
              ]}
            />
          </Card>
        ) : (
          <Card title={title}>
            <Empty description="请先选择一个部门" />
          </Card>
        )}
      </Col>
      {/* Mounted once hydrated: with forceRender the dialog rendered its portal on the client's
          first render, where the server had rendered nothing, and React failed to hydrate the
          page (#418). The add form still exists before the first 新增 (openAdd resets it). */}
      {hydrated ? (
        <Modal
          title="新增"
          open={!!adding}
          width={800}
          okText="确定"
          cancelText="取消"
          onOk={saveAdd}
          onCancel={() => setAdding(null)}
          confirmLoading={fetcher.state === "submitting"}
          forceRender
        >
          <DepartForm form={addForm} depart={null} parentTitle={adding?.parent?.title ?? ""} isChild={!!adding?.parent} errors={addErrors} />
        </Modal>
      ) : null}
    </Row>
  );
}
