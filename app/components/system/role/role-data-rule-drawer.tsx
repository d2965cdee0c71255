// 数据规则 of one menu for the role (JeecgBoot's RoleDataruleModal): the menu's rules as
// checkboxes, the role's ones checked, saved with 点我保存. The menu itself must have been saved
// as granted first (the backend answers 请先保存角色菜单权限!).
import { useEffect, useState } from "react";
import { App, Button, Checkbox, Drawer, Empty, Spin, Tabs } from "antd";
import { showFailure } from "~/components/shell/feedback/failure-feedback";
import { drawerWidth, getRoleApi, postRoleApi, ROLE_API, type DataRuleItem, type PermissionNode } from "./role-api";

export interface RoleDataRuleDrawerProps {
  roleId: string;
  permission: PermissionNode;
  onClose: () => void;
}

type Loaded = { ok: true; rules: DataRuleItem[]; checked: string[] } | { ok: false; message: string };

export function RoleDataRuleDrawer({ roleId, permission, onClose }: RoleDataRuleDrawerProps) {
  const app = App.useApp();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    void getRoleApi<{ rules: DataRuleItem[]; checked: string[] }>(ROLE_API.dataRule, { permissionId: permission.key, roleId }, controller.signal)
      .then((answer) => {
        if (answer.ok) {
          setLoaded({ ok: true, rules: answer.rules, checked: answer.checked });
          setChecked(answer.checked);
        } else {
          // "未找到权限配置信息" is an answer, not an error: the menu has no rules.
          setLoaded({ ok: false, message: answer.message });
          if (answer.kind !== "business") showFailure(app, { kind: answer.kind, message: answer.message, status: 0 });
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
    // One load per menu and role.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [permission.key, roleId]);

  const save = async () => {
    setSaving(true);
    const answer = await postRoleApi<{ message: string }>(ROLE_API.dataRule, { permissionId: permission.key, roleId, dataRuleIds: checked.join(",") });
    setSaving(false);
    if (!answer.ok) showFailure(app, { kind: answer.kind, message: answer.message, status: 0 });
    else void app.message.success(answer.message);
  };

  return (
    <Drawer open title="数据规则/按钮权限配置" size={drawerWidth(365)} onClose={onClose} destroyOnHidden className="role-data-rule-drawer">
      <Tabs
        items={[
          {
            key: "rules",
            label: "数据规则",
            children: !loaded ? (
              <Spin />
            ) : loaded.ok ? (
              <>
                <p className="role-data-rule-menu">{permission.title}</p>
                <Checkbox.Group
                  value={checked}
                  onChange={(values) => setChecked(values.map(String))}
                  options={loaded.rules.map((rule) => ({ value: rule.id, label: rule.ruleName }))}
                  style={{ display: "flex", flexDirection: "column", gap: 8 }}
                />
                <div style={{ marginTop: 24 }}>
                  <Button type="primary" size="small" loading={saving} onClick={() => void save()}>
                    点我保存
                  </Button>
                </div>
              </>
            ) : (
              <Empty description={loaded.message || "无配置信息"} />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
