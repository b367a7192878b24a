/**
 * Which column of a spreadsheet's header row feeds which part of a card. Designers write the
 * headings they know from other tools (nanDECK, Squib, Dextrous, their own habits): "Card Name",
 * "Qty", "Rules Text", "Flavour"… Each part of the card has the headings that mean it, compared
 * whatever their case, spacing and punctuation; game.yaml's `columns:` maps any other heading.
 * Columns that are the designer's own notes (`# Notes`, "Notes for me", "Designer notes",
 * "Comments", "Internal") are private: never read, so never printed, listed or diffed.
 *
 * Works on one header row, so every reader of a sheet (the build's deck reader, `syzygy new`)
 * maps the same headings to the same parts.
 */
import type { Cell } from "./xlsx-read";

/** A part of the card and the headings that mean it, the most specific first. */
export interface CardPart {
  field: string;
  /** Headings as designers write them (compared by `columnKey`). */
  headings: readonly string[];
  /** What the part is on a card, in the words the column map prints. */
  shows: string;
}

export const CARD_PARTS: readonly CardPart[] = [
  { field: "name", headings: ["Name", "Card Name", "Title", "Card"], shows: "the card's name (title bar; the id is made from it)" },
  { field: "copies", headings: ["Copies", "Qty", "Quantity", "Count", "Amount", "#"], shows: "copies printed of the row" },
  { field: "text", headings: ["Text", "Rules", "Rules Text", "Ability", "Effect", "Description"], shows: "rules box" },
  { field: "flavor", headings: ["Flavour", "Flavor", "Flavour Text", "Flavor Text"], shows: "flavour text" },
  { field: "cost", headings: ["Cost"], shows: "cost badge" },
  { field: "type", headings: ["Type", "Card Type", "Category"], shows: "type line" },
  { field: "image", headings: ["Image", "Art", "Picture"], shows: "art window (a picture file in the game's folder)" },
];

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

/** Words that make a heading the designer's own notes ("Notes for me", "Designer notes", "Comments", "Internal"). */
const PRIVATE_WORDS = new Set(["note", "notes", "comment", "comments", "internal", "private"]);

/**
 * A column only the designer reads: a heading starting with `#` (but `#` alone is the copies
 * column, as in many sheets), or one with a word such as notes, comments or internal.
 */
export function isPrivateColumn(heading: string): boolean {
  const h = heading.trim();
  if (h.startsWith("#")) return h !== "#";
  return h
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((w) => PRIVATE_WORDS.has(w));
}

export type ColumnRole = "field" | "copies" | "extra" | "private" | "unnamed";

export interface ColumnEntry {
  /** 1-based. */
  col: number;
  /** As written in row 1, trimmed. */
  heading: string;
  role: ColumnRole;
  /** field, extra: the card field it fills (dotted for nested fields). */
  field?: string;
  /** How the heading was matched: a part's usual heading, game.yaml's `columns:`, or the field's own name. */
  by?: "part" | "mapping" | "name";
}

export interface HeaderOptions {
  /** Card fields the game's schema declares (dotted for nested ones). */
  fields: ReadonlySet<string>;
  /** Fields of the game's own (cardFields, engine fields): a heading naming one exactly is that field, never a part's alias. */
  ownFields?: ReadonlySet<string>;
  /** game.yaml's `columns:` (heading → field). */
  columns?: Readonly<Record<string, string>>;
}

/**
 * The role of every column of a header row. game.yaml's mapping comes first (it may even make a
 * private-looking column printed, as declaring it in cardFields does); then each card part takes the column with its most specific
 * usual heading ("Name" before "Title" before "Card"); then headings naming a field exactly;
 * everything else is an extra text field named after its heading. Two columns for one field are
 * left for the caller to report (both entries name the field).
 */
export function mapHeader(header: readonly Cell[], opts: HeaderOptions): ColumnEntry[] {
  const mapped = new Map(Object.entries(opts.columns ?? {}).map(([h, f]) => [columnKey(h), f]));
  const own = new Set([...(opts.ownFields ?? [])].map(columnKey));
  const entries: ColumnEntry[] = header.map((cell, i) => {
    const heading = cell === null || cell === undefined ? "" : String(cell).trim();
    const col = i + 1;
    if (heading === "") return { col, heading, role: "unnamed" };
    const target = mapped.get(columnKey(heading));
    if (target !== undefined) return { col, heading, role: target === "copies" || target === "count" ? "copies" : "field", field: target === "count" ? "copies" : target, by: "mapping" };
    // A notes-like heading the game declares as its own field (cardFields: { notes: text }) is that field.
    if (isPrivateColumn(heading) && (heading.startsWith("#") || !own.has(columnKey(heading)))) return { col, heading, role: "private" };
    return { col, heading, role: "extra" };
  });
  const open = (e: ColumnEntry) => e.role === "extra";
  const taken = new Set(entries.filter((e) => e.by === "mapping").map((e) => e.field));
  for (const part of CARD_PARTS) {
    if (taken.has(part.field)) continue;
    for (const alias of part.headings) {
      const key = alias === "#" ? "#" : columnKey(alias);
      const hit = entries.find((e) => open(e) && (key === "#" ? e.heading === "#" : columnKey(e.heading) === key && (!own.has(key) || key === columnKey(part.field))));
      if (hit === undefined) continue;
      hit.role = part.field === "copies" ? "copies" : "field";
      hit.field = part.field;
      hit.by = "part";
      break;
    }
  }
  const byKey = new Map([...opts.fields].map((f) => [columnKey(f), f]));
  for (const e of entries.filter(open)) {
    const exact = byKey.get(columnKey(e.heading));
    e.field = exact ?? fieldName(e.heading);
    if (exact !== undefined) {
      e.role = "field";
      e.by = "name";
    }
  }
  // A part's field the game does not declare (cost, type on a game without them) is an extra field by that name.
  for (const e of entries) if (e.role === "field" && e.by === "part" && !opts.fields.has(e.field!)) e.role = "extra";
  return entries;
}

/**
 * The column that most likely holds the cards' names when no heading says so: the first one that
 * is no card part or declared field and whose cells are text (not numbers), filled and all different.
 */
export function likelyNameColumn(entries: readonly ColumnEntry[], body: readonly (readonly Cell[])[]): ColumnEntry | undefined {
  return entries.find((e) => {
    if (e.role !== "extra") return false;
    const cells = body.map((r) => r[e.col - 1]).filter((c) => c !== null && c !== undefined && String(c).trim() !== "");
    if (cells.length === 0 || cells.length < body.filter((r) => r.some((c) => c !== null && c !== undefined && String(c).trim() !== "")).length) return false;
    if (cells.some((c) => typeof c === "number" || Number.isFinite(Number(String(c).trim())))) return false;
    return new Set(cells.map((c) => String(c).trim())).size === cells.length;
  });
}

/** The usual headings of a part, as an error message lists them. */
export function partHeadings(field: string): string {
  return (CARD_PARTS.find((p) => p.field === field)?.headings ?? [field]).map((h) => JSON.stringify(h)).join(", ");
}
