// A report's SQL (docs/decisions/057): `${param}` placeholders become bound parameters ($n, never
// spliced text), then the statement is parsed by PostgreSQL's own parser (libpg-query) and refused
// unless it is one read-only SELECT: no data-modifying CTE, no SELECT INTO, no locking clause, no
// recursive CTE, only functions of an allow-list, no catalog or secret table, no password or salt
// column, nothing the planner would spend long on (./report-sql-bounds.ts). The database role
// and the read-only transaction (./report-runner.ts) stand behind this.
import { ReportMessages } from "#contract/modules/online-report";
import { ApiError } from "../../../http/envelope";
import { checkReportBounds } from "./report-sql-bounds";

/** Functions a report may call (lower case, optionally qualified by pg_catalog). */
const ALLOWED_FUNCTIONS = new Set([
  // aggregates and windows
  "count", "sum", "avg", "min", "max", "string_agg", "array_agg", "bool_and", "bool_or", "every", "json_agg", "jsonb_agg",
  "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value",
  "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp",
  // text
  "lower", "upper", "length", "char_length", "character_length", "octet_length", "substr", "substring", "trim", "btrim", "ltrim", "rtrim",
  "replace", "translate", "concat", "concat_ws", "left", "right", "lpad", "rpad", "position", "strpos", "split_part", "initcap", "reverse",
  "format", "md5", "regexp_replace", "regexp_match", "regexp_matches", "starts_with", "chr", "ascii", "overlay", "to_hex",
  // numbers
  "round", "floor", "ceil", "ceiling", "abs", "trunc", "mod", "power", "sqrt", "sign", "div", "width_bucket",
  // dates
  "now", "date_trunc", "date_part", "extract", "age", "make_date", "make_time", "make_timestamp", "make_interval",
  "to_char", "to_date", "to_timestamp", "to_number", "justify_days", "justify_hours", "justify_interval", "timezone", "isfinite",
  // json and arrays
  "json_build_object", "jsonb_build_object", "json_build_array", "jsonb_build_array", "to_json", "to_jsonb", "array_length",
  "array_to_string", "string_to_array", "unnest", "cardinality", "array_position",
]);

/** The schema of the report views (migration 0350): the only one a report names. */
const REPORT_SCHEMA = "report";

/** Tables no report reads whatever the role allows (secrets of the sign-in and the data sources). */
const REFUSED_TABLES = new Set([
  "sys_session", "sys_app_secret", "sys_captcha", "sys_login_failure", "sys_login_lock", "sys_data_source", "schema_migrations",
  "sys_sms_code", "sys_message", "sys_log", "comm_mail", "comm_mail_attachment", "sys_third_login_ticket", "sys_third_login_request",
  "sys_cas_ticket", "report_context",
]);
const REFUSED_COLUMNS = new Set(["password", "salt"]);
const MODIFYING = new Set(["InsertStmt", "UpdateStmt", "DeleteStmt", "MergeStmt"]);

export interface BoundSql {
  /** The statement with `$1…$n` where the placeholders were. */
  text: string;
  /** The value of each `$n`, in order. */
  values: Array<string | null>;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$]/;

/**
 * Replaces each `${name}` with a parameter. Outside a string literal it is `$n` (an empty value is
 * NULL); inside one, the literal is cut around it: `'%${q}%'` becomes `('%' || $n::text || '%')`
 * (an empty value is ''). `$n`, dollar quotes and placeholders inside quoted identifiers are refused.
 */
export function bindPlaceholders(sqlText: string, valueOf: (name: string) => string): BoundSql {
  const values: Array<string | null> = [];
  let out = "";
  let index = 0;
  const readPlaceholder = (at: number): { name: string; end: number } => {
    const match = /^\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/.exec(sqlText.slice(at));
    if (!match) throw new ApiError(ReportMessages.placeholder);
    return { name: match[1], end: at + match[0].length };
  };
  while (index < sqlText.length) {
    const char = sqlText[index];
    const next = sqlText[index + 1];
    if (char === "-" && next === "-") {
      const end = sqlText.indexOf("\n", index);
      const stop = end < 0 ? sqlText.length : end;
      out += sqlText.slice(index, stop);
      index = stop;
    } else if (char === "/" && next === "*") {
      const end = sqlText.indexOf("*/", index + 2);
      const stop = end < 0 ? sqlText.length : end + 2;
      out += sqlText.slice(index, stop);
      index = stop;
    } else if (char === '"') {
      const end = sqlText.indexOf('"', index + 1);
      const stop = end < 0 ? sqlText.length : end + 1;
      const quoted = sqlText.slice(index, stop);
      if (quoted.includes("${")) throw new ApiError(ReportMessages.placeholder);
      out += quoted;
      index = stop;
    } else if (char === "'") {
      const escaped = index > 0 && /[eE]/.test(sqlText[index - 1]) && (index < 2 || !IDENTIFIER_CHAR.test(sqlText[index - 2]));
      const parts: string[] = [];
      let literal = "";
      let at = index + 1;
      let closed = false;
      while (at < sqlText.length) {
        const c = sqlText[at];
        if (escaped && c === "\\") {
          literal += sqlText.slice(at, at + 2);
          at += 2;
        } else if (c === "'" && sqlText[at + 1] === "'") {
          literal += "''";
          at += 2;
        } else if (c === "'") {
          closed = true;
          at += 1;
          break;
        } else if (c === "$" && sqlText[at + 1] === "{") {
          const placeholder = readPlaceholder(at);
          if (literal !== "") parts.push(`'${literal}'`);
          literal = "";
          values.push(valueOf(placeholder.name));
          parts.push(`$${values.length}::text`);
          at = placeholder.end;
        } else {
          literal += c;
          at += 1;
        }
      }
      if (!closed) {
        // Unterminated: let the parser report it as written.
        out += sqlText.slice(index);
        index = sqlText.length;
      } else if (parts.length === 0) {
        out += sqlText.slice(index, at);
        index = at;
      } else {
        if (literal !== "") parts.push(`'${literal}'`);
        // The E prefix already went out; it applies to the first part only, so the parts keep theirs.
        if (escaped) out = out.slice(0, -1);
        out += `(${parts.map((part) => (escaped && part.startsWith("'") ? `E${part}` : part)).join(" || ")})`;
        index = at;
      }
    } else if (char === "$") {
      if (next === "{") {
        const placeholder = readPlaceholder(index);
        const value = valueOf(placeholder.name);
        values.push(value === "" ? null : value);
        out += `$${values.length}`;
        index = placeholder.end;
      } else if (index > 0 && IDENTIFIER_CHAR.test(sqlText[index - 1]) && !/[0-9]/.test(next ?? "")) {
        out += char;
        index += 1;
      } else {
        throw new ApiError(ReportMessages.dollarQuote);
      }
    } else {
      out += char;
      index += 1;
    }
  }
  return { text: out, values };
}

type Node = unknown;

/** Every object of the parse tree with the key it hangs under (a node's type name, or a field name). */
function* walk(node: Node, key = ""): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item, key);
  } else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    yield [key, record];
    for (const [child, value] of Object.entries(record)) yield* walk(value, child);
  }
}

const names = (list: unknown): string[] =>
  (Array.isArray(list) ? list : []).map((item) => String((item as { String?: { sval?: string } }).String?.sval ?? "").toLowerCase());

/** Refuses anything but one read-only SELECT (the checks of docs/decisions/057). */
export async function checkReportSql(text: string): Promise<void> {
  let tree: { stmts?: Array<{ stmt: Record<string, unknown> }> };
  // libpg-query (a WebAssembly build of PostgreSQL's parser) is imported on the first report checked.
  const { parse } = await import("libpg-query");
  try {
    tree = (await parse(text)) as typeof tree;
  } catch (error) {
    throw new ApiError(ReportMessages.syntax(error instanceof Error ? error.message : String(error)));
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) throw new ApiError(statements.length === 0 ? ReportMessages.notSelect : ReportMessages.multipleStatements);
  const [statement] = statements;
  if (!statement.stmt.SelectStmt) throw new ApiError(ReportMessages.notSelect);
  // Sizes first: it refuses what is too deep before anything else walks the tree.
  checkReportBounds(statement.stmt);
  for (const [key, node] of walk(statement.stmt)) {
    if (MODIFYING.has(key)) throw new ApiError(ReportMessages.modifying);
    if (key === "SelectStmt" || key === "larg" || key === "rarg" || key === "subquery" || key === "ctequery") {
      if (node.intoClause) throw new ApiError(ReportMessages.selectInto);
      if (node.lockingClause) throw new ApiError(ReportMessages.locking);
    }
    if (key === "withClause" && node.recursive) throw new ApiError(ReportMessages.recursive);
    if (key === "FuncCall") {
      const parts = names(node.funcname);
      const name = parts[parts.length - 1] ?? "";
      const qualified = parts.length === 1 || (parts.length === 2 && parts[0] === "pg_catalog");
      if (!qualified || !ALLOWED_FUNCTIONS.has(name)) throw new ApiError(ReportMessages.functionRefused(parts.join(".")));
    }
    if (key === "RangeVar") {
      const schema = typeof node.schemaname === "string" ? node.schemaname.toLowerCase() : "";
      const table = String(node.relname ?? "").toLowerCase();
      if ((schema !== "" && schema !== REPORT_SCHEMA) || table.startsWith("pg_") || REFUSED_TABLES.has(table)) {
        throw new ApiError(ReportMessages.tableRefused(schema ? `${schema}.${table}` : table));
      }
    }
    if (key === "CommonTableExpr") {
      const name = String(node.ctename ?? "").toLowerCase();
      if (name.startsWith("pg_") || REFUSED_TABLES.has(name)) throw new ApiError(ReportMessages.tableRefused(name));
    }
    if (key === "ColumnRef") {
      for (const field of names(node.fields)) if (REFUSED_COLUMNS.has(field)) throw new ApiError(ReportMessages.columnRefused(field));
    }
  }
}

/** The statement without a trailing semicolon, ready to be wrapped as a sub-query. */
export function withoutTerminator(text: string): string {
  return text.replace(/[\s;]+$/, "");
}
