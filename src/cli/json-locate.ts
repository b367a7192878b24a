/**
 * JSON input helpers for the CLI: parse with line:column errors, and find where a value lives
 * (`actions[3].seat` → line 7, column 12) so request errors point into the user's file.
 */
import { UsageError } from "./errors";

export interface Located {
  line: number;
  column: number;
}

export function lineColumn(text: string, offset: number): Located {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else column++;
  }
  return { line, column };
}

/** JSON.parse, turning V8's "at position N" / "(line L column C)" into `name:L:C: reason`. */
export function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : "invalid JSON";
    let where: Located | undefined;
    const lc = /line (\d+) column (\d+)/.exec(message);
    const pos = /position (\d+)/.exec(message);
    if (lc !== null) where = { line: Number(lc[1]), column: Number(lc[2]) };
    else if (pos !== null) where = lineColumn(text, Number(pos[1]));
    else if (/end of JSON input/.test(message)) where = lineColumn(text, text.length);
    const reason = message.replace(/\s*(in JSON )?at position \d+.*$/, "").replace(/\s*\(line \d+ column \d+\)/, "");
    const at = where !== undefined ? `${name}:${where.line}:${where.column}` : name;
    throw new UsageError(`${at}: invalid JSON: ${reason}`);
  }
}

/** Start offsets of every value in (valid) JSON text, keyed by path: "", "actions", "actions[0].seat". */
export function valueOffsets(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let i = 0;
  const ws = (): void => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string): void => {
    ws();
    out.set(path, i);
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        const key = str();
        ws();
        i++; // ':'
        value(path === "" ? key : `${path}.${key}`);
        ws();
        if (text[i++] === "}") return;
      }
    } else if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (let k = 0; ; k++) {
        value(`${path}[${k}]`);
        ws();
        if (text[i++] === "]") return;
      }
    } else if (c === '"') str();
    else while (i < text.length && /[^,\]}\s]/.test(text[i])) i++;
  };
  value("");
  return out;
}

/** `name:line:col` of the value at `path` (or its nearest existing parent). */
export function locate(text: string, name: string, path: string): string {
  const offsets = valueOffsets(text);
  let p = path;
  for (;;) {
    const off = offsets.get(p);
    if (off !== undefined) {
      const lc = lineColumn(text, off);
      return `${name}:${lc.line}:${lc.column}`;
    }
    if (p === "") return name;
    const cut = Math.max(p.lastIndexOf("."), p.lastIndexOf("["));
    p = cut > 0 ? p.slice(0, cut) : "";
  }
}

/** Closest candidate by edit distance, for "did you mean". */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length];
}
