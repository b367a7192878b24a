/**
 * Reads one YAML data file keeping source positions, so any problem found later (schema or
 * cross-reference) can be reported at `file:line:col`. Syntax errors, duplicate keys, several
 * documents and alias bombs are reported as diagnostics, never thrown.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type YAMLError } from "yaml";
import { diagnostics, type Diagnostic, type Location, type PathSegment } from "./diagnostics";
import { readDataText } from "./read-text";

export { MAX_FILE_BYTES } from "./read-text";

/** yaml's default; an alias may expand to at most this many nodes. Guards against "billion laughs". */
export const MAX_ALIAS_COUNT = 100;
/** Syntax errors reported per file; the rest are counted. */
export const MAX_SYNTAX_ERRORS = 20;

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

/**
 * Reads and parses one data file. With `root`, the file must resolve (through symbolic links) to a
 * path inside that folder.
 */
export function readYaml(absPath: string, displayPath: string, root?: string): { source: YamlSource; diagnostics: Diagnostic[] } {
  const read = readDataText(absPath, displayPath, root);
  if (!read.ok) return { source: emptySource(absPath, displayPath), diagnostics: [read.diagnostic] };
  return parseYaml(read.text, absPath, displayPath);
}

/** Parses YAML text; every problem becomes a located diagnostic, one per cause. */
export function parseYaml(text: string, absPath: string, displayPath: string): { source: YamlSource; diagnostics: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  const fileLoc: Location = { file: displayPath, line: 1, col: 1 };
  // Parsing costs ~30 µs an item: a file of more list items than any game holds is refused before.
  const crowded = crowdedAt(text);
  if (crowded !== undefined) return { source: emptySource(absPath, displayPath), diagnostics: [diagnostics.tooManyItems({ file: displayPath, line: crowded, col: 1 }, MAX_FILE_ITEMS + 1, MAX_FILE_ITEMS, "in the file")] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const at = (offset: number): Location => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: displayPath, line: Math.max(1, line), col: Math.max(1, col) };
  };
  const errors = causes(doc.errors);
  for (const [i, err] of errors.entries()) {
    const loc = at(err.pos[0]);
    if (i === MAX_SYNTAX_ERRORS) {
      // A file that is not YAML at all would give one error a line: the first ones say enough.
      problems.push(diagnostics.moreErrors(loc, errors.length - i));
      break;
    }
    if (err.code === "DUPLICATE_KEY") problems.push(diagnostics.duplicateKey(loc, duplicateKeyAt(doc, err.pos[0]) ?? "?"));
    else if (err.code === "MULTIPLE_DOCS") problems.push(diagnostics.multipleDocuments(loc));
    else if (err.code === "RESOURCE_EXHAUSTION") problems.push(diagnostics.tooDeep(loc));
    else problems.push(diagnostics.yamlSyntax(loc, err.code, headerOnly(err.message)));
  }
  // yaml warnings (ignored directives, tags that do not resolve) mean the file does not say what it
  // seems to: errors here, one a line (a warning on a line with a syntax error is its consequence).
  const linesTaken = new Set(problems.map((p) => p.location.line));
  for (const w of doc.warnings) {
    const loc = at(w.pos[0]);
    if (linesTaken.has(loc.line)) continue;
    const tag = w.code === "TAG_RESOLVE_FAILED" ? /Unresolved tag: (\S+)/.exec(w.message)?.[1] : undefined;
    if (tag === undefined) problems.push(diagnostics.yamlSyntax(loc, w.code, headerOnly(w.message)));
    else if (PLAIN_TAGS.has(tag)) problems.push(diagnostics.tagMismatch(loc, tagName(tag)));
    else continue; // an unknown tag: reported with every other unsupported tag by `shapeProblems`
    linesTaken.add(loc.line);
  }
  // After a syntax error the tree is yaml's best guess: its shapes would be consequences, not causes.
  const broken = doc.errors.some((e) => e.code !== "DUPLICATE_KEY");
  const long = broken ? undefined : overlongList(doc, at);
  const shape = broken ? [] : long !== undefined ? [long] : shapeProblems(doc, text, at);
  problems.push(...shape);
  const source: YamlSource = {
    displayPath,
    absPath,
    value: undefined,
    locate: (path, opts) => locateIn(doc, path, opts?.key === true, at, fileLoc),
  };
  // Duplicate keys alone leave a usable document (the first value is kept): go on, to report everything else too.
  if (broken || doc.warnings.length > 0 || shape.length > 0) return { source, diagnostics: problems };

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    if (err instanceof ReferenceError && /alias/i.test(err.message)) {
      problems.push(diagnostics.aliasBomb(firstAliasLocation(doc, at) ?? fileLoc, MAX_ALIAS_COUNT));
    } else {
      problems.push(diagnostics.yamlSyntax(fileLoc, "INVALID", (err as Error).message));
    }
    return { source, diagnostics: problems };
  }
  // An empty file (or one holding only comments or `~`) is one problem, not also a schema error.
  if (value === null || value === undefined) problems.push(diagnostics.emptyDocument(fileLoc));
  else source.value = value;
  return { source, diagnostics: problems };
}

/**
 * One syntax error per cause: a tab used for indentation makes yaml misread the lines after it,
 * so when there are tab errors only they are reported (one per line); otherwise the first error
 * of each line.
 */
function causes(errors: readonly YAMLError[]): YAMLError[] {
  const syntax = errors.filter((e) => e.code !== "DUPLICATE_KEY" && e.code !== "MULTIPLE_DOCS");
  const tabs = syntax.filter((e) => e.code === "TAB_AS_INDENT");
  const kept = tabs.length > 0 ? tabs : syntax;
  const seenLines = new Set<number>();
  const firstPerLine = kept.filter((e) => {
    const line = e.linePos?.[0].line ?? e.pos[0];
    if (seenLines.has(line)) return false;
    seenLines.add(line);
    return true;
  });
  return [...errors.filter((e) => !syntax.includes(e)), ...firstPerLine];
}

/** Scalar tags a data file may spell out; everything else (!!binary, !!set, !!timestamp, !custom) is refused. */
const PLAIN_TAGS = new Set(["str", "int", "float", "bool", "null", "map", "seq"].map((t) => `tag:yaml.org,2002:${t}`));

/** `!!binary` for yaml's long core tag names; local tags as written. */
function tagName(tag: string): string {
  return tag.startsWith("tag:yaml.org,2002:") ? `!!${tag.slice("tag:yaml.org,2002:".length)}` : tag;
}

/**
 * Keys that are not plain text (a list, a mapping, nothing, an alias) and tags that make a value
 * something other than text, a number, true/false, a list or a mapping. Checked on the document,
 * before conversion, so yaml never warns on the console about stringified keys.
 */
function shapeProblems(doc: Document, text: string, at: (o: number) => Location): Diagnostic[] {
  const out: Diagnostic[] = [];
  visit(doc, {
    Pair(_k, pair) {
      const key = pair.key as Node | null;
      const where = key?.range ? at(key.range[0]) : isNodeWithRange(pair.value) ? at(pair.value.range[0]) : at(0);
      if (key === null || (isScalar(key) && key.value === null)) out.push(diagnostics.badKey(where, "an empty key"));
      else if (isAlias(key)) out.push(diagnostics.badKey(where, `an alias (*${key.source})`));
      else if (isMap(key)) out.push(diagnostics.badKey(where, "a mapping"));
      else if (isSeq(key)) out.push(diagnostics.badKey(where, "a list"));
      return undefined;
    },
    Alias(_k, alias, path) {
      // An alias inside the node it names would make a value that contains itself.
      const target = alias.resolve(doc);
      if (target !== undefined && path.includes(target as never)) out.push(diagnostics.recursiveAlias(alias.range ? at(alias.range[0]) : at(0), alias.source));
      return undefined;
    },
    Node(_k, node) {
      const tag = (node as { tag?: string }).tag;
      if (tag === undefined || PLAIN_TAGS.has(tag)) return undefined;
      // The node's range starts at its value; the tag is written just before it.
      const start = node.range ? node.range[0] : 0;
      let from = text.lastIndexOf("!", start);
      while (from > 0 && !" \t\r\n[{,".includes(text[from - 1])) from--;
      out.push(diagnostics.unsupportedTag(at(from >= 0 ? from : start), tagName(tag)));
      return undefined;
    },
  });
  return out;
}

function isNodeWithRange(n: unknown): n is Node & { range: [number, number, number] } {
  return n !== null && typeof n === "object" && Array.isArray((n as Node).range);
}

/** Items of any one list (a deck's cards): as many as a spreadsheet deck's rows (MAX_SHEET_ROWS, limits.ts). */
export const MAX_LIST_ITEMS = 10_000;
/** Items of block lists in one data file, all lists together (a deck at the limit with a few short lists a card). */
const MAX_FILE_ITEMS = 4 * MAX_LIST_ITEMS;

/** The line of the list item past MAX_FILE_ITEMS in the file, if there is one (one pass, no parse). */
function crowdedAt(text: string): number | undefined {
  let items = 0;
  let line = 1;
  let start = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line += 1;
      start = true;
    } else if (start && c === 45 /* - */) {
      const next = text.charCodeAt(i + 1);
      if (next === 32 || next === 10 || next === 13 || Number.isNaN(next)) {
        items += 1;
        if (items > MAX_FILE_ITEMS) return line;
      }
      start = false;
    } else if (c !== 32) start = false;
  }
  return undefined;
}

/**
 * A list longer than MAX_LIST_ITEMS, located at its first item past the limit: found before
 * anything walks the items (200 000 `- {}` in a deck took the schema check 40 s and then overflowed
 * the stack).
 */
function overlongList(doc: Document, at: (o: number) => Location): Diagnostic | undefined {
  let found: Diagnostic | undefined;
  visit(doc, {
    Seq(_key, node) {
      if (node.items.length <= MAX_LIST_ITEMS) return undefined;
      const past = node.items[MAX_LIST_ITEMS] as Node | null;
      const offset = past?.range?.[0] ?? node.range?.[0] ?? 0;
      found = diagnostics.tooManyItems(at(offset), node.items.length, MAX_LIST_ITEMS, "in one list");
      return visit.BREAK;
    },
  });
  return found;
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
