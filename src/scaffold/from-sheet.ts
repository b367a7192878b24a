/**
 * `syzygy new <id> --from-csv FILE`: a game whose deck is the designer's spreadsheet, which stays
 * the source of truth. The file is copied into the game's folder byte for byte (an XLSX stays an
 * XLSX) and read the way every build reads it (src/model/deck-sheet.ts): headings match fields
 * whatever their case and spacing, `#` columns are notes, ids come from the names, the count from
 * the rows. So downloading the sheet again over the copy builds as well. Extra columns become
 * typed `cardFields`, every `:token:` gets a placeholder icon, and the face template is a card:
 * title bar, cost badge, art window, type line, rules box, flavour and a footer.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { COPIES_COLUMNS, columnKey, fieldName, isNotesColumn, parseDeckRef, readSheetRows, slug, workbookTabs } from "../model/deck-sheet";
import { MAX_DECK_SHEETS } from "../model/limits";
import type { Cell } from "../model/xlsx-read";
import { formatDiagnostic } from "../model/diagnostics";
import { closest } from "../model/suggest";
import { SyzygyError } from "../errors";
import { BACK_FULL_TEMPLATE, BACK_TEMPLATE, readme, titleOf } from "./poker";
import type { ScaffoldFiles } from "./files";

export { fieldName, slug };

/** Columns every card has already: they are not extra fields. */
const SHARED_COLUMNS = ["id", "name", "index", "title", "subtitle", "text", "flavor", "style", "image"];

type FieldType = "text" | "number" | "integer" | "boolean";

interface Sheet {
  /** Field names of the columns read, in sheet order (shared fields and extras). */
  columns: string[];
  rows: Record<string, string>[];
  copies: number[];
  /** Headings that are a field only by a mapping in game.yaml (near misses such as "Flavour"). */
  mapped: [string, string][];
  /** Extra field → the heading it came from. */
  labels: Map<string, string>;
}

function blank(c: Cell | undefined): boolean {
  return c === undefined || c === null || String(c).trim() === "";
}

function cellText(c: Cell | undefined): string {
  if (blank(c)) return "";
  return c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();
}

function readSheet(file: string): Sheet {
  const ref = parseDeckRef(file);
  const r = readSheetRows(ref.file, ref.file, ref);
  if (!r.ok) throw new SyzygyError(formatDiagnostic(r.diagnostic));
  const [header = [], ...body] = r.rows;
  const mapped: [string, string][] = [];
  const labels = new Map<string, string>();
  const seen = new Map<string, number>();
  const sharedByKey = new Map([...SHARED_COLUMNS, ...COPIES_COLUMNS].map((c) => [columnKey(c), c]));
  const names = header.map((h, i) => {
    const raw = cellText(h);
    if (raw === "" || isNotesColumn(raw)) return "";
    let name = sharedByKey.get(columnKey(raw));
    if (name === undefined) {
      // "Flavour" is the flavor field spelt another way: game.yaml maps it, the sheet keeps its heading.
      const near = closest(fieldName(raw), SHARED_COLUMNS.filter((c) => c !== "id" && c !== "style"));
      if (near !== undefined && !header.some((o) => columnKey(cellText(o)) === near)) {
        mapped.push([raw, near]);
        name = near;
      }
    }
    name ??= fieldName(raw);
    if (!SHARED_COLUMNS.includes(name)) labels.set(name, raw);
    const first = seen.get(name);
    if (first !== undefined) throw new SyzygyError(`${file}:1:${i + 1}: column ${JSON.stringify(raw)} is the field ${JSON.stringify(name)} again (column ${first}); give each column its own name, or start one with # to keep it as notes`);
    seen.set(name, i + 1);
    return name;
  });
  if (!names.includes("name")) {
    throw new SyzygyError(`${file}:1:1: the first row names no "name" column; row 1 must name the fields, e.g. Name,Cost,Text (the card's id is made from its name)`);
  }
  const rows: Record<string, string>[] = [];
  const copies: number[] = [];
  const idRow = new Map<string, number>();
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
    // The same check a build makes: two names giving one id would be two cards the game cannot tell apart.
    const id = row.id ?? slug(row.name ?? "");
    const first = idRow.get(id);
    if (first !== undefined && row.id === undefined) {
      throw new SyzygyError(`${file}:${r + 2}:${names.indexOf("name") + 1}: this name gives the id ${JSON.stringify(id)}, as the name in row ${first} does (ids are made from the names); rename one card, add a copies column, or add an "id" column`);
    }
    idRow.set(id, r + 2);
    copies.push(n);
    rows.push(row);
  });
  if (rows.length === 0) throw new SyzygyError(`${file}: the sheet has a header row but no cards below it`);
  return { columns: names.filter((n) => n !== "" && !(COPIES_COLUMNS as readonly string[]).includes(n)), rows, copies, mapped, labels };
}

/** The type every filled cell of a column fits: integer, number, boolean, else text. */
function columnType(rows: Record<string, string>[], column: string): FieldType {
  const values = rows.map((r) => r[column]).filter((v): v is string => v !== undefined);
  if (values.length > 0 && values.every((v) => /^-?\d+$/.test(v))) return "integer";
  if (values.length > 0 && values.every((v) => v.trim() !== "" && Number.isFinite(Number(v)))) return "number";
  if (values.length > 0 && values.every((v) => /^(true|false)$/i.test(v))) return "boolean";
  return "text";
}

/** `:name:` tokens the sheet's cells use (the text layout draws them as icons). */
export function iconTokens(rows: readonly Record<string, string>[]): string[] {
  const out = new Set<string>();
  for (const row of rows) for (const v of Object.values(row)) for (const m of v.matchAll(/:([a-z][a-z0-9-]*):/g)) out.add(m[1]);
  return [...out].sort();
}

/** A placeholder icon: a regular polygon whose corners (3..8) come from the name, so two placeholders differ. */
export function placeholderIcon(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  const corners = 3 + (h % 6);
  const points = Array.from({ length: corners }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / corners;
    return `${(0.9 * Math.cos(a)).toFixed(3)},${(0.9 * Math.sin(a)).toFixed(3)}`;
  }).join(" ");
  return `<!-- Placeholder for :${name}: made by syzygy new: draw the real icon over this file (any viewBox; currentColor is the text colour). -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 2 2"><polygon points="${points}" fill="currentColor" fill-opacity="0.25" stroke="currentColor" stroke-width="0.16" stroke-linejoin="round"/><circle r="0.22" fill="currentColor"/></svg>
`;
}

/** The extra column that reads as the card's cost (a number), and the one that reads as its type. */
function roles(extra: string[], types: Map<string, FieldType>): { cost?: string; type?: string; rest: string[] } {
  const cost = extra.find((f) => /^(cost|mana|price|energy|gold)/i.test(f) && types.get(f) !== "text" && types.get(f) !== "boolean");
  const type = extra.find((f) => /^(type|kind|class|category|cardtype|subtype)/i.test(f) && f !== cost);
  return { cost, type, rest: extra.filter((f) => f !== cost && f !== type) };
}

/** Extra fields printed on the stats line above the footer (more would not fit one line). */
const STATS_SHOWN = 3;

function faceTemplate(extra: string[], types: Map<string, FieldType>, labels: Map<string, string>): string {
  const { cost, type, rest } = roles(extra, types);
  const shown = rest.slice(0, STATS_SHOWN);
  const stat = (f: string, x: number) =>
    `{{#if item.${f} includeZero=true}}{{{text (concat "${(labels.get(f) ?? f).replace(/["{}\\]/g, "")}: " item.${f}) ${x} 78 16 3.5 size=2.4 min=1.6 color=item.colours.text label="${f}"}}}{{/if}}`;
  const titleW = cost === undefined ? 47.5 : 38.5;
  return [
    "{{!--",
    "  A card face. Millimetres from the trimmed top-left corner (63.5 × 88.9); frame.safe is the",
    "  area that survives cutting (keep text inside it). item.<field> is a column of the card's row.",
    ...(rest.length > shown.length ? [`  Not printed yet: ${rest.slice(STATS_SHOWN).map((f) => `item.${f}`).join(", ")}.`] : []),
    "--}}",
    `<rect x="{{frame.x}}" y="{{frame.y}}" width="{{frame.fullW}}" height="{{frame.fullH}}" fill="{{item.colours.background}}"/>`,
    `<rect x="{{frame.safe.x}}" y="{{frame.safe.y}}" width="{{frame.safe.w}}" height="{{frame.safe.h}}" rx="2.5" fill="none" stroke="{{item.colours.accent}}" stroke-width="0.35"/>`,
    "{{!-- Title bar --}}",
    `<rect x="6" y="6" width="51.5" height="10" rx="1.6" fill="{{item.colours.accent}}"/>`,
    `{{{text item.name 8 6 ${titleW} 10 size=4.6 min=2.6 style="bold" valign="middle" color=item.colours.background label="name"}}}`,
    ...(cost === undefined
      ? []
      : [
          "{{!-- Cost badge --}}",
          `{{#if item.${cost} includeZero=true}}<circle cx="52" cy="11" r="4.6" fill="{{item.colours.background}}" stroke="{{item.colours.accent}}" stroke-width="0.6"/>{{{text item.${cost} 47.4 6.4 9.2 9.2 size=4.4 min=2.4 style="bold" align="middle" valign="middle" color=item.colours.accent label="${cost}"}}}{{/if}}`,
        ]),
    "{{!-- Art window: the card's image, else a placeholder --}}",
    `{{#if item.image}}{{{image item.image 6 18 51.5 30}}}{{else}}<rect x="6" y="18" width="51.5" height="30" fill="{{item.colours.art}}"/><path d="M6 48 L22 33 L31 41 L40 30 L57.5 48 Z" fill="{{item.colours.accent}}" fill-opacity="0.18"/><circle cx="47" cy="25" r="3" fill="{{item.colours.accent}}" fill-opacity="0.18"/>{{/if}}`,
    `<rect x="6" y="18" width="51.5" height="30" fill="none" stroke="{{item.colours.accent}}" stroke-width="0.35"/>`,
    "{{!-- Type line --}}",
    type === undefined
      ? `{{{text item.subtitle 7 49.5 49.5 5 size=3 min=2.2 style="bold" valign="middle" color=item.colours.accent label="subtitle"}}}`
      : `{{{text item.${type} 7 49.5 49.5 5 size=3 min=2.2 style="bold" valign="middle" color=item.colours.accent label="${type}"}}}`,
    "{{!-- Rules box (:icon: tokens draw the game's icons) and flavour text --}}",
    `<rect x="6" y="55.5" width="51.5" height="22" rx="1.2" fill="{{item.colours.box}}"/>`,
    `{{#if item.flavor}}{{{text item.text 8 57 47.5 13 size=3.3 min=2.2 color=item.colours.text label="text"}}}{{{text item.flavor 8 70.5 47.5 6 size=2.8 min=2 style="italic" color=item.colours.text label="flavor"}}}{{else}}{{{text item.text 8 57 47.5 19 size=3.3 min=2.2 color=item.colours.text label="text"}}}{{/if}}`,
    "{{!-- Footer: stats, the game and its version --}}",
    ...shown.map((f, i) => stat(f, 7 + i * 16.5)),
    `{{{text (concat game.name " " game.version) 7 81 49.5 3 size=2 min=1.6 color=item.colours.accent label="footer"}}}`,
    "",
  ].join("\n");
}

export interface SheetScaffold {
  files: ScaffoldFiles;
  /** Headings game.yaml maps to a field (the sheet keeps them). */
  renamed: [string, string][];
  /** Icons made as placeholders, one per `:token:` the sheet uses. */
  icons: string[];
  cards: number;
  /** Several sheets: each deck's component id, sheet and piece count. */
  decks?: { id: string; ref: string; cards: number }[];
  /** Tabs of a workbook left out (no deck in them), each with why. */
  skipped?: string[];
}

/** A deck of the new game: one sheet (a CSV, or a tab of a workbook), one card component. */
interface DeckPlan {
  /** As given to `new` (path, with #tab for a workbook's tab). */
  given: string;
  sheet: Sheet;
  /** The `deck:` value in game.yaml. */
  ref: string;
  extra: string[];
  types: Map<string, FieldType>;
}

/**
 * The sheets the files name, one deck each: a CSV; a workbook's `#tab`; a workbook without one:
 * each of its tabs that holds cells (a workbook of one such tab is named without it).
 */
export function sheetsOf(files: readonly string[]): { sheet: string; found: boolean }[] {
  const out: { sheet: string; found: boolean }[] = [];
  for (const file of files) {
    const ref = parseDeckRef(file);
    if (ref.format !== "xlsx" || ref.sheet !== undefined) out.push({ sheet: file, found: false });
    else {
      const r = workbookTabs(ref.file, ref.file);
      if (!r.ok) throw new SyzygyError(formatDiagnostic(r.diagnostic));
      const tabs = r.tabs.filter((t) => !t.empty);
      if (tabs.length <= 1) out.push({ sheet: file, found: false });
      else for (const t of tabs) out.push({ sheet: `${ref.file}#${t.name}`, found: true });
    }
  }
  const distinct = out.filter((o, i) => out.findIndex((x) => x.sheet === o.sheet) === i);
  if (distinct.length > MAX_DECK_SHEETS) throw new SyzygyError(`${files.join(", ")}: ${distinct.length} sheets; a game has at most ${MAX_DECK_SHEETS} spreadsheet decks (put the cards of several decks in one sheet)`);
  return distinct;
}

/** The type of a field across decks: the one they agree on, else text. */
function mergedTypes(plans: readonly DeckPlan[]): Map<string, FieldType> {
  const out = new Map<string, FieldType>();
  for (const p of plans) for (const [f, t] of p.types) out.set(f, out.has(f) && out.get(f) !== t ? "text" : t);
  return out;
}

/** Accent colours of the decks of a several-deck game (each deck's frame and back), repeated if there are more decks. */
const DECK_ACCENTS = ["#24406b", "#7a2e2e", "#2f5d3a", "#6b4a1f", "#4b2f6b", "#1f5f66"];

/** A deck's own back: the game's title over the deck's name, in the deck's colour. */
const DECK_BACK_TEMPLATE = `${BACK_TEMPLATE.trimEnd()}
{{{text component.title 12 54 39.5 8 size=4 min=2.4 align="middle" valign="middle" color=item.colours.back label="deck"}}}
`;

/** The files of a new game `id` whose decks are the spreadsheets `files` (CSV, or XLSX with an optional #Sheet): one deck per sheet. */
export function gameFromSheet(id: string, files: string | readonly string[]): SheetScaffold {
  const given = typeof files === "string" ? [files] : files;
  const plans: DeckPlan[] = [];
  const skipped: string[] = [];
  let firstError: unknown;
  for (const { sheet: file, found } of sheetsOf(given)) {
    let sheet: Sheet;
    try {
      sheet = readSheet(file);
    } catch (err) {
      // A tab found in a workbook may be notes, not cards: left out, and said so. A sheet named on the command line must be a deck.
      if (!found || !(err instanceof SyzygyError)) throw err;
      firstError ??= err;
      skipped.push(`${file} is left out, not a deck: ${err.message}`);
      continue;
    }
    const ref = parseDeckRef(file);
    const deckFile = basename(ref.file);
    const extra = sheet.columns.filter((c) => !SHARED_COLUMNS.includes(c));
    plans.push({ given: file, sheet, ref: ref.sheet === undefined ? deckFile : `${deckFile}#${ref.sheet}`, extra, types: new Map(extra.map((c) => [c, columnType(sheet.rows, c)])) });
  }
  if (plans.length === 0) throw firstError;
  const sameName = new Map<string, string>();
  for (const p of plans) {
    const file = parseDeckRef(p.given).file;
    const other = sameName.get(basename(file));
    if (other !== undefined && other !== file) throw new SyzygyError(`${file}: another sheet given is also named ${basename(file)} (${other}); the game's folder keeps both, so rename one`);
    sameName.set(basename(file), file);
  }
  const made = plans.length === 1 ? oneDeckGame(id, given[0], plans[0]) : severalDeckGame(id, given, plans);
  return { ...made, skipped };
}

/** game.yaml from its id to the palette's first colours, the same for one deck or several. */
function gameHead(id: string, name: string): string {
  return `id: ${id}
name: ${JSON.stringify(name)}
# Printed in each card's footer: raise it when you print a new round of playtest cards.
version: "0.1"
players: { min: 1, max: 4 }

colours:
  paper: "#fbf8f1"
  ink: "#1f1d24"
`;
}

function oneDeckGame(id: string, file: string, plan: DeckPlan): SheetScaffold {
  const { sheet, extra, types } = plan;
  const deckFile = basename(parseDeckRef(plan.given).file);
  const deckRef = plan.ref;
  const name = titleOf(id);
  const count = sheet.copies.reduce((a, b) => a + b, 0);
  const icons = iconTokens(sheet.rows);
  const cardFields = extra.map((c) => `  ${c}: ${types.get(c)}`);
  const columns = sheet.mapped.map(([h, f]) => `${JSON.stringify(h)}: ${f}`);
  const game = `# yaml-language-server: $schema=../schema/game.schema.json
# ${name}: made by \`syzygy new ${id} --from-csv ${basename(file)}\`. The deck is ${deckFile}, your
# spreadsheet: download it again over this file and build. Row 1 names the fields (any case or
# spacing), one row per card; a copies column prints a card more than once; columns whose heading
# starts with # are notes. Template N is templates/${id}/N.svg.hbs.
${gameHead(id, name)}  accent: "#24406b"
  pale: "#e8edf4"
  back-detail: "#e9dcaf"
${cardFields.length > 0 ? `\n# The sheet's extra columns, typed (text, number, integer, boolean or a list of allowed values).\ncardFields:\n${cardFields.join("\n")}\n` : ""}
components:
  - id: cards
    kind: card
    name: Cards
    # No count: it is the sheet's rows (times their copies), ${count} now.
    size: { width: 63.5, height: 88.9 }
    shape: { kind: rect, cornerRadius: 3 }
    # back: light on ink; back-full: the accent colour to the edges.
    templates: { face: card, back: back }
    colours: { background: paper, text: ink, accent: accent, art: pale, box: pale, back: accent, backDetail: back-detail }
    deck: ${JSON.stringify(deckRef)}
${columns.length > 0 ? `    # Headings that are a card field spelt another way.\n    columns: { ${columns.join(", ")} }\n` : ""}`;
  const files: ScaffoldFiles = new Map();
  files.set(`data/${id}/game.yaml`, game);
  // The designer's file, byte for byte: it stays the source of truth.
  files.set(`data/${id}/${deckFile}`, readFileSync(parseDeckRef(plan.given).file));
  for (const icon of icons) files.set(`data/${id}/icons/${icon}.svg`, placeholderIcon(icon));
  files.set(`data/${id}/README.md`, readme(id, name, deckFile));
  files.set(`templates/${id}/card.svg.hbs`, faceTemplate(extra, types, sheet.labels));
  files.set(`templates/${id}/back.svg.hbs`, BACK_TEMPLATE);
  files.set(`templates/${id}/back-full.svg.hbs`, BACK_FULL_TEMPLATE);
  return { files, renamed: sheet.mapped, icons, cards: count };
}

/** Component ids from the decks' tab or file names, each unique, none another deck's template name. */
function deckIds(plans: readonly DeckPlan[]): string[] {
  const taken = new Set<string>();
  return plans.map((p) => {
    const ref = parseDeckRef(p.given);
    const base = slug(ref.sheet ?? basename(ref.file).replace(/\.(csv|xlsx)$/i, "")) || "deck";
    let cid = base;
    for (let n = 2; taken.has(cid) || taken.has(`${cid}-back`); n++) cid = `${base}-${n}`;
    taken.add(cid);
    taken.add(`${cid}-back`);
    return cid;
  });
}

function severalDeckGame(id: string, given: readonly string[], plans: readonly DeckPlan[]): SheetScaffold {
  const name = titleOf(id);
  const ids = deckIds(plans);
  const types = mergedTypes(plans);
  const icons = [...new Set(plans.flatMap((p) => iconTokens(p.sheet.rows)))].sort();
  const cardFields = [...types].map(([f, t]) => `  ${f}: ${t}`);
  const deckFiles = [...new Set(plans.map((p) => basename(parseDeckRef(p.given).file)))];
  const accents = plans.map((_p, i) => `  deck-${i + 1}: "${DECK_ACCENTS[i % DECK_ACCENTS.length]}"`);
  const components = plans.map((p, i) => {
    const ref = parseDeckRef(p.given);
    const title = ref.sheet ?? titleOf(slug(basename(ref.file).replace(/\.(csv|xlsx)$/i, "")) || ids[i]);
    const count = p.sheet.copies.reduce((a, b) => a + b, 0);
    const columns = p.sheet.mapped.map(([h, f]) => `${JSON.stringify(h)}: ${f}`);
    return `  - id: ${ids[i]}
    kind: card
    name: ${JSON.stringify(title)}
    # No count: it is the sheet's rows (times their copies), ${count} now.
    size: { width: 63.5, height: 88.9 }
    shape: { kind: rect, cornerRadius: 3 }
    templates: { face: ${ids[i]}, back: ${ids[i]}-back }
    colours: { background: paper, text: ink, accent: deck-${i + 1}, art: pale, box: pale, back: deck-${i + 1}, backDetail: back-detail }
    deck: ${JSON.stringify(p.ref)}
${columns.length > 0 ? `    # Headings that are a card field spelt another way.\n    columns: { ${columns.join(", ")} }\n` : ""}`;
  });
  const game = `# yaml-language-server: $schema=../schema/game.schema.json
# ${name}: made by \`syzygy new ${id} --from-csv ${given.map((g) => basename(g)).join(" ")}\`. Each sheet
# is a deck of its own (a component below: its template, back, colours and count); the sheets stay
# the source of truth: download them again over ${deckFiles.join(", ")} and build. Row 1 names the
# fields (any case or spacing), one row per card; a copies column prints a card more than once;
# columns whose heading starts with # are notes. Template N is templates/${id}/N.svg.hbs.
${gameHead(id, name)}  pale: "#e8edf4"
  back-detail: "#e9dcaf"
${accents.join("\n")}
${cardFields.length > 0 ? `\n# The sheets' extra columns, typed (text, number, integer, boolean or a list of allowed values).\ncardFields:\n${cardFields.join("\n")}\n` : ""}
components:
${components.join("")}`;
  const files: ScaffoldFiles = new Map();
  files.set(`data/${id}/game.yaml`, game);
  // The designer's files, byte for byte: they stay the source of truth.
  for (const p of plans) {
    const file = parseDeckRef(p.given).file;
    files.set(`data/${id}/${basename(file)}`, readFileSync(file));
  }
  for (const icon of icons) files.set(`data/${id}/icons/${icon}.svg`, placeholderIcon(icon));
  files.set(`data/${id}/README.md`, readme(id, name, deckFiles.join(", ")));
  plans.forEach((p, i) => {
    files.set(`templates/${id}/${ids[i]}.svg.hbs`, faceTemplate(p.extra, p.types, p.sheet.labels));
    files.set(`templates/${id}/${ids[i]}-back.svg.hbs`, DECK_BACK_TEMPLATE);
  });
  return {
    files,
    renamed: plans.flatMap((p) => p.sheet.mapped),
    icons,
    cards: plans.reduce((n, p) => n + p.sheet.copies.reduce((a, b) => a + b, 0), 0),
    decks: plans.map((p, i) => ({ id: ids[i], ref: p.ref, cards: p.sheet.copies.reduce((a, b) => a + b, 0) })),
  };
}
