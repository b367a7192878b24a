/**
 * Reads one YAML data file keeping source positions, so any problem found later (schema or
 * cross-reference) can be reported at `file:line:col`. Syntax errors, duplicate keys, several
 * documents and alias bombs are reported as diagnostics, never thrown.
 */
import { readFileSync } from "node:fs";
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from "yaml";
import { diagnostics, type Diagnostic, type Location, type PathSegment } from "./diagnostics";

/** yaml's default; an alias may expand to at most this many nodes. Guards against "billion laughs". */
export const MAX_ALIAS_COUNT = 100;
/** Data files are small; refuse anything absurdly large before parsing it. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface YamlSource {
  /** Path as shown in messages (relative to the working directory when inside it). */
  displayPath: string;
  absPath: string;
  /** Parsed plain value, or undefined when the file could not be parsed. */
  value: unknown;
  /** Locates a data path: the value node, or with `key: true` the key of the last segment. */
  locate(path: readonly PathSegment[], opts?: { key?: boolean }): Location;
}

function headerOnly(message: string): string {
  // yaml's pretty messages add " at line L, column C:" and a code excerpt; the location is printed separately.
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "").trim();
}

export function readYaml(absPath: string, displayPath: string): { source: YamlSource; diagnostics: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  const fileLoc: Location = { file: displayPath };
  let text: string;
  try {
    text = readFileSync(absPath, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    problems.push(
      code === "ENOENT"
        ? diagnostics.fileMissing(fileLoc, "every game folder needs it; see docs/data-format.md")
        : diagnostics.fileUnreadable(fileLoc, (err as Error).message),
    );
    return { source: emptySource(absPath, displayPath), diagnostics: problems };
  }
  if (Buffer.byteLength(text) > MAX_FILE_BYTES) {
    problems.push(diagnostics.fileUnreadable(fileLoc, `larger than ${MAX_FILE_BYTES} bytes`));
    return { source: emptySource(absPath, displayPath), diagnostics: problems };
  }

  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const at = (offset: number): Location => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: displayPath, line, col };
  };
  for (const err of doc.errors) {
    const loc = at(err.pos[0]);
    if (err.code === "DUPLICATE_KEY") problems.push(diagnostics.duplicateKey(loc, duplicateKeyAt(doc, err.pos[0]) ?? "?"));
    else if (err.code === "MULTIPLE_DOCS") problems.push(diagnostics.multipleDocuments(loc));
    else problems.push(diagnostics.yamlSyntax(loc, err.code, headerOnly(err.message)));
  }
  // yaml warnings (unresolved tags, ignored directives…) mean the file does not say what it seems to: errors here.
  for (const w of doc.warnings) problems.push(diagnostics.yamlSyntax(at(w.pos[0]), w.code, headerOnly(w.message)));
  const source: YamlSource = {
    displayPath,
    absPath,
    value: undefined,
    locate: (path, opts) => locateIn(doc, path, opts?.key === true, at, fileLoc),
  };
  // Duplicate keys leave a usable document (the first value is kept): go on, to report everything else too.
  if (doc.errors.some((e) => e.code !== "DUPLICATE_KEY") || doc.warnings.length > 0) return { source, diagnostics: problems };

  try {
    source.value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    if (err instanceof ReferenceError && /alias/i.test(err.message)) {
      problems.push(diagnostics.aliasBomb(firstAliasLocation(doc, at) ?? fileLoc, MAX_ALIAS_COUNT));
    } else {
      problems.push(diagnostics.yamlSyntax(fileLoc, "INVALID", (err as Error).message));
    }
    return { source, diagnostics: problems };
  }
  if (source.value === null || source.value === undefined) problems.push(diagnostics.emptyDocument(at(0)));
  return { source, diagnostics: problems };
}

function emptySource(absPath: string, displayPath: string): YamlSource {
  return { displayPath, absPath, value: undefined, locate: () => ({ file: displayPath }) };
}

function firstAliasLocation(doc: Document, at: (o: number) => Location): Location | undefined {
  let found: Location | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (found === undefined && node.range) found = at(node.range[0]);
      return visit.BREAK;
    },
  });
  return found;
}

/** The key text of the duplicate whose error starts at `offset`. */
function duplicateKeyAt(doc: Document, offset: number): string | undefined {
  let key: string | undefined;
  visit(doc, {
    Pair(_k, pair) {
      const k = pair.key;
      if (isScalar(k) && k.range && k.range[0] === offset) {
        key = String(k.value);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return key;
}

/** Walks the document along a data path; falls back to the deepest node found (e.g. the mapping that misses a key). */
function locateIn(
  doc: Document,
  path: readonly PathSegment[],
  wantKey: boolean,
  at: (o: number) => Location,
  fileLoc: Location,
): Location {
  let node: unknown = doc.contents;
  let best: Location = firstNodeLoc(node, at) ?? fileLoc;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (pair === undefined) return best;
      const keyLoc = firstNodeLoc(pair.key, at);
      if (i === path.length - 1 && wantKey && keyLoc) return keyLoc;
      node = pair.value;
      // `key:` with no value: point at the key.
      best = firstNodeLoc(node, at) ?? keyLoc ?? best;
    } else if (isSeq(node) && typeof seg === "number") {
      const item = node.items[seg];
      if (item === undefined) return best;
      node = item;
      best = firstNodeLoc(node, at) ?? best;
    } else {
      return best;
    }
  }
  return best;
}

function firstNodeLoc(node: unknown, at: (o: number) => Location): Location | undefined {
  const range = (node as Node | null)?.range;
  return range ? at(range[0]) : undefined;
}
