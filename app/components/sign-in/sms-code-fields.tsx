// The phone and its SMS code, as every phone form asks them (phone sign-in, registration, account
// alteration; issue #17): 获取验证码 is a submit button of the form (intent=sms), so it works without
// JavaScript; the page's action sends the code and answers the form again with a notice.
import MobileOutlined from "@ant-design/icons-svg/es/asn/MobileOutlined";
import MailOutlined from "@ant-design/icons-svg/es/asn/MailOutlined";
import { ANTD_VAR as VAR, SvgIcon, TextField } from "~/components/widgets/light-form";

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

/** The submitter's intent of a phone form: "sms" asks for a code. */
export const SMS_INTENT = "sms";

export function MobileField({ defaultValue, error, readOnly }: { defaultValue?: string; error?: string | undefined; readOnly?: boolean }) {
  return (
    <TextField
      key={`mobile-${defaultValue ?? ""}`}
      name="mobile"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      placeholder="手机号"
      aria-label="手机号"
      maxLength={11}
      defaultValue={defaultValue}
      readOnly={readOnly}
      error={error}
      prefix={<SvgIcon icon={MobileOutlined} label="mobile" style={PREFIX_STYLE} />}
    />
  );
}

/** The code input beside its 获取验证码 button. */
export function SmsCodeField({ name, error, sendLabel = "获取验证码" }: { name: string; error?: string | undefined; sendLabel?: string }) {
  return (
    <div className="sms-code">
      <TextField
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="验证码"
        aria-label="验证码"
        maxLength={6}
        error={error}
        prefix={<SvgIcon icon={MailOutlined} label="mail" style={PREFIX_STYLE} />}
      />
      <button
        type="submit"
        name="intent"
        value={SMS_INTENT}
        formNoValidate
        className={`ant-btn ${VAR} ant-btn-default ant-btn-color-default ant-btn-variant-outlined ant-btn-lg sms-code__send`}
      >
        <span>{sendLabel}</span>
      </button>
    </div>
  );
}

/** antd's success Alert (the code was sent). */
export function NoticeAlert({ children }: { children: string }) {
  return (
    <div className={`ant-alert ant-alert-success ant-alert-outlined ${VAR}`} role="status" style={{ marginBottom: 24 }}>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{children}</div>
      </div>
    </div>
  );
}

/** The submitter's intent (React Router's Form and a plain form both post it). */
export function submitIntent(event: React.FormEvent<HTMLFormElement>): string {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  return submitter?.name === "intent" ? submitter.value : "";
}

/**
 * Enter in a field submits the form as its main button (the hidden intent), not as 获取验证码, the
 * first submit button, which a browser's implicit submission would otherwise press.
 */
export function submitOnEnter(event: React.KeyboardEvent<HTMLFormElement>): void {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement && !event.nativeEvent.isComposing) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }
}

/** Whether a submitted form asked for a code (the 获取验证码 button). */
export function asksForCode(values: FormData): boolean {
  return values.getAll("intent").includes(SMS_INTENT);
}
