// Chinese everywhere a user looks (issue #30 item 5): the English words of a page's visible text.
// The walk of every page (page-walk.ts) reads what a user sees (the main area, the document's
// title, placeholders, buttons, titles); a word is English when it is two or more Latin letters with
// a lower-case one. Not words: codes and user data with digits or `_` (teacher_li, S2026001,
// A01A02), upper-case codes and units (SQL, CPU, MB, ID), URLs, e-mail addresses, paths
// (/sys/user, layouts/RouteView), dotted names (org.jeecg.modules.quartz.job.X), merge fields
// (${parentName}), and the words of the demo data's people and organisation (names, accounts,
// role and position codes: user data a school types in, read from the seed).
import { readFileSync } from "node:fs";

/**
 * Words a Chinese page may show, each for its reason. Keep it short: a word of our own text is
 * translated, not listed here.
 */
const NAMED = [
  // Names of products and formats the pages name (接口文档, 数据源管理, 性能监控, 定时任务, 编辑器示例).
  "JeecgBoot",
  "OpenAPI",
  "PostgreSQL",
  "PGlite",
  "Redis",
  "Excel",
  "Node",
  "Cron",
  "Markdown",
  // The browser and system of a session (登录日志, 在线用户, 安全设置): what the browser says of itself.
  "Chrome",
  "Linux",
  // Units of measure beside figures.
  "ms",
  "px",
  // 数据字典's code of the yes/no dictionary (JeecgBoot's own).
  "yn",
];

/** The seed files of the demo's people and organisation: their words are user data. */
const DEMO_DATA = ["people.ts", "organisation.ts", "rules.ts"].map((file) => new URL(`../../../backend/seed/data/${file}`, import.meta.url));

function demoDataWords(): string[] {
  // The string literals of the data: not of the comments, nor of the imports (`"../../db/ids"`, `"#contract/…"`).
  const literals = DEMO_DATA.flatMap((file) => [...readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "").matchAll(/"([^"\\\n]*)"/g)].map(([, literal]) => literal!));
  // Permission codes (`mail:retry`) and page paths are the product's, not data a school types in.
  return literals.filter((literal) => !/^[.#/]|^[\w-]+:[\w:-]+$/.test(literal)).flatMap((literal) => literal.match(/[A-Za-z]+/g) ?? []);
}

const ALLOWED: ReadonlySet<string> = new Set([...NAMED, ...demoDataWords()]);

/** Pieces of text that are not words: URLs, e-mail addresses, paths, code identifiers. */
const NOT_WORDS = [
  /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, // http://…, ws://…, jdbc:…// URLs
  /[\w.+*-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses, masked too: f***@mail.example
  /(^|[\s(（:：])\/[\w/.:{}*?=&%-]*/g, // paths: /sys/user/list, /monitor/apiDoc
  /\b\w+(\/\w+)+/g, // paths without their first slash: layouts/RouteView, 接口文档's tag sys/user
  /\b[A-Za-z_]\w*(\.[A-Za-z_]\w*){2,}/g, // dotted names: org.jeecg.modules.quartz.job.PurgeExpiredJob
  /\$\{[^}]*\}/g, // merge fields of a message: ${parentName}
  /\b\w*[\d_]\w*\b/g, // codes with digits or underscores: teacher_li, S2026001, sys_user
];

/** The English words of `text`, in order of first appearance, each once. */
export function englishWords(text: string, allowed: ReadonlySet<string> = ALLOWED): string[] {
  let cleaned = text;
  for (const pattern of NOT_WORDS) cleaned = cleaned.replace(pattern, " ");
  const words = cleaned.match(/[A-Za-z]+(?:['’][A-Za-z]+)*/g) ?? [];
  return [...new Set(words.filter((word) => word.length >= 2 && /[a-z]/.test(word) && !allowed.has(word)))];
}

/** Each English word of `text` with the line it first appears in (shortened), for the walk's report. */
export function englishWordsInContext(text: string, allowed: ReadonlySet<string> = ALLOWED): string[] {
  const lines = text.split(/\n+/);
  return englishWords(text, allowed).map((word) => {
    const line = lines.find((candidate) => englishWords(candidate, allowed).includes(word)) ?? "";
    const trimmed = line.trim();
    return `english "${word}" in «${trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed}»`;
  });
}
