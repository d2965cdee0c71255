// The prompt dialog (JPrompt): asks for one value, checks it with its rules, and submits by Enter
// or 确定; the first failing rule's message shows under the input.
import { useState } from "react";
import { Form, Input, Modal } from "antd";
import { promptProblem, type PromptRule } from "./prompt-logic";
import { useOpening } from "~/lib/use-opening";

export interface PromptDialogProps {
  open: boolean;
  title: string;
  /** The text above the input. */
  content?: string;
  placeholder?: string;
  defaultValue?: string;
  rules?: PromptRule[];
  onOk: (value: string) => void;
  onCancel: () => void;
}

export function PromptDialog({ open, title, content, placeholder = "请输入", defaultValue = "", rules = [], onOk, onCancel }: PromptDialogProps) {
  const [value, setValue] = useState(defaultValue);
  const [problem, setProblem] = useState<string | null>(null);
  useOpening(open, () => {
    setValue(defaultValue);
    setProblem(null);
  });

  const submit = () => {
    const found = promptProblem(value, rules);
    setProblem(found);
    if (!found) onOk(value);
  };

  return (
    <Modal title={title} open={open} onOk={submit} onCancel={onCancel} destroyOnHidden width={420}>
      <Form layout="vertical" component="div">
        <Form.Item label={content} validateStatus={problem ? "error" : undefined} help={problem ?? undefined} style={{ marginBottom: 0 }}>
          <Input
            autoFocus
            aria-label={content ?? title}
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (problem) setProblem(promptProblem(event.target.value, rules));
            }}
            onPressEnter={(event) => {
              // Enter closes the dialog at once (without motion: prefers-reduced-motion) and focus returns
              // to the button that opened it; the same Enter's keypress would then press that button and
              // open the prompt again. Its default prevented, no keypress follows.
              event.preventDefault();
              submit();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
