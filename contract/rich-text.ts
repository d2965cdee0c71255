// The cleaning of rich-text HTML (notice bodies written in the quill editor): only the tags and
// attributes the editor produces, links to http(s)/mailto, images from http(s) or our own stored
// files. The web server cleans before saving; the backend before serving /sys/annountCement/show;
// the browser cleans again on display (notices/sanitize-html.ts).
// sanitize-html (with htmlparser2 and postcss) is required on the first clean (docs/decisions/175):
// a start that saves or shows no notice never loads it.
import { createRequire } from "node:module";
import type sanitizeHtmlModule from "sanitize-html";

let sanitizeHtml: typeof sanitizeHtmlModule | null = null;

const OPTIONS: sanitizeHtmlModule.IOptions = {
  allowedTags: ["p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "s", "a", "ol", "ul", "li", "blockquote", "pre", "code", "img", "span"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    li: ["data-list"],
    "*": ["class"],
  },
  allowedClasses: { "*": [/^ql-[a-z0-9-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function cleanRichText(html: string): string {
  sanitizeHtml ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtmlModule;
  return sanitizeHtml(html ?? "", OPTIONS).trim();
}
