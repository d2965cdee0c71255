// Editors: rich text (quill 2, browser only), markdown (md-editor-rt) and code (CodeMirror), each loaded only on the pages that render it (docs/spec/widgets.md §2, §9).
import { createElement } from "react";
import { Skeleton } from "antd";
import { lazyWidget } from "../lazy";
import type { CodeEditorProps } from "./code-editor";
import type { MarkdownEditorProps } from "./markdown-editor";
import type { RichTextEditorProps } from "./rich-text-editor";

const placeholder = createElement(Skeleton.Input, { active: true, block: true, style: { height: 120 } });

export const RichTextEditor = lazyWidget<RichTextEditorProps>(() => import("./rich-text-editor").then((module) => module.RichTextEditor), placeholder);
export const MarkdownEditor = lazyWidget<MarkdownEditorProps>(() => import("./markdown-editor").then((module) => module.MarkdownEditor), placeholder);
export const CodeEditor = lazyWidget<CodeEditorProps>(() => import("./code-editor").then((module) => module.CodeEditor), placeholder);
export type { CodeEditorProps, MarkdownEditorProps, RichTextEditorProps };
