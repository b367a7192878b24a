/**
 * `syzygy new <id> --from-csv FILE`: a game whose deck is the designer's spreadsheet. The sheet is
 * copied into the game's folder as cards.csv (with an id column made from the names when it has
 * none, and column names made into field names templates can read), each extra column becomes a
 * typed `cardFields` entry, and the face template prints the name, every extra field and the text.
 */
import { basename } from "node:path";
import { COPIES_COLUMNS, deckCsv, parseDeckRef, readSheetRows } from "../model/deck-sheet";
import type { Cell } from "../model/xlsx-read";
import { formatDiagnostic } from "../model/diagnostics";
import { SyzygyError } from "../errors";
import { readme, titleOf } from "./poker";
import type { ScaffoldFiles } from "./files";

/** Columns every card has already: they are not extra fields. */
const SHARED_COLUMNS = ["id", "name", "index", "title", "subtitle", "text", "flavor", "style", "image"];

type FieldType = "text" | "number" | "integer" | "boolean";

interface Sheet {
  columns: string[];
  rows: Record<string, string>[];
  copies: number[];
  renamed: [string, string][];
  /** Field → the column heading it came from (what the card prints before the value). */
  labels: Map<string, string>;
}

function blank(c: Cell | undefined): boolean {
  return c === undefined || c === null || String(c).trim() === "";
}

function cellText(c: Cell | undefined): string {
  if (blank(c)) return "";
  return c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();
}

/** "Card Type" → "cardType": a name templates can read (letters and digits, starting with a letter). */
export function fieldName(column: string): string {
  const words = column.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const name = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join("");
  return /^[A-Za-z]/.test(name) ? name : `field${name}`;
}

/** "Fire Bolt!" → "fire-bolt". */
export function slug(text: string): string {
  const s = text
    .normalize("NFKD")
    .replace(/[^\x00-\x7f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return s === "" ? "card" : s;
}

function readSheet(file: string): Sheet {
  const ref = parseDeckRef(file);
  const r = readSheetRows(ref.file, ref.file, ref);
  if (!r.ok) throw new SyzygyError(formatDiagnostic(r.diagnostic));
  const [header = [], ...body] = r.rows;
  const renamed: [string, string][] = [];
  const labels = new Map<string, string>();
  const seen = new Set<string>();
  const names = header.map((h, i) => {
    const raw = cellText(h);
    if (raw === "") return "";
    const known = [...SHARED_COLUMNS, ...COPIES_COLUMNS].find((c) => c === raw.toLowerCase());
    const name = known ?? fieldName(raw);
    labels.set(name, raw);
    if (name.toLowerCase() !== raw.toLowerCase()) renamed.push([raw, name]);
    if (seen.has(name)) throw new SyzygyError(`${file}:1:${i + 1}: column ${JSON.stringify(raw)} repeats the field ${JSON.stringify(name)}; give each column its own name`);
    seen.add(name);
    return name;
  });
  if (!names.includes("name") && !names.includes("id")) {
    throw new SyzygyError(`${file}:1:1: the first row names no "name" (or "id") column; row 1 must name the fields, e.g. name,cost,text`);
  }
  const rows: Record<string, string>[] = [];
  const copies: number[] = [];
  body.forEach((cells, r) => {
    if (cells.every(blank)) return;
    const row: Record<string, string> = {};
    names.forEach((n, i) => {
      if (n !== "" && !blank(cells[i])) row[n] = cellText(cells[i]);
    });
    const copy = COPIES_COLUMNS.map((c) => row[c]).find((v) => v !== undefined);
    for (const c of COPIES_COLUMNS) delete row[c];
    const n = copy === undefined ? 1 : Number(copy);
    if (!Number.isInteger(n) || n < 1) throw new SyzygyError(`${file}:${r + 2}: copies must be a whole number of at least 1, got ${JSON.stringify(copy)}`);
    copies.push(n);
    rows.push(row);
  });
  if (rows.length === 0) throw new SyzygyError(`${file}: the sheet has a header row but no cards below it`);
  return { columns: names.filter((n) => n !== "" && !(COPIES_COLUMNS as readonly string[]).includes(n)), rows, copies, renamed, labels };
}

/** The type every filled cell of a column fits: integer, number, boolean, else text. */
function columnType(rows: Record<string, string>[], column: string): FieldType {
  const values = rows.map((r) => r[column]).filter((v): v is string => v !== undefined);
  if (values.length > 0 && values.every((v) => /^-?\d+$/.test(v))) return "integer";
  if (values.length > 0 && values.every((v) => v.trim() !== "" && Number.isFinite(Number(v)))) return "number";
  if (values.length > 0 && values.every((v) => /^(true|false)$/i.test(v))) return "boolean";
  return "text";
}

/** Ids from names where the sheet has none: slugs, numbered when two names give the same one. */
function withIds(rows: Record<string, string>[]): Record<string, string>[] {
  const used = new Map<string, number>();
  return rows.map((row) => {
    if (row.id !== undefined) return row;
    const base = slug(row.name ?? "card");
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return { id: n === 1 ? base : `${base}-${n}`, ...row };
  });
}

/** Extra fields the face template prints, one line each, above the text. */
const PRINTED_FIELDS = 7;

function faceTemplate(extra: string[], labels: Map<string, string>): string {
  const shown = extra.slice(0, PRINTED_FIELDS);
  const lines = shown.map((f, i) => {
    const y = (28 + i * 6).toFixed(1);
    const label = (labels.get(f) ?? f).replace(/["{}\\]/g, "");
    return `{{#if item.${f} includeZero=true}}{{{text (concat "${label}: " item.${f}) 8 ${y} 47.5 5 size=3.2 min=2.2 color=item.colours.text label="${f}"}}}{{/if}}`;
  });
  const textY = 28 + shown.length * 6 + 2;
  return [
    "{{!--",
    "  A card face. Coordinates are millimetres from the trimmed top-left corner (63.5 × 88.9);",
    "  frame.safe is the area that survives cutting. item.<field> is a column of the card's row.",
    ...(extra.length > shown.length ? [`  Not printed yet: ${extra.slice(PRINTED_FIELDS).map((f) => `item.${f}`).join(", ")}.`] : []),
    "--}}",
    `<rect x="{{frame.x}}" y="{{frame.y}}" width="{{frame.fullW}}" height="{{frame.fullH}}" fill="{{item.colours.background}}"/>`,
    `<rect x="{{frame.safe.x}}" y="{{frame.safe.y}}" width="{{frame.safe.w}}" height="{{frame.safe.h}}" rx="2.5" fill="none" stroke="{{item.colours.accent}}" stroke-width="0.35"/>`,
    `{{{text item.name 8 8 47.5 14 size=5 min=3 style="bold" align="middle" valign="middle" color=item.colours.accent label="name"}}}`,
    `<line x1="8" y1="24" x2="55.5" y2="24" stroke="{{item.colours.accent}}" stroke-width="0.3"/>`,
    ...lines,
    `{{{text item.text 8 ${textY} 47.5 ${80 - textY} size=3.4 min=2.2 color=item.colours.text label="text"}}}`,
    "",
  ].join("\n");
}

const BACK_TEMPLATE = `{{!-- The back every card shares: only the component's colours and the game's name are known here. --}}
<rect x="{{frame.x}}" y="{{frame.y}}" width="{{frame.fullW}}" height="{{frame.fullH}}" fill="{{item.colours.back}}"/>
<rect x="7" y="7" width="49.5" height="74.9" rx="3" fill="none" stroke="{{item.colours.backDetail}}" stroke-width="0.8"/>
{{{text game.title 12 36 39.5 16 size=6 min=3 style="bold" align="middle" valign="middle" color=item.colours.backDetail label="title"}}}
`;

export interface SheetScaffold {
  files: ScaffoldFiles;
  /** Column → field name, for columns renamed so templates can read them. */
  renamed: [string, string][];
  cards: number;
}

/** The files of a new game `id` whose deck is the spreadsheet `file` (CSV or XLSX). */
export function gameFromSheet(id: string, file: string): SheetScaffold {
  const sheet = readSheet(file);
  const rows = withIds(sheet.rows);
  const extra = sheet.columns.filter((c) => !SHARED_COLUMNS.includes(c));
  const name = titleOf(id);
  const count = sheet.copies.reduce((a, b) => a + b, 0);
  const cardFields = extra.map((c) => `  ${c}: ${columnType(rows, c)}`);
  const game = `# yaml-language-server: $schema=../schema/game.schema.json
# ${name}: made by \`syzygy new ${id} --from-csv ${basename(file)}\`. The deck is cards.csv (one row per
# card, row 1 names the fields); template N is templates/${id}/N.svg.hbs.
id: ${id}
name: ${JSON.stringify(name)}
players: { min: 1, max: 4 }

colours:
  paper: "#fbf8f1"
  ink: "#1f1d24"
  accent: "#24406b"
  back-detail: "#e9dcaf"
${cardFields.length > 0 ? `\n# The sheet's extra columns, typed (text, number, integer, boolean or a list of allowed values).\ncardFields:\n${cardFields.join("\n")}\n` : ""}
components:
  - id: cards
    kind: card
    name: Cards
    count: ${count}
    size: { width: 63.5, height: 88.9 }
    shape: { kind: rect, cornerRadius: 3 }
    templates: { face: card, back: back }
    colours: { background: paper, text: ink, accent: accent, back: accent, backDetail: back-detail }
    deck: cards.csv
`;
  const files: ScaffoldFiles = new Map();
  files.set(`data/${id}/game.yaml`, game);
  files.set(`data/${id}/cards.csv`, deckCsv(rows, sheet.copies));
  files.set(`data/${id}/README.md`, readme(id, name, "cards.csv"));
  files.set(`templates/${id}/card.svg.hbs`, faceTemplate(extra, sheet.labels));
  files.set(`templates/${id}/back.svg.hbs`, BACK_TEMPLATE);
  return { files, renamed: sheet.renamed, cards: count };
}
