/** Turns reference.yaml table definitions into text-only tables, pulling rows from rules.yaml. */
import type { TableFile } from "./schema/reference";
import type { Table } from "./types";
import { resolvePointer } from "./pointer";
import type { PathSegment } from "./diagnostics";

export interface TableProblem {
  /** Path relative to the table definition. */
  path: PathSegment[];
  kind: "ref" | "cell";
  message: string;
}

type Row = Record<string, unknown>;

/** Reads a dotted path ("effect.text", "ranks.0", "$key") inside a row. */
function pick(row: Row, path: string): unknown {
  let node: unknown = row;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A cell as printed text; undefined when it cannot be printed as text. */
export function cellText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    const parts = value.map(cellText);
    return parts.every((p) => p !== undefined) ? parts.join(", ") : undefined;
  }
  return undefined;
}

export function buildTable(def: TableFile, rules: unknown): { table?: Table; problems: TableProblem[] } {
  const problems: TableProblem[] = [];
  if (def.rows !== undefined) {
    const headers = def.headers ?? [];
    def.rows.forEach((row, i) => {
      if (headers.length > 0 && row.length !== headers.length) {
        problems.push({ path: ["rows", i], kind: "cell", message: `row has ${row.length} cells but there are ${headers.length} headers` });
      }
    });
    return { table: { caption: def.caption, headers, rows: def.rows.map((r) => r.map((c) => String(c))) }, problems };
  }
  const found = resolvePointer(rules, def.rules ?? "");
  if (!found.ok) return { problems: [{ path: ["rules"], kind: "ref", message: found.detail }] };
  let rows: Row[];
  if (Array.isArray(found.value)) {
    rows = found.value.map((v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Row) : { $value: v }));
  } else if (found.value !== null && typeof found.value === "object") {
    rows = Object.entries(found.value as Row).map(([k, v]) => ({
      ...(v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Row) : {}),
      $key: k,
      $value: v,
    }));
  } else {
    return { problems: [{ path: ["rules"], kind: "ref", message: `points at a plain value (${String(found.value)}), not a list or mapping of rows` }] };
  }
  const columns = def.columns ?? [];
  const out: string[][] = [];
  rows.forEach((row, r) => {
    const cells: string[] = [];
    columns.forEach((col, c) => {
      if (col.key !== undefined) {
        const text = cellText(pick(row, col.key));
        if (text === undefined) {
          problems.push({ path: ["columns", c, "key"], kind: "cell", message: `row ${r} of ${def.rules} has no printable value at ${JSON.stringify(col.key)}` });
        }
        cells.push(text ?? "");
      } else {
        const text = (col.format ?? "").replace(/\{([^{}]+)\}/g, (_m, p: string) => {
          const t = cellText(pick(row, p.trim()));
          if (t === undefined) {
            problems.push({ path: ["columns", c, "format"], kind: "cell", message: `row ${r} of ${def.rules} has no printable value at ${JSON.stringify(p.trim())}` });
          }
          return t ?? "";
        });
        cells.push(text);
      }
    });
    out.push(cells);
  });
  return { table: { caption: def.caption, headers: columns.map((c) => c.header), rows: out }, problems };
}
