// Small parts shared by the selection widgets.
import { Typography } from "antd";

/** The value as a form field, so a widget works inside a plain <form> (progressive enhancement). */
export function HiddenValue({ name, value }: { name?: string; value: string }) {
  return name ? <input type="hidden" name={name} value={value} /> : null;
}

/** A configuration error shown in place of the control (docs/spec/widgets.md §5). */
export function WidgetProblem({ message }: { message: string }) {
  return (
    <Typography.Text type="danger" role="alert">
      {message}
    </Typography.Text>
  );
}

/** Props every value widget shares. */
export interface ValueWidgetProps {
  /** The value as a string (several values comma-joined); controlled when given. */
  value?: string;
  /** The first value when uncontrolled (plain forms). */
  defaultValue?: string;
  /** Renders a hidden input with this name carrying the value. */
  name?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  style?: React.CSSProperties;
}
