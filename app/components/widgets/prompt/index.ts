// Prompt dialog: one value with rules (required, pattern, validator), submitted by Enter (docs/spec/widgets.md §2).
export { PromptDialog, type PromptDialogProps } from "./prompt-dialog";
export { promptProblem, type PromptRule } from "./prompt-logic";
