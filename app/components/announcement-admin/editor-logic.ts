// Pure rules of the notice body editor (rich-text-editor.tsx), unit-tested.

/** Links the editor inserts: web and mail addresses, and the app's own paths. */
export function isSafeLink(href: string): boolean {
  const text = href.trim();
  if (/^\/(?!\/)/.test(text)) return true;
  return /^(https?:\/\/[^\s/]+|mailto:[^\s]+@)/i.test(text);
}

/** An editor that only holds empty blocks and line breaks is empty (""), as no body at all. */
export function normaliseEditorHtml(html: string): string {
  const stripped = html.replace(/<br\s*\/?>/gi, "").replace(/<(p|div)>\s*<\/\1>/gi, "").replace(/&nbsp;/g, " ").trim();
  return stripped === "" ? "" : html;
}
