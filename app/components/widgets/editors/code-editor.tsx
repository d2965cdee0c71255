// The code editor (JCodeEditor): CodeMirror 6 through @uiw/react-codemirror, loaded only where used.
import CodeMirror, { EditorView } from "@uiw/react-codemirror";
import { useMemo } from "react";

export interface CodeEditorProps {
  value?: string;
  onChange?: (code: string) => void;
  id?: string;
  name?: string;
  height?: number;
  disabled?: boolean;
  placeholder?: string;
  "aria-label"?: string;
}

export function CodeEditor({ value = "", onChange, id, name, height = 300, disabled, placeholder, ...rest }: CodeEditorProps) {
  // The name goes on the editable element itself (the wrapper's aria-label does not name the textbox).
  const label = rest["aria-label"] ?? "代码";
  const extensions = useMemo(() => [EditorView.contentAttributes.of({ "aria-label": label })], [label]);
  return (
    <div id={id} className="code-editor" style={{ border: "1px solid #d9d9d9", borderRadius: 6 }}>
      <CodeMirror
        value={value}
        height={`${height}px`}
        editable={!disabled}
        placeholder={placeholder}
        extensions={extensions}
        onChange={(next) => onChange?.(next)}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </div>
  );
}
