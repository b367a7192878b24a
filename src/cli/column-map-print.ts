/**
 * The column map as `syzygy new` and `syzygy validate --columns` print it: each column of row 1
 * (by its spreadsheet letter), the card part or field it feeds, and whether it is printed.
 *
 *   cards.csv, row 1:
 *     A "Card Name"     → name    the card's name (title bar; the id is made from it)
 *     C "Colour"        → colour  not printed (a template may use item.colour)
 *     H "Notes for me"  private   never read: not printed, not in the gallery, the TTS save or a changelog
 */
import { CARD_PARTS, type ColumnEntry } from "../model/column-map";

/** A, B, …, Z, AA, AB… as spreadsheets name columns. */
export function columnLetter(col: number): string {
  let n = col;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * The map's lines. `printed(field)` says whether the face templates print a field; parts the
 * card knows are described by what they are (rules box, type line…).
 */
export function columnMapLines(file: string, entries: readonly ColumnEntry[], printed: (field: string) => boolean): string[] {
  const heading = (e: ColumnEntry) => (e.heading === "" ? "(no heading)" : JSON.stringify(e.heading));
  const width = Math.max(...entries.map((e) => heading(e).length + columnLetter(e.col).length + 1));
  const fieldWidth = Math.max(8, ...entries.map((e) => (e.field ?? "").length));
  const lines = [`${file}, row 1:`];
  for (const e of entries) {
    const left = `${columnLetter(e.col)} ${heading(e)}`.padEnd(width);
    if (e.role === "unnamed") lines.push(`  ${left}  (empty)   not read`);
    else if (e.role === "private") lines.push(`  ${left}  private   never read: not printed, not in the gallery, the TTS save or a changelog`);
    else if (e.role === "copies") lines.push(`  ${left}  → ${"copies".padEnd(fieldWidth)}  how many of the card are printed`);
    else {
      const part = CARD_PARTS.find((p) => p.field === e.field);
      const what = printed(e.field!) ? (part?.shows ?? `printed as item.${e.field}`) : `not printed (a template may use item.${e.field})`;
      lines.push(`  ${left}  → ${e.field!.padEnd(fieldWidth)}  ${what}${e.by === "mapping" ? " — game.yaml's columns: maps it" : ""}`);
    }
  }
  return lines;
}
