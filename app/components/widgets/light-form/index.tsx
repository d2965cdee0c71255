// Light form controls for pages that must load fast before sign-in (the login page's JS budget is
// 150 KB gzip): plain elements that wear antd's own class names, styled by the static antd
// stylesheet, with no antd runtime (docs/decisions/002-antd-static-css.md).
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { IconDefinition } from "@ant-design/icons-svg/lib/types";
import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import EyeInvisibleOutlined from "@ant-design/icons-svg/es/asn/EyeInvisibleOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import LoadingOutlined from "@ant-design/icons-svg/es/asn/LoadingOutlined";

/** The class antd gives every component under our theme's CSS variables (app/theme.ts `cssVar.key`). */
export const ANTD_VAR = "css-var-school";
const VAR = ANTD_VAR;
/** antd's outlined input, as plain markup (add `ant-input-sm`, `ant-input-disabled`… as needed). */
export const PLAIN_INPUT_CLASS = `ant-input ant-input-outlined ${ANTD_VAR} ant-input-css-var`;

/** Renders an @ant-design/icons-svg definition the way antd's icons do. */
export function SvgIcon({ icon, label, spin, style }: { icon: IconDefinition; label: string; spin?: boolean; style?: React.CSSProperties }) {
  const definition = typeof icon.icon === "function" ? icon.icon("currentColor", "#e6f4ff") : icon.icon;
  return (
    <span role="img" aria-label={label} className={`anticon anticon-${label}${spin ? " anticon-spin" : ""}`} style={style}>
      <svg {...definition.attrs} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {(definition.children ?? []).map((child, index) => (
          <path key={index} {...(child.attrs as React.SVGProps<SVGPathElement>)} />
        ))}
      </svg>
    </span>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "prefix"> {
  name: string;
  error?: string;
  prefix?: ReactNode;
  /** A password field gets antd's show/hide toggle. */
  password?: boolean;
}

/** antd's large affix input inside a Form.Item, with its error state and help text. */
export function TextField({ error, prefix, password, id, ...input }: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  const inputId = id ?? `field-${input.name}`;
  const wrapper = [
    "ant-input-affix-wrapper ant-input-affix-wrapper-lg ant-input-outlined",
    password ? "ant-input-password ant-input-password-large" : "",
    error ? "ant-input-affix-wrapper-status-error" : "",
    VAR,
    "ant-input-css-var",
  ].join(" ");
  return (
    <FormItem layout="horizontal" error={error ? { id: `${inputId}-help`, text: error } : undefined}>
      <span className={wrapper}>
        {prefix ? <span className="ant-input-prefix">{prefix}</span> : null}
        <input
          {...input}
          id={inputId}
          type={password ? (visible ? "text" : "password") : (input.type ?? "text")}
          className="ant-input ant-input-lg"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-help` : undefined}
        />
        {password ? (
          <span className="ant-input-suffix">
            <span
              role="button"
              tabIndex={0}
              className="ant-input-password-icon"
              aria-pressed={visible}
              aria-label={visible ? "隐藏密码" : "显示密码"}
              onClick={() => setVisible((shown) => !shown)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  setVisible((shown) => !shown);
                }
              }}
            >
              <SvgIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} label={visible ? "eye" : "eye-invisible"} />
            </span>
          </span>
        ) : null}
      </span>
    </FormItem>
  );
}

interface FormItemProps {
  layout: "horizontal" | "inline";
  label?: string | undefined;
  htmlFor?: string | undefined;
  /** The error shown under the control (its element's id, for the control's aria-describedby). */
  error?: { id: string; text: string } | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** antd's Form.Item, as plain markup: an optional label, the control, and an error under it. */
export function FormItem({ layout, label, htmlFor, error, className, children }: FormItemProps) {
  return (
    <div
      className={`ant-form-item ${VAR} ant-form-css-var ant-form-item-${layout}${error ? " ant-form-item-with-help ant-form-item-has-error" : ""}${className ? ` ${className}` : ""}`}
    >
      <div className={`ant-row ant-form-item-row ${VAR}`}>
        {label ? (
          <div className={`ant-col ant-form-item-label ${VAR}`}>
            <label htmlFor={htmlFor} title={label}>
              {label}
            </label>
          </div>
        ) : null}
        <div className={`ant-col ant-form-item-control ${VAR}`}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
          {error ? (
            <div className="ant-form-item-additional">
              <div id={error.id} className="ant-form-item-explain ant-form-item-explain-connected" role="alert">
                <div className="ant-form-item-explain-error">{error.text}</div>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** antd's large primary block button; shows the spinner while `loading`. */
export function SubmitButton({ children, loading }: { children: string; loading?: boolean }) {
  // antd puts a space between two Chinese characters of a button label.
  const label = /^[\u4e00-\u9fa5]{2}$/.test(children) ? children.split("").join(" ") : children;
  return (
    <div className={`ant-form-item ${VAR} ant-form-css-var ant-form-item-horizontal`}>
      <button
        type="submit"
        className={`ant-btn ${VAR} ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-lg ant-btn-block${loading ? " ant-btn-loading" : ""}`}
        aria-busy={loading || undefined}
      >
        {loading ? (
          <span className="ant-btn-icon ant-btn-loading-icon">
            <SvgIcon icon={LoadingOutlined} label="loading" spin />
          </span>
        ) : null}
        <span>{label}</span>
      </button>
    </div>
  );
}

/** antd's error Alert with its icon. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className={`ant-alert ant-alert-error ant-alert-outlined ${VAR}`} role="alert" style={{ marginBottom: 24 }}>
      <span className="ant-alert-icon">
        <SvgIcon icon={CloseCircleFilled} label="close-circle" />
      </span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{children}</div>
      </div>
    </div>
  );
}
