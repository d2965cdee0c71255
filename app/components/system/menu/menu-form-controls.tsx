// The controls of 菜单管理's form (kind "custom" fields: the form gives them `value` and
// `onChange`, values kept as strings). Radios and switches show their default until touched, and
// the schema applies the same default to an untouched (empty) value.
import { useState } from "react";
import { AutoComplete, Form, Input, Radio, Switch, TreeSelect } from "antd";
import type { FieldOption } from "~/components/widgets/list/types";
import { MenuIcon } from "~/components/shell/layout/menu-icon";
import type { ParentOption } from "./menu-tree";
import { callRoute } from "~/lib/route-call";

interface ValueProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}

/** A radio group showing `fallback` while the value is empty. */
export function DefaultRadio({ value, onChange, disabled, id, options, fallback }: ValueProps & { options: FieldOption[]; fallback: string }) {
  return (
    <Radio.Group id={id} disabled={disabled} value={value || fallback} onChange={(event) => onChange?.(String(event.target.value))}>
      {options.map((option) => (
        <Radio key={option.value} value={option.value}>
          {option.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** A yes/no switch over "true"/"false" (a record's booleans and 1/0 read the same). */
export function FlagSwitch({ value, onChange, disabled, id, fallback = false, on = "是", off = "否" }: ValueProps & { fallback?: boolean; on?: string; off?: string }) {
  const checked = value === undefined || value === "" ? fallback : value === "true" || value === "1";
  return <Switch id={id} disabled={disabled} checked={checked} checkedChildren={on} unCheckedChildren={off} onChange={(next) => onChange?.(next ? "true" : "false")} />;
}

/** 上级菜单: the tree of menus (buttons cannot hold children). */
export function ParentMenuSelect({ value, onChange, disabled, id, options }: ValueProps & { options: ParentOption[] }) {
  return (
    <TreeSelect
      id={id}
      disabled={disabled}
      value={value || undefined}
      treeData={options}
      placeholder="请选择上级菜单"
      showSearch={{ treeNodeFilterProp: "title" }}
      allowClear
      listHeight={400}
      onChange={(next) => onChange?.(next ? String(next) : "")}
    />
  );
}

/** The names the side menu knows how to draw (components/shell/layout/menu-icon.tsx); others are allowed. */
const ICON_NAMES = ["home", "setting", "dashboard", "user", "team", "account-book", "calendar", "shop", "mail", "appstore"];

/** 菜单图标: a name typed or picked, with its look. */
export function IconInput({ value, onChange, disabled, id }: ValueProps) {
  return (
    <AutoComplete
      id={id}
      disabled={disabled}
      value={value ?? ""}
      onChange={(next) => onChange?.(String(next ?? ""))}
      options={ICON_NAMES.map((name) => ({
        value: name,
        label: (
          <span>
            <MenuIcon name={name} /> {name}
          </span>
        ),
      }))}
      filterOption={(input, option) => String(option?.value ?? "").includes(input.trim())}
    >
      <Input placeholder="点击选择图标" prefix={value ? <MenuIcon name={value} /> : undefined} allowClear />
    </AutoComplete>
  );
}

/**
 * A text input that asks the server, when left, whether the value is free (菜单路径 with its
 * 聚合路由 flag, or 授权标识): GET /api/system/menu-check. The save is checked again anyway.
 */
export function CheckedInput({ value, onChange, disabled, id, kind, recordId, placeholder }: ValueProps & { kind: "url" | "perms"; recordId?: string; placeholder?: string }) {
  const form = Form.useFormInstance();
  const [problem, setProblem] = useState<string | null>(null);
  const check = async () => {
    const text = (value ?? "").trim();
    if (!text) {
      setProblem(null);
      return;
    }
    const query = new URLSearchParams({ [kind]: text });
    if (recordId) query.set("id", recordId);
    if (kind === "url") query.set("alwaysShow", String(form.getFieldValue("alwaysShow") === "true"));
    const answer = await callRoute<{ ok: boolean; message?: string }>(`/api/system/menu-check?${query}`);
    // The check is a courtesy (the save checks again): only its refusal is shown, never a failure to ask.
    const refused = answer.ok === false && !("kind" in answer);
    setProblem(!refused ? null : kind === "perms" ? "授权标识已存在!" : (answer.message ?? "该值不可用，系统中已存在！"));
  };
  return (
    <>
      <Input
        id={id}
        disabled={disabled}
        value={value ?? ""}
        placeholder={placeholder}
        status={problem ? "error" : undefined}
        onChange={(event) => {
          setProblem(null);
          onChange?.(event.target.value);
        }}
        onBlur={() => void check()}
      />
      {problem ? (
        <div className="ant-form-item-explain-error" role="alert">
          {problem}
        </div>
      ) : null}
    </>
  );
}
