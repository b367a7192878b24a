/**
 * Every problem the model reports, as named factories in one place (like TypeScriptToLua's
 * utils/diagnostics.ts): message text, code and location are built the same way everywhere, and
 * callers (validate, list, build, codegen) only print them.
 *
 * Printed form: `data/<game>/deck.yaml:12:5: cards[3].number: expected an integer 1..30, got "x"`.
 */
import { didYouMean } from "./suggest";

/** Where a problem is: the file as the user should see it, 1-based line and column when known. */
export interface Location {
  file: string;
  line?: number;
  col?: number;
}

export type PathSegment = string | number;

export interface Diagnostic {
  /** Stable kebab-case code, e.g. `unknown-key`; tests and tools match on it, not on the text. */
  code: string;
  location: Location;
  /** Data path inside the file (`cards[3].number`), or "" for the file as a whole. */
  path: string;
  message: string;
}

/** `cards[3].number`, `colours.rising-light`, `sets["a b"]` */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (/^[A-Za-z0-9_$-]+$/.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export function formatLocation(loc: Location): string {
  if (loc.line === undefined) return loc.file;
  return `${loc.file}:${loc.line}:${loc.col ?? 1}`;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = formatLocation(d.location);
  return d.path === "" ? `${where}: ${d.message}` : `${where}: ${d.path}: ${d.message}`;
}

/** Sorted by file, line, column so output is stable and reads top to bottom. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : 0) ||
      (a.location.line ?? 0) - (b.location.line ?? 0) ||
      (a.location.col ?? 0) - (b.location.col ?? 0) ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/** A human rendering of a YAML value inside a message: strings quoted, containers named. */
export function show(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null (an empty value)";
  // A message quotes the start of a long text, never all of it (a whole file can be one string).
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${[...value.slice(0, 120)].slice(0, 60).join("")}…` : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return String(value);
}

function make(code: string, location: Location, path: readonly PathSegment[], message: string): Diagnostic {
  return { code, location, path: formatPath(path), message };
}

const quoted = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(", ");

// ---- files and YAML syntax -------------------------------------------------------------------

export const diagnostics = {
  fileMissing: (loc: Location, what: string) =>
    make("file-missing", loc, [], `file not found (${what})`),
  fileUnreadable: (loc: Location, reason: string) => make("file-unreadable", loc, [], `cannot read file: ${reason}`),
  fileOutsideData: (loc: Location, folder = "data") =>
    make("path-escapes", loc, [], `this path is a link that leads outside the ${folder} folder; ${folder === "data" ? "data files" : "they"} must be inside ${folder}/ (copy the file in instead of linking to it)`),
  notRegularFile: (loc: Location, kind: string, what = "the YAML file") =>
    make("not-a-file", loc, [], `expected a regular file, found ${kind}; replace it with ${what}`),
  fileTooLarge: (loc: Location, size: number, limit: number) =>
    make("file-too-large", loc, [], `the file is ${size} bytes; the limit is ${limit} bytes (1 MiB): split the data or shorten it`),
  wrongEncoding: (loc: Location, encoding: string) =>
    make("file-encoding", loc, [], `the file is encoded as ${encoding}; data files must be UTF-8: re-save it as UTF-8`),
  invalidUtf8: (loc: Location, offset: number, byte: number) =>
    make(
      "file-encoding",
      loc,
      [],
      `invalid UTF-8 at byte offset ${offset} (byte 0x${byte.toString(16).padStart(2, "0")}); data files must be UTF-8: re-save the file as UTF-8`,
    ),
  nulByte: (loc: Location, offset: number) =>
    make("file-encoding", loc, [], `NUL byte at byte offset ${offset}: this is not UTF-8 text (a binary file?); data files must be UTF-8 text`),
  badKey: (loc: Location, what: string) =>
    make("bad-key", loc, [], `a mapping key must be plain text, got ${what}; write the key as a word, e.g. \`name: value\``),
  tagMismatch: (loc: Location, tag: string) =>
    make("unsupported-tag", loc, [], `the value does not match its YAML tag ${tag}; remove the tag or fix the value`),
  unsupportedTag: (loc: Location, tag: string) =>
    make(
      "unsupported-tag",
      loc,
      [],
      `YAML tag ${tag} is not supported: data files hold only text, numbers, true/false, lists and mappings; remove the tag`,
    ),
  yamlSyntax: (loc: Location, yamlCode: string, message: string) =>
    make("yaml-syntax", loc, [], `YAML syntax error (${yamlCode}): ${message}`),
  duplicateKey: (loc: Location, key: string) =>
    make("duplicate-key", loc, [], `duplicate key ${JSON.stringify(key)}: each key may appear once in a mapping; remove or rename one`),
  aliasBomb: (loc: Location, limit: number) =>
    make(
      "alias-bomb",
      loc,
      [],
      `too many YAML alias expansions (limit ${limit}): nested anchors/aliases like this can blow up memory; write the values out instead`,
    ),
  moreErrors: (loc: Location, count: number) =>
    make("yaml-syntax", loc, [], `${count} more YAML syntax error(s) from here on, not listed; fix the ones above first (is this a YAML file?)`),
  recursiveAlias: (loc: Location, anchor: string) =>
    make("recursive-alias", loc, [], `alias *${anchor} is inside the value it names, which would make the value contain itself; write the value out instead`),
  tooDeep: (loc: Location) =>
    make("too-deep", loc, [], "lists or mappings nested too deeply to read (hundreds of levels); data files need only a few levels: flatten it"),
  multipleDocuments: (loc: Location) =>
    make("multiple-documents", loc, [], "a data file holds exactly one YAML document; remove the `---` separator"),
  emptyDocument: (loc: Location) => make("empty-document", loc, [], "the file is empty (or only comments); expected a mapping"),

  // ---- limits a build can meet --------------------------------------------------------------
  controlCharacter: (loc: Location, path: readonly PathSegment[], codePoint: number, index: number) =>
    make(
      "control-character",
      loc,
      path,
      `contains the control character U+${codePoint.toString(16).toUpperCase().padStart(4, "0")} at character ${index + 1}, which printed text cannot hold; remove it (only tabs and line breaks are allowed)`,
    ),
  textTooLong: (loc: Location, path: readonly PathSegment[], length: number, limit: number) =>
    make("text-too-long", loc, path, `text is ${length} characters long; the limit is ${limit} characters: shorten it or split it over several items`),
  overLimit: (loc: Location, path: readonly PathSegment[], what: string, got: number, limit: number, fix: string) =>
    make("over-limit", loc, path, `${what} is ${+got.toFixed(3)}; the limit is ${limit}: ${fix}`),

  // ---- schema (one per zod issue kind) ------------------------------------------------------
  wrongType: (loc: Location, path: readonly PathSegment[], expected: string, got: unknown) =>
    make("wrong-type", loc, path, `expected ${expected}, got ${show(got)}`),
  missingKey: (loc: Location, path: readonly PathSegment[], key: string) =>
    make("missing-key", loc, path, `missing required key ${JSON.stringify(key)}`),
  unknownKey: (loc: Location, path: readonly PathSegment[], key: string, allowed: readonly string[]) =>
    make(
      "unknown-key",
      loc,
      path,
      `unknown key ${JSON.stringify(key)}` +
        (didYouMean(key, allowed) || (allowed.length > 0 ? `; allowed keys: ${allowed.join(", ")}` : "")),
    ),
  badValue: (loc: Location, path: readonly PathSegment[], allowed: readonly unknown[], got: unknown) => {
    const names = allowed.map((v) => String(v));
    const hint = typeof got === "string" ? didYouMean(got, names) : "";
    const expect = allowed.length === 1 ? show(allowed[0]) : `one of ${allowed.map((v) => show(v)).join(", ")}`;
    return make("bad-value", loc, path, `expected ${expect}, got ${show(got)}${hint}`);
  },
  outOfRange: (loc: Location, path: readonly PathSegment[], expectation: string, got: unknown) =>
    make("out-of-range", loc, path, `expected ${expectation}, got ${show(got)}`),
  invalid: (loc: Location, path: readonly PathSegment[], message: string) => make("invalid", loc, path, message),

  // ---- cross-references --------------------------------------------------------------------
  duplicateId: (loc: Location, path: readonly PathSegment[], id: string, first: Location) =>
    make("duplicate-id", loc, path, `duplicate id ${JSON.stringify(id)} (first used at ${formatLocation(first)}); ids must be unique`),
  countMismatch: (loc: Location, path: readonly PathSegment[], declared: number, actual: number, how: string) =>
    make("count-mismatch", loc, path, `count is ${declared} but the component has ${actual} pieces (${how}); fix the count or the items`),
  templateMissing: (loc: Location, path: readonly PathSegment[], name: string, file: string, available: readonly string[]) =>
    make(
      "template-missing",
      loc,
      path,
      `template ${JSON.stringify(name)} not found: expected file ${file}` +
        (didYouMean(name, available) || (available.length > 0 ? `; available: ${available.join(", ")}` : "")),
    ),
  pathEscapes: (loc: Location, path: readonly PathSegment[], value: string) =>
    make("path-escapes", loc, path, `asset path ${JSON.stringify(value)} leads outside the data folder; use a path inside data/ (no "..", no absolute paths)`),
  assetMissing: (loc: Location, path: readonly PathSegment[], value: string, file: string) =>
    make("asset-missing", loc, path, `asset ${JSON.stringify(value)} not found (looked for ${file})`),
  assetNotImage: (loc: Location, path: readonly PathSegment[], value: string, why: string) =>
    make("asset-not-image", loc, path, `asset ${JSON.stringify(value)} cannot be drawn: ${why}; point it at a PNG, JPEG or SVG file`),
  unknownName: (loc: Location, path: readonly PathSegment[], what: string, name: string, known: readonly string[]) =>
    make(
      `unknown-${what}`,
      loc,
      path,
      `unknown ${what} ${JSON.stringify(name)}` +
        (didYouMean(name, known) || (known.length > 0 ? `; known: ${quoted(known)}` : `; none are defined`)),
    ),
  notAGameFolder: (loc: Location, folder: string) =>
    make(
      "not-a-game-folder",
      loc,
      [],
      `${JSON.stringify(folder)} has no game.yaml: every folder of the data folder is a game (schema/ aside); add its game.yaml (\`syzygy new ${folder}\` makes a start) or move the folder out`,
    ),
  cardFieldsOfCode: (loc: Location, game: string) =>
    make("card-fields-of-code", loc, ["cardFields"], `${game} has a rules engine, which declares its card fields itself (src/engine/${game}/schema.ts); remove cardFields here`),
  playersOfEngine: (loc: Location, game: string, said: { min: number; max: number }, engine: { min: number; max: number }, rulesName: string) =>
    make(
      "players-of-engine",
      loc,
      ["players"],
      `players says ${said.min}–${said.max} but the ${game} engine seats ${engine.min}–${engine.max} (from ${rulesName}); write players: { min: ${engine.min}, max: ${engine.max} } or change the engine's rules`,
    ),
  reservedCardField: (loc: Location, field: string, reserved: readonly string[]) =>
    make("reserved-card-field", loc, ["cardFields", field], `${JSON.stringify(field)} is a field every card has already (${reserved.join(", ")}); give the extra field another name`),
  referenceMissing: (loc: Location, path: readonly PathSegment[], file: string) =>
    make("reference-missing", loc, path, `from: reference needs the reference pages in ${file}, which does not exist; create it or give this component items`),
  idMismatch: (loc: Location, path: readonly PathSegment[], id: string, folder: string) =>
    make("id-mismatch", loc, path, `game id ${JSON.stringify(id)} must match its folder name ${JSON.stringify(folder)}`),
  rulesRefMissing: (loc: Location, path: readonly PathSegment[], pointer: string, rulesFile: string, detail: string) =>
    make("rules-ref-missing", loc, path, `rules reference ${JSON.stringify(pointer)} does not resolve in ${rulesFile}: ${detail}`),
  tableCell: (loc: Location, path: readonly PathSegment[], message: string) => make("table-cell", loc, path, message),

  // ---- spreadsheet decks (CSV, XLSX): located at row:column, header row = 1 ------------------
  sheetUnreadable: (loc: Location, reason: string) => make("sheet-unreadable", loc, [], `cannot read the spreadsheet: ${reason}`),
  sheetSyntax: (loc: Location, reason: string) => make("csv-syntax", loc, [], `CSV syntax error: ${reason}`),
  sheetNotFound: (loc: Location, sheet: string, known: readonly string[]) =>
    make("sheet-not-found", loc, [], `the workbook has no sheet ${JSON.stringify(sheet)}` + (didYouMean(sheet, known) || `; sheets: ${quoted(known)}`)),
  sheetEmpty: (loc: Location) => make("sheet-empty", loc, [], "the sheet has no header row; expected a first row naming the card fields (id, name, …) and one row per card below it"),
  unknownColumn: (loc: Location, column: string, allowed: readonly string[]) =>
    make("unknown-column", loc, [column], `unknown column ${JSON.stringify(column)}` + (didYouMean(column, allowed) || `; columns: ${allowed.join(", ")}`)),
  missingColumn: (loc: Location, column: string) =>
    make("missing-column", loc, [column], `missing required column ${JSON.stringify(column)}: add it to the header row (row 1) and fill it for every card`),
  duplicateColumn: (loc: Location, column: string, firstCol: number) =>
    make("duplicate-column", loc, [column], `column ${JSON.stringify(column)} appears twice (first in column ${firstCol}); remove or rename one`),
  emptyCell: (loc: Location, column: string) =>
    make("empty-cell", loc, [column], `empty cell: every card needs a value in column ${JSON.stringify(column)}; fill it in`),
  unnamedColumn: (loc: Location) => make("unnamed-column", loc, [], "this column holds values but has no name in the header row; name it after a card field or delete it"),
  extraCells: (loc: Location, cells: number, columns: number) =>
    make("extra-cells", loc, [], `this row has ${cells} cells but the header names ${columns} columns; quote cells that contain the delimiter`),
  derivedIdTwice: (loc: Location, id: string, firstRow: number) =>
    make(
      "duplicate-id",
      loc,
      ["name"],
      `this name gives the id ${JSON.stringify(id)}, as the name in row ${firstRow} does (the sheet has no id column, so ids are made from the names); rename one card, or add an "id" column`,
    ),
  columnLooksLikeField: (loc: Location, column: string, field: string) =>
    make(
      "unknown-column",
      loc,
      [column],
      `unknown column ${JSON.stringify(column)} (did you mean "${field}"?): rename the heading, map it in game.yaml (columns: { ${JSON.stringify(column)}: ${field} }), or start it with # to keep it as notes`,
    ),
  mappedToNoField: (loc: Location, column: string, field: string, fields: readonly string[]) =>
    make("unknown-column", loc, [column], `game.yaml's columns: maps ${JSON.stringify(column)} to ${JSON.stringify(field)}, which is no card field` + (didYouMean(field, fields) || `; fields: ${fields.join(", ")}`)),
  twoDecks: (loc: Location, path: readonly PathSegment[], first: string, second: string) =>
    make("two-decks", loc, path, `the game's deck is already ${JSON.stringify(first)}; a game with a rules engine plays one deck, so every component naming \`deck:\` must name the same sheet (got ${JSON.stringify(second)})`),
  deckYamlUnused: (loc: Location, path: readonly PathSegment[], sheet: string, deckYaml: string) =>
    make("deck-conflict", loc, path, `the deck comes from ${JSON.stringify(sheet)}, so ${deckYaml} would be ignored; delete (or rename) ${deckYaml}, or remove \`deck:\` to keep the YAML deck`),
};
