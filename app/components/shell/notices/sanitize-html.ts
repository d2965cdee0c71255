// The notice body is HTML written by an administrator (a rich-text editor) and shown inside the app:
// it is cleaned with DOMPurify before it is rendered (docs/spec/app-shell.md §2 "Notices" shows the HTML
// body). No scripts, no on* handlers, no javascript: URLs (DOMPurify's defaults), and also no
// <style> (it would restyle the whole app), no forms, no SVG/MathML. Links open in a new tab.
import DOMPurify, { type Config, type DOMPurify as Purifier } from "dompurify";

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "option", "iframe", "frame", "object", "embed", "base", "meta", "link"],
  FORBID_ATTR: ["srcdoc", "formaction"],
};

let purifier: Purifier | null = null;

function browserPurifier(): Purifier | null {
  if (typeof window === "undefined") return null;
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && node.hasAttribute("href")) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer");
      }
    });
  }
  return purifier.isSupported ? purifier : null;
}

/**
 * Safe HTML of a notice body. Where no DOM is available (server rendering) nothing is returned:
 * DOMPurify without a DOM would hand the input back unchanged.
 */
export function sanitizeNoticeHtml(html: string): string {
  const clean = browserPurifier();
  if (!clean || !html) return "";
  return clean.sanitize(html, CONFIG);
}
