// 组件示例 → /demo/editors: the rich-text (quill), markdown and code editors (administrators only,
// by the menu). Each editor's code loads only here.
import { useState } from "react";
import { Card, Flex } from "antd";
import type { Route } from "./+types/editors";
import { requireMenuPage } from "~/services/menu-access.server";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { CodeEditor, MarkdownEditor, RichTextEditor } from "~/components/widgets/editors";
import { sanitizeNoticeHtml } from "~/components/shell/notices/sanitize-html";

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  return { title: access.node.meta.title ?? "编辑器示例" };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "编辑器示例" }];

export default function EditorsDemoPage({ loaderData }: Route.ComponentProps) {
  const [html, setHtml] = useState("<p>欢迎使用<strong>富文本</strong>编辑器</p>");
  const [markdown, setMarkdown] = useState("# 标题\n\n- 第一项\n- 第二项\n");
  const [code, setCode] = useState('function greet(name) {\n  return "你好，" + name;\n}\n');
  return (
    <Flex vertical gap={16}>
      <Card title={`${loaderData.title}：富文本`}>
        <RichTextEditor aria-label="富文本" value={html} onChange={setHtml} />
        <div className="demo-rich-text-preview" style={{ marginTop: 12 }} dangerouslySetInnerHTML={{ __html: sanitizeNoticeHtml(html) }} />
      </Card>
      <Card title="Markdown">
        <MarkdownEditor value={markdown} onChange={setMarkdown} />
      </Card>
      <Card title="代码">
        <CodeEditor aria-label="代码" value={code} onChange={setCode} />
      </Card>
    </Flex>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
