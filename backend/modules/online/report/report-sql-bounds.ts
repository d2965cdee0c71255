// What a report's SQL may cost before anything runs (issue #27, docs/decisions/149). EXPLAIN's
// cost limit (./report-runner.ts, decision 142) acts after planning, and the planner folds
// constants: `lpad('', 2000000, 'x')`, a sub-query's column doubled at each of twenty levels, or
// numbers raised to huge powers are computed while the plan is made, which PGlite cannot stop. So
// the parse tree is measured first, as the planner would expand it:
// - every sub-query, CTE and VALUES list is measured once and a reference to one of its columns
//   costs that column's size (the planner pulls simple sub-queries up and copies their expressions);
// - a value's size is bounded as `factor × D + bytes`: D is whatever one stored value holds, `bytes`
//   what constants and parameters add. Padding, formats, replacements and aggregates say how they
//   grow it; everything else adds its arguments.
// A statement is refused, in words, when its expanded expressions exceed MAX_NODES, nest deeper than
// MAX_DEPTH, a value could exceed MAX_VALUE_BYTES of constants or MAX_FACTOR times the stored data,
// or a size argument is not a small constant.
import { ReportMessages } from "#contract/modules/online-report";
import { ApiError } from "../../../http/envelope";

/** Longest lpad / rpad result and format width, in characters. */
export const MAX_PAD = 10_000;
/** Largest absolute exponent of power() and ^. */
export const MAX_EXPONENT = 1_000;
/** Expression nodes of the statement once sub-queries are pulled up. */
export const MAX_NODES = 10_000;
/** Nesting of expressions and sub-queries. */
export const MAX_DEPTH = 200;
/** Constant bytes one value may be built of. */
export const MAX_VALUE_BYTES = 256 * 1024;
/**
 * How many times one stored value a value may grow to: adding columns counts too (forty columns in
 * one JSON object are about 240), so that this bounds repeated growth, not a wide row.
 */
export const MAX_FACTOR = 256;
/** A parameter's value arrives in a request's address: at most this long. */
const PARAM_BYTES = 16 * 1024;
/** The smallest stored row (its header): what an aggregate's per-row constant is measured against. */
const MIN_ROW_BYTES = 24;
/** Bytes per character at most (UTF-8). */
const CHAR_BYTES = 4;

interface Size {
  /** Expression nodes, sub-queries expanded. */
  nodes: number;
  /** Multiple of one stored value's size. */
  factor: number;
  /** Constant bytes. */
  bytes: number;
}

/** The output of a query: the largest of its columns (any reference) and all of them (`*`). */
interface Columns {
  each: Size;
  all: Size;
}

type Wrapped = Record<string, unknown>;

const ZERO: Size = { nodes: 0, factor: 0, bytes: 0 };
const STORED: Size = { nodes: 1, factor: 1, bytes: 0 };
const BASE_TABLE: Columns = { each: STORED, all: STORED };

const add = (...sizes: Size[]): Size =>
  sizes.reduce((sum, size) => ({ nodes: sum.nodes + size.nodes, factor: sum.factor + size.factor, bytes: sum.bytes + size.bytes }), ZERO);
const widest = (sizes: readonly Size[]): Size =>
  sizes.reduce((wide, size) => ({ nodes: Math.max(wide.nodes, size.nodes), factor: Math.max(wide.factor, size.factor), bytes: Math.max(wide.bytes, size.bytes) }), ZERO);
const scaled = (size: Size, by: number, plusBytes = 0): Size => ({ nodes: size.nodes, factor: size.factor * by, bytes: size.bytes * by + plusBytes });

/** The node type and body of a wrapped node (`{ FuncCall: {...} }`). */
function unwrap(node: unknown): [string, Record<string, unknown>] | undefined {
  if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
  const [entry] = Object.entries(node as Wrapped);
  if (!entry || !entry[1] || typeof entry[1] !== "object" || Array.isArray(entry[1])) return undefined;
  return [entry[0], entry[1] as Record<string, unknown>];
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const nameOf = (funcname: unknown) =>
  list(funcname)
    .map((part) => String((part as { String?: { sval?: string } }).String?.sval ?? "").toLowerCase())
    .pop() ?? "";

/** A constant's value: a number, a string, or undefined (not a constant). Casts of a constant count. */
function constant(node: unknown): number | string | undefined {
  const parts = unwrap(node);
  if (!parts) return undefined;
  const [type, body] = parts;
  if (type === "TypeCast") return constant(body.arg);
  if (type !== "A_Const") return undefined;
  const ival = body.ival as { ival?: number } | undefined;
  if (ival) return ival.ival ?? 0;
  const fval = body.fval as { fval?: string } | undefined;
  if (fval) return Number(fval.fval);
  const sval = body.sval as { sval?: string } | undefined;
  if (sval) return sval.sval ?? "";
  return undefined;
}

/** `format`'s directives: how many, and refused when a width is `*` or above MAX_PAD. */
function formatDirectives(text: string): number {
  let count = 0;
  for (const match of text.matchAll(/%(%|(?:\d+\$)?-?(\*(?:\d+\$)?|\d*)[sIL])/g)) {
    if (match[1] === "%") continue;
    const width = match[2] ?? "";
    if (width.startsWith("*") || (width !== "" && Number(width) > MAX_PAD)) throw new ApiError(ReportMessages.formatRefused(MAX_PAD));
    count += 1;
  }
  return count;
}

class Measure {
  private total = 0;

  /** Counts the statement's nodes as they are met (a reference repeats its column's). */
  private count(size: Size): Size {
    if (size.bytes > MAX_VALUE_BYTES || size.factor > MAX_FACTOR) throw new ApiError(ReportMessages.valueTooLarge);
    return size;
  }

  private deeper(depth: number): number {
    if (depth > MAX_DEPTH) throw new ApiError(ReportMessages.tooComplex);
    return depth + 1;
  }

  finish(root: unknown) {
    this.select(root, new Map(), 0);
  }

  /** Adds nodes that are planned but are no value of the output (conditions, sorts, groups). */
  private planned(size: Size) {
    this.total += size.nodes;
    if (this.total > MAX_NODES) throw new ApiError(ReportMessages.tooComplex);
  }

  /**
   * A SELECT (or set operation, or VALUES) with the CTEs and the outer queries' columns visible to it
   * (a lateral or correlated sub-query is pulled up too, with its references to them).
   */
  select(wrapped: unknown, ctes: ReadonlyMap<string, Columns>, depth: number, outer: readonly Columns[] = []): Columns {
    const next = this.deeper(depth);
    const parts = unwrap(wrapped);
    if (!parts || parts[0] !== "SelectStmt") return { each: ZERO, all: ZERO };
    const stmt = parts[1];
    const visible = new Map(ctes);
    const withClause = stmt.withClause as { ctes?: unknown[] } | undefined;
    for (const cte of list(withClause?.ctes)) {
      const body = unwrap(cte)?.[1];
      if (!body) continue;
      visible.set(String(body.ctename ?? "").toLowerCase(), this.select(body.ctequery, visible, next, outer));
    }
    if (stmt.op && stmt.op !== "SETOP_NONE") {
      const left = this.select({ SelectStmt: stmt.larg }, visible, next, outer);
      const right = this.select({ SelectStmt: stmt.rarg }, visible, next, outer);
      return { each: { ...widest([left.each, right.each]), nodes: left.each.nodes + right.each.nodes }, all: { ...widest([left.all, right.all]), nodes: left.all.nodes + right.all.nodes } };
    }
    if (stmt.valuesLists) {
      const rows = list(stmt.valuesLists).map((row) => list(unwrap(row)?.[1].items).map((item) => this.expr(item, outer, visible, next)));
      const each = widest(rows.flat());
      return { each: { ...each, nodes: rows.flat().reduce((sum, size) => sum + size.nodes, 0) }, all: { ...widest(rows.map((row) => add(...row))), nodes: each.nodes } };
    }
    const own: Columns[] = [];
    for (const item of list(stmt.fromClause)) this.from(item, own, outer, visible, next);
    const scope = [...own, ...outer];
    for (const clause of [stmt.whereClause, stmt.havingClause, stmt.groupClause, stmt.sortClause, stmt.distinctClause, stmt.limitCount, stmt.limitOffset, stmt.windowClause]) {
      for (const node of list(clause)) this.planned(this.expr(node, scope, visible, next));
    }
    const targets = list(stmt.targetList).map((target) => this.expr(unwrap(target)?.[1].val, scope, visible, next));
    // Planned once where it stands, and again wherever a reference copies a column.
    this.planned(add(...targets));
    return { each: widest(targets), all: add(...targets) };
  }

  /** A FROM item: its columns join the scope (`own`; a lateral item also sees the items before it and `outer`). */
  private from(item: unknown, own: Columns[], outer: readonly Columns[], ctes: ReadonlyMap<string, Columns>, depth: number) {
    const scope = [...own, ...outer];
    const next = this.deeper(depth);
    const parts = unwrap(item);
    if (!parts) return;
    const [type, body] = parts;
    if (type === "RangeVar") {
      const cte = body.schemaname ? undefined : ctes.get(String(body.relname ?? "").toLowerCase());
      own.push(cte ?? BASE_TABLE);
    } else if (type === "RangeSubselect") {
      own.push(this.select(body.subquery, ctes, next, scope));
    } else if (type === "JoinExpr") {
      this.from(body.larg, own, outer, ctes, next);
      this.from(body.rarg, own, outer, ctes, next);
      if (body.quals) this.planned(this.expr(body.quals, [...own, ...outer], ctes, next));
    } else if (type === "RangeFunction") {
      const sizes: Size[] = [];
      for (const pair of list(body.functions)) {
        const [call] = list(unwrap(pair)?.[1].items);
        const callParts = unwrap(call);
        // A set-returning function over stored data makes rows the planner cannot count.
        for (const argument of list(callParts?.[1].args)) {
          const plainColumn = unwrap(argument)?.[0] === "ColumnRef";
          if (!plainColumn && this.expr(argument, scope, ctes, next).factor > 0) throw new ApiError(ReportMessages.rowsFromData(nameOf(callParts?.[1].funcname)));
        }
        sizes.push(this.expr(call, scope, ctes, next));
      }
      own.push({ each: widest(sizes), all: add(...sizes) });
    } else {
      own.push(BASE_TABLE);
    }
  }

  /** A column of the scope: the widest it could be (every FROM item's widest column). */
  private column(body: Record<string, unknown>, scope: readonly Columns[]): Size {
    const star = list(body.fields).some((field) => unwrap(field)?.[0] === "A_Star");
    if (scope.length === 0) return STORED;
    return star ? add(...scope.map((columns) => columns.all)) : widest(scope.map((columns) => columns.each));
  }

  /** An expression's size. */
  expr(node: unknown, scope: readonly Columns[], ctes: ReadonlyMap<string, Columns>, depth: number): Size {
    if (Array.isArray(node)) return add(...node.map((item) => this.expr(item, scope, ctes, depth)));
    const parts = unwrap(node);
    if (!parts) return ZERO;
    const next = this.deeper(depth);
    const [type, body] = parts;
    const sub = (value: unknown) => this.expr(value, scope, ctes, next);
    const one = (size: Size) => this.count({ ...size, nodes: size.nodes + 1 });
    switch (type) {
      case "A_Const": {
        const value = constant(node);
        return one({ nodes: 0, factor: 0, bytes: typeof value === "string" ? value.length * CHAR_BYTES : 16 });
      }
      case "ParamRef":
        return one({ nodes: 0, factor: 0, bytes: PARAM_BYTES });
      case "ColumnRef":
        return this.count(this.column(body, scope));
      case "SubLink": {
        const query = this.select(body.subselect, ctes, next, scope);
        const tested = sub(body.testexpr);
        const kind = body.subLinkType;
        const value = kind === "ARRAY_SUBLINK" ? aggregated(query.each) : kind === "EXPR_SUBLINK" ? query.each : small(query.each);
        return one({ nodes: query.all.nodes + tested.nodes, factor: value.factor, bytes: value.bytes });
      }
      case "CaseExpr": {
        const whens = list(body.args).map((when) => unwrap(when)?.[1] ?? {});
        const conditions = add(sub(body.arg), ...whens.map((when) => sub(when.expr)));
        const results = [...whens.map((when) => sub(when.result)), sub(body.defresult)];
        return one({ ...widest(results), nodes: conditions.nodes + results.reduce((sum, size) => sum + size.nodes, 0) });
      }
      case "CoalesceExpr":
      case "MinMaxExpr": {
        const values = list(body.args).map(sub);
        return one({ ...widest(values), nodes: values.reduce((sum, size) => sum + size.nodes, 0) });
      }
      case "A_Expr": {
        const name = nameOf(body.name);
        if (name === "^") this.exponent(body.rexpr);
        const both = add(sub(body.lexpr), sub(body.rexpr));
        // Text and arithmetic add their sides' sizes (a product has as many digits as both); anything else answers a truth value.
        return one(body.kind === "AEXPR_OP" && GROWING_OPERATORS.has(name) ? both : small(both));
      }
      case "BoolExpr":
      case "NullTest":
      case "BooleanTest":
        return one(small(add(sub(body.args), sub(body.arg))));
      case "FuncCall":
        return one(this.call(body, sub));
      case "SelectStmt":
        return one(this.select(node, ctes, next, scope).each);
      default: {
        // Any other node: the sum of the nodes it holds.
        const children = Object.values(body).flatMap((value) => (Array.isArray(value) ? value : [value])).filter((value) => unwrap(value));
        return one(add(...children.map(sub)));
      }
    }
  }

  private exponent(node: unknown) {
    const value = constant(node);
    if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > MAX_EXPONENT) throw new ApiError(ReportMessages.exponentRefused(MAX_EXPONENT));
  }

  /** A function call: how each kind grows its arguments. */
  private call(body: Record<string, unknown>, sub: (value: unknown) => Size): Size {
    const name = nameOf(body.funcname);
    const args = list(body.args);
    const sizes = args.map(sub);
    const all = add(...sizes);
    const window = (body.over ?? {}) as Record<string, unknown>;
    const extra = add(sub(body.agg_order), sub(body.agg_filter), sub(window.partitionClause), sub(window.orderClause));
    const withExtra = (size: Size) => ({ ...size, nodes: all.nodes + extra.nodes });
    const constantOnly = (index: number) => {
      if ((sizes[index]?.factor ?? 0) > 0) throw new ApiError(ReportMessages.replacementRefused(name));
      return sizes[index]?.bytes ?? 0;
    };
    switch (name) {
      case "lpad":
      case "rpad": {
        const length = constant(args[1]);
        if (typeof length !== "number" || !Number.isInteger(length) || length > MAX_PAD) throw new ApiError(ReportMessages.padRefused(name, MAX_PAD));
        return withExtra({ nodes: 0, factor: 0, bytes: Math.max(0, length) * CHAR_BYTES });
      }
      case "format": {
        const pattern = constant(args[0]);
        if (typeof pattern !== "string") throw new ApiError(ReportMessages.formatRefused(MAX_PAD));
        const directives = formatDirectives(pattern);
        const argument = widest(sizes.slice(1));
        return withExtra({ nodes: 0, factor: directives * argument.factor, bytes: pattern.length * CHAR_BYTES + directives * (argument.bytes + MAX_PAD * CHAR_BYTES) });
      }
      case "replace":
      case "regexp_replace": {
        // Each character of the text may become the replacement.
        const grows = 1 + constantOnly(2);
        return withExtra(scaled(sizes[0] ?? ZERO, grows, constantOnly(2)));
      }
      case "translate":
        return withExtra(scaled(sizes[0] ?? ZERO, CHAR_BYTES));
      case "array_to_string": {
        const grows = 1 + constantOnly(1) + (args.length > 2 ? constantOnly(2) : 0);
        return withExtra(scaled(sizes[0] ?? ZERO, grows));
      }
      case "string_to_array":
        // Every character may become an element with its own header.
        return withExtra(scaled(sizes[0] ?? ZERO, 2 * CHAR_BYTES + (args.length > 2 ? constantOnly(2) : 0)));
      case "concat_ws":
        return withExtra(add(...sizes, scaled(sizes[0] ?? ZERO, Math.max(0, args.length - 2))));
      case "power":
        this.exponent(args[1]);
        return withExtra(scaled(sizes[0] ?? ZERO, MAX_EXPONENT));
      case "to_json":
      case "to_jsonb":
      case "json_build_object":
      case "jsonb_build_object":
      case "json_build_array":
      case "jsonb_build_array":
        // \u0000-style escapes: six bytes for one.
        return withExtra(scaled(all, 6, 16 * args.length));
      case "string_agg":
      case "array_agg":
      case "json_agg":
      case "jsonb_agg":
        return withExtra(aggregated(name.startsWith("json") ? scaled(all, 1, 16) : all));
      case "count": case "sum": case "avg": case "bool_and": case "bool_or": case "every": case "row_number": case "rank":
      case "dense_rank": case "percent_rank": case "cume_dist": case "ntile": case "length": case "char_length": case "character_length":
      case "octet_length": case "position": case "strpos": case "array_length": case "cardinality": case "array_position": case "md5":
      case "ascii": case "chr": case "to_hex":
        return withExtra({ nodes: 0, factor: 0, bytes: 64 });
      case "to_char": {
        const pattern = sizes[1] ?? ZERO;
        return withExtra({ nodes: 0, factor: pattern.factor * CHAR_BYTES, bytes: pattern.bytes * CHAR_BYTES + 64 });
      }
      default:
        return withExtra(all);
    }
  }
}

const GROWING_OPERATORS = new Set(["||", "+", "-", "*", "/", "%"]);

/** A truth value or a count: its nodes, no size to speak of. */
const small = (size: Size): Size => ({ nodes: size.nodes, factor: 0, bytes: 16 });

/** An aggregate over rows: each row's constant part counts against the smallest row it comes from. */
function aggregated(size: Size): Size {
  return { nodes: size.nodes, factor: size.factor + (size.bytes + 8) / MIN_ROW_BYTES, bytes: 0 };
}

/** Refuses (in words) a statement the planner would spend too long on or that builds huge values. */
export function checkReportBounds(statement: Record<string, unknown>) {
  try {
    new Measure().finish(statement);
  } catch (error) {
    if (error instanceof RangeError) throw new ApiError(ReportMessages.tooComplex);
    throw error;
  }
}
