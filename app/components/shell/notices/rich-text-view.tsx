// Rich text written in the editor (a notice's body, an activity's content) shown as it reads, never
// as its tags: cleaned by sanitizeNoticeHtml (DOMPurify on the browser's DOM) before it is rendered
// as HTML. The server has no DOM to clean with, so until the page is hydrated (and in a page
// without JavaScript) the view shows the text alone, which React escapes: nothing uncleaned is
// ever rendered as HTML, and the first render is the same on both sides (no hydration mismatch).
import { useEffect, useState } from "react";
import { sanitizeNoticeHtml } from "./sanitize-html";

/** The words of rich text without its tags, as plain text (to be escaped by React, never as HTML). */
export function richTextWords(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}

export function RichTextView({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => setClean(sanitizeNoticeHtml(html)), [html]);
  const classes = `rich-text-view${className ? ` ${className}` : ""}`;
  if (clean === null) return <div className={classes} style={{ whiteSpace: "pre-line" }}>{richTextWords(html)}</div>;
  return <div className={classes} dangerouslySetInnerHTML={{ __html: clean }} />;
}
