/**
 * A deck kept in a spreadsheet: `deck: cards.csv` or `deck: cards.xlsx#Sheet1` on a component in
 * game.yaml. Row 1 names the card fields (dotted names such as `art.credit` for nested fields), each
 * further row is one card, an optional `copies` (or `count`) column prints a card more than once.
 *
 * The rows become the same `{ cards: [...] }` value a deck.yaml holds, wrapped as a YamlSource whose
 * `locate` answers with `file:row:column`, so the deck schema, the text checks and every
 * cross-reference report problems in a cell exactly as they do in YAML. Cells are typed by the
 * card schema: a cell under a number field is read as a number, under a text field as text (so an
 * index "7" stays text), an empty cell is a field not given.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type * as CsvParse from "csv-parse/sync";
import type * as CsvStringify from "csv-stringify/sync";
import { z } from "zod";
import { diagnostics, type Diagnostic, type Location, type PathSegment } from "./diagnostics";
import { MAX_COPIES, MAX_SHEET_CELLS, MAX_SHEET_ROWS } from "./limits";
import { closest } from "./suggest";
import { readDataBytes, decodeUtf8 } from "./read-text";
import { readXlsxSync, sheetTooBig, type Cell } from "./xlsx-read";
import { readCsvCell, safeCsvCell } from "./csv-cell";
import type { YamlSource } from "./yaml-source";

// The CSV libraries load with the first sheet read or written: most games have no sheet, and
// every `syzygy build` and `validate` would pay ~40 ms for them at start-up.
const requireLazily = createRequire(import.meta.url);
const csvParse = (): typeof CsvParse => requireLazily("csv-parse/sync") as typeof CsvParse;
const csvStringify = (): typeof CsvStringify => requireLazily("csv-stringify/sync") as typeof CsvStringify;

export interface DeckRef {
  /** The file, relative to the game's folder. */
  file: string;
  format: "csv" | "xlsx";
  /** XLSX only: the sheet's name; the first sheet when not given. */
  sheet?: string;
}

/** `deck:` values: a .csv file, or an .xlsx file with an optional `#Sheet name`. */
export const DECK_REF = /^[^#]+\.(csv|xlsx)(#.+)?$/;

export function parseDeckRef(value: string): DeckRef {
  const hash = value.indexOf("#");
  const file = hash < 0 ? value : value.slice(0, hash);
  const format = file.toLowerCase().endsWith(".xlsx") ? "xlsx" : "csv";
  return { file, format, sheet: hash < 0 ? undefined : value.slice(hash + 1) };
}

/** The column that says how many copies of a card are printed (either spelling). */
export const COPIES_COLUMNS = ["copies", "count"] as const;

export interface SheetDeck {
  /** Reads like deck.yaml's source: value `{ cards }` (undefined when the sheet could not be read), cells located by row and column. */
  source: YamlSource;
  /** Printed copies of each card, in row order (1 when the sheet has no copies column). */
  copies: number[];
  /** Field (dotted for nested ones) → its 1-based column. */
  columns: Map<string, number>;
  /** Columns that name no card field: kept as text fields (field name → column), not checked by the card schema. */
  extraFields: Map<string, number>;
  /** True when the sheet has no id column and each card's id is made from its name. */
  derivedIds: boolean;
  diagnostics: Diagnostic[];
}

/** Options of a spreadsheet deck from game.yaml. */
export interface SheetOptions {
  /** Column heading → card field, for headings that do not match a field by themselves. */
  columns?: Record<string, string>;
}

/** A heading or field name as compared: letters and digits only, lower case ("Card Type" = "cardType" = "card_type"). */
export function columnKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** "Card Type" → "cardType": a field name templates can read (letters and digits, starting with a letter). */
export function fieldName(column: string): string {
  const words = column.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
  const name = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join("");
  return /^\p{L}/u.test(name) ? name : `field${name}`;
}

/** "Fire Bolt!" → "fire-bolt": a card id made from its name (stable: the same name gives the same id). */
export function slug(text: string): string {
  const s = text
    .normalize("NFKD")
    .replace(/[^\x00-\x7f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return s === "" ? "card" : /^[a-z]/.test(s) ? s : `card-${s}`;
}

/** A heading starting with `#` is the designer's notes: never read. */
export function isNotesColumn(name: string): boolean {
  return name.startsWith("#");
}

/** The cards without their extra (undeclared) columns: what the card schema checks. */
export function withoutExtras(value: { cards: Record<string, unknown>[] }, extra: Map<string, number>): { cards: Record<string, unknown>[] } {
  if (extra.size === 0) return value;
  return { cards: value.cards.map((card) => Object.fromEntries(Object.entries(card).filter(([k]) => !extra.has(k)))) };
}

/**
 * Reads and types a spreadsheet deck. `deckSchema` is the game's deck.yaml schema
 * (`{ cards: [card] }`); its card fields decide the columns and the type of every cell.
 * Headings match fields whatever their case, spaces and punctuation; `#` columns are notes;
 * other columns are extra text fields; without an id column ids are made from the names.
 */
export function readSheetDeck(absPath: string, displayPath: string, root: string, ref: DeckRef, deckSchema: z.ZodType, opts: SheetOptions = {}): SheetDeck {
  const fileLoc: Location = { file: displayPath };
  const empty = (diags: Diagnostic[]): SheetDeck => ({
    source: sheetSource(absPath, displayPath, undefined, [], new Map()),
    copies: [],
    columns: new Map(),
    extraFields: new Map(),
    derivedIds: false,
    diagnostics: diags,
  });
  const read = readDataBytes(absPath, displayPath, root, ref.format === "csv" ? "the CSV file" : "the .xlsx file");
  if (!read.ok) return empty([read.diagnostic]);
  const rows = ref.format === "csv" ? csvRows(read.bytes, displayPath) : xlsxRows(read.bytes, displayPath, ref.sheet);
  if (!rows.ok) return empty([rows.diagnostic]);
  const header = rows.rows[0];
  if (header === undefined || header.every(blank)) return empty([diagnostics.sheetEmpty({ ...fileLoc, line: 1, col: 1 })]);

  const fields = cardFields(deckSchema);
  const byKey = new Map<string, string>();
  for (const name of fields.keys()) byKey.set(columnKey(name), name);
  const mapped = new Map<string, string>();
  for (const [heading, field] of Object.entries(opts.columns ?? {})) mapped.set(columnKey(heading), field);
  const problems: Diagnostic[] = [];
  const at = (row: number, col: number): Location => ({ file: displayPath, line: row, col });
  const columns = new Map<string, number>(); // field path → 1-based column
  const extraFields = new Map<string, number>();
  let copiesCol: number | undefined;
  header.forEach((cell, i) => {
    const name = blank(cell) ? "" : String(cell).trim();
    const col = i + 1;
    if (name === "") {
      if (rows.rows.some((r) => !blank(r[i]))) problems.push(diagnostics.unnamedColumn(at(1, col)));
      return;
    }
    if (isNotesColumn(name)) return;
    const key = columnKey(name);
    const target = mapped.get(key) ?? (COPIES_COLUMNS.includes(key as never) ? "copies" : byKey.get(key));
    if (target === "copies" || target === "count") {
      if (copiesCol !== undefined) return problems.push(diagnostics.duplicateColumn(at(1, col), name, copiesCol));
      copiesCol = col;
      return;
    }
    if (target !== undefined && !fields.has(target)) return problems.push(diagnostics.mappedToNoField(at(1, col), name, target, [...fields.keys(), "copies"]));
    const field = target ?? fieldName(name);
    const first = columns.get(field) ?? extraFields.get(field);
    if (first !== undefined) return problems.push(diagnostics.duplicateColumn(at(1, col), name, first));
    (target === undefined ? extraFields : columns).set(field, col);
  });
  // A heading one typo away from a field the sheet lacks is that field misspelt, not notes: say so.
  for (const [field, col] of extraFields) {
    const near = closest(field, [...fields.keys()].filter((f) => !columns.has(f)));
    if (near !== undefined) problems.push(diagnostics.columnLooksLikeField(at(1, col), String(header[col - 1]).trim(), near));
  }
  // Without an id column, ids come from the names (reported at the name cell).
  const derivedIds = fields.has("id") && !columns.has("id") && columns.has("name");
  for (const [name, f] of fields) if (f.required && !columns.has(name) && !(name === "id" && derivedIds)) problems.push(diagnostics.missingColumn(at(1, 1), name));
  // With the header wrong, every row would repeat the same problem: fix the columns first.
  if (problems.length > 0) return { ...empty(problems), source: sheetSource(absPath, displayPath, undefined, [], columns) };

  const cards: Record<string, unknown>[] = [];
  const rowOf: number[] = [];
  const copies: number[] = [];
  const idRow = new Map<string, number>();
  rows.rows.forEach((cells, r) => {
    const row = r + 1;
    if (r === 0 || cells.every(blank)) return;
    if (cells.length > header.length && cells.slice(header.length).some((c) => !blank(c))) problems.push(diagnostics.extraCells(at(row, header.length + 1), cells.length, header.length));
    const card: Record<string, unknown> = {};
    for (const [name, col] of columns) {
      const value = typed(cells[col - 1], fields.get(name)?.types ?? new Set());
      if (value !== undefined) setPath(card, name.split("."), value);
    }
    for (const [name, col] of extraFields) {
      const value = typed(cells[col - 1], new Set(["string"]));
      if (value !== undefined) card[name] = value;
    }
    if (derivedIds && typeof card.name === "string") {
      const id = slug(card.name);
      card.id = id;
      const first = idRow.get(id);
      if (first !== undefined) problems.push(diagnostics.derivedIdTwice(at(row, columns.get("name")!), id, first));
      else idRow.set(id, row);
    }
    cards.push(card);
    rowOf.push(row);
    copies.push(copiesCol === undefined ? 1 : copiesIn(cells[copiesCol - 1], at(row, copiesCol), header[copiesCol - 1] as string, problems));
  });
  const located = new Map([...columns, ...extraFields]);
  if (derivedIds) located.set("id", columns.get("name")!);
  return { source: sheetSource(absPath, displayPath, { cards }, rowOf, located), copies, columns, extraFields, derivedIds, diagnostics: problems };
}

// ---- reading rows ----------------------------------------------------------------------------

/** The raw rows of a spreadsheet file (a CSV, or a sheet of an .xlsx), untyped. */
export function readSheetRows(absPath: string, displayPath: string, ref: DeckRef): Rows {
  const read = readDataBytes(absPath, displayPath, undefined, ref.format === "csv" ? "the CSV file" : "the .xlsx file");
  if (!read.ok) return read;
  return ref.format === "csv" ? csvRows(read.bytes, displayPath) : xlsxRows(read.bytes, displayPath, ref.sheet);
}

export type Rows = { ok: true; rows: Cell[][] } | { ok: false; diagnostic: Diagnostic };

function csvRows(bytes: Buffer, displayPath: string): Rows {
  const text = decodeUtf8(bytes, displayPath);
  if (!text.ok) return text;
  const firstLine = text.text.split(/\r?\n/, 1)[0];
  // Spreadsheets in many locales save with ";" (the decimal comma takes ","), some with tabs.
  const delimiter = firstLine.includes(",") ? "," : firstLine.includes(";") ? ";" : firstLine.includes("\t") ? "\t" : ",";
  try {
    const rows = csvParse().parse(text.text, { delimiter, relax_column_count: true, skip_empty_lines: false, cast: (cell: string) => readCsvCell(cell) }) as string[][];
    return boundedRows(rows, displayPath);
  } catch (err) {
    if (!(err instanceof csvParse().CsvError)) throw err;
    // csv-parse names the line where it gave up (the end of the file for an unclosed quote): name the quote's own place.
    const quote = err.code === "CSV_QUOTE_NOT_CLOSED" ? unclosedQuote(text.text, delimiter) : undefined;
    const line = (err as CsvParse.CsvError & { lines?: number }).lines;
    const at = quote ?? { line: line ?? 1, col: 1 };
    const message = quote !== undefined ? `a quoted cell opened here is never closed; add the closing " (a " inside a quoted cell is written "")` : err.message;
    return { ok: false, diagnostic: diagnostics.sheetSyntax({ file: displayPath, ...at }, message) };
  }
}

/** Rows and cells are counted before any is typed or checked: a sheet of a million rows is one error, not a million. */
function boundedRows(rows: Cell[][], displayPath: string): Rows {
  let cells = 0;
  for (const r of rows) cells += r.length;
  if (rows.length > MAX_SHEET_ROWS || cells > MAX_SHEET_CELLS) return { ok: false, diagnostic: diagnostics.sheetUnreadable({ file: displayPath, line: 1, col: 1 }, sheetTooBig(rows.length, cells)) };
  return { ok: true, rows };
}

/** Line and column of a quote that opens a cell and is never closed, scanning as RFC 4180 reads. */
function unclosedQuote(text: string, delimiter: string): { line: number; col: number } | undefined {
  let line = 1;
  let col = 1;
  let open: { line: number; col: number } | undefined;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open !== undefined) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          i++;
          col++;
        } else open = undefined;
      }
    } else if (c === '"' && fieldStart) open = { line, col };
    fieldStart = open === undefined && (c === delimiter || c === "\n" || c === "\r");
    if (c === "\n") {
      line++;
      col = 1;
    } else col++;
  }
  return open;
}

/**
 * The last workbook read, by its bytes: a game whose decks are several tabs of one workbook
 * unpacks it once per load. Keyed by content, so an edited file is read again.
 */
let lastWorkbook: { hash: string; result: ReturnType<typeof readXlsxSync> } | undefined;

function workbookOf(bytes: Buffer): ReturnType<typeof readXlsxSync> {
  const hash = createHash("sha256").update(bytes).digest("hex");
  if (lastWorkbook?.hash !== hash) lastWorkbook = { hash, result: readXlsxSync(bytes) };
  return lastWorkbook.result;
}

/** The tabs of a workbook, in its order, each with whether any cell holds something. */
export function workbookTabs(absPath: string, displayPath: string): { ok: true; tabs: { name: string; empty: boolean }[] } | { ok: false; diagnostic: Diagnostic } {
  const read = readDataBytes(absPath, displayPath, undefined, "the .xlsx file");
  if (!read.ok) return read;
  const r = workbookOf(read.bytes);
  if (!r.ok) return { ok: false, diagnostic: diagnostics.sheetUnreadable({ file: displayPath }, r.reason) };
  return { ok: true, tabs: r.sheets.map((s) => ({ name: s.sheet, empty: s.data.every((row) => row.every(blank)) })) };
}

function xlsxRows(bytes: Buffer, displayPath: string, sheet: string | undefined): Rows {
  const loc: Location = { file: displayPath };
  const r = workbookOf(bytes);
  if (!r.ok) return { ok: false, diagnostic: diagnostics.sheetUnreadable(loc, r.reason) };
  const found = sheet === undefined ? r.sheets[0] : r.sheets.find((s) => s.sheet === sheet);
  if (found === undefined) return { ok: false, diagnostic: diagnostics.sheetNotFound(loc, sheet ?? "", r.sheets.map((s) => s.sheet)) };
  return boundedRows(found.data, displayPath);
}

// ---- typing cells ----------------------------------------------------------------------------

interface FieldInfo {
  required: boolean;
  /** JSON Schema types the field accepts: string, number, integer, boolean. */
  types: Set<string>;
}

/** The card fields a deck schema declares (top-level names). */
export function declaredFields(deckSchema: z.ZodType): string[] {
  return [...new Set([...cardFields(deckSchema).keys()].map((k) => k.split(".")[0]))];
}

/** Column name (dotted for nested fields) → what the card schema accepts there. */
function cardFields(deckSchema: z.ZodType): Map<string, FieldInfo> {
  const json = z.toJSONSchema(deckSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const card = json.properties?.cards?.items ?? {};
  const out = new Map<string, FieldInfo>();
  const walk = (s: JsonSchema, prefix: string, required: boolean) => {
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      const name = prefix + key;
      const req = required && (s.required ?? []).includes(key);
      if (prop.properties) walk(prop, `${name}.`, req);
      else out.set(name, { required: req, types: typesOf(prop) });
    }
  };
  walk(card, "", true);
  return out;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

function typesOf(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  if (typeof s.type === "string") out.add(s.type);
  for (const t of Array.isArray(s.type) ? s.type : []) out.add(t);
  for (const v of s.enum ?? []) out.add(typeof v);
  for (const a of s.anyOf ?? []) for (const t of typesOf(a)) out.add(t);
  return out;
}

function blank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

/** A cell as the field's type: numbers under number fields, text under text fields; what fits neither is left for the schema to report. */
function typed(cell: Cell | undefined, types: Set<string>): unknown {
  if (blank(cell)) return undefined;
  const numeric = types.has("number") || types.has("integer");
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === "number") return numeric || !types.has("string") ? cell : String(cell);
  if (typeof cell === "boolean") return types.has("boolean") || !types.has("string") ? cell : String(cell);
  const text = String(cell);
  if (types.has("string")) return text;
  const t = text.trim();
  if (numeric && t !== "" && Number.isFinite(Number(t))) return Number(t);
  if (types.has("boolean") && /^(true|false)$/i.test(t)) return t.toLowerCase() === "true";
  return text;
}

function copiesIn(cell: Cell | undefined, loc: Location, column: string, problems: Diagnostic[]): number {
  if (blank(cell)) return 1;
  const n = typeof cell === "number" ? cell : Number(String(cell).trim());
  if (Number.isInteger(n) && n >= 1 && n <= MAX_COPIES) return n;
  problems.push(diagnostics.outOfRange(loc, [column], `a whole number 1..${MAX_COPIES} (copies of this card)`, cell));
  return 1;
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let obj = target;
  for (const k of keys.slice(0, -1)) obj = (obj[k] ??= {}) as Record<string, unknown>;
  obj[keys[keys.length - 1]] = value;
}

// ---- locating --------------------------------------------------------------------------------

/**
 * A YamlSource over the sheet: `["cards", i, ...field]` is the cell of card i's row under that
 * field's column; a key (`{ key: true }`) is its header cell; a card as a whole is its row.
 */
function sheetSource(absPath: string, displayPath: string, value: { cards: Record<string, unknown>[] } | undefined, rowOf: number[], columns: Map<string, number>): YamlSource {
  return {
    displayPath,
    absPath,
    value,
    locate(path: readonly PathSegment[], opts?: { key?: boolean }): Location {
      if (path[0] !== "cards" || typeof path[1] !== "number") return { file: displayPath, line: 1, col: 1 };
      const row = rowOf[path[1]] ?? 1;
      const field = path.slice(2).filter((p) => typeof p === "string").join(".");
      const col = field === "" ? 1 : (columns.get(field) ?? [...columns].find(([name]) => name.startsWith(`${field}.`))?.[1] ?? 1);
      return { file: displayPath, line: opts?.key === true && field !== "" ? 1 : row, col };
    },
  };
}

// ---- writing ---------------------------------------------------------------------------------

/**
 * The deck as CSV text that `deck: <file>.csv` reads back into the same cards: columns in the
 * order fields first appear, nested fields as dotted columns, then `copies`.
 */
export function deckCsv(cards: readonly Record<string, unknown>[], copies: readonly number[]): string {
  const flat = cards.map((card) => flatten(card, ""));
  const columns: string[] = [];
  for (const row of flat) for (const k of row.keys()) if (!columns.includes(k)) columns.push(k);
  const rows = flat.map((row, i) => [...columns.map((k) => safeCsvCell(cellText(row.get(k)))), String(copies[i] ?? 1)]);
  return csvStringify().stringify([[...columns.map(safeCsvCell), "copies"], ...rows], { record_delimiter: "\n" });
}

function flatten(value: Record<string, unknown>, prefix: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(value)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) for (const [kk, vv] of flatten(v as Record<string, unknown>, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(prefix + k, v);
  }
  return out;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return "";
  // No card schema has list fields; a list would need a column per entry, so refuse rather than guess.
  if (Array.isArray(value)) throw new Error("a card field holds a list, which a CSV cell cannot hold");
  return String(value);
}
