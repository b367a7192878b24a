/**
 * The column map as `syzygy new` and `syzygy validate --columns` print it: each column of row 1
 * (by its spreadsheet letter), the card part or field it feeds, and whether it is printed.
 *
 *   cards.csv, row 1:
 *     A "Card Name"     → name    the card's name (title bar; the id is made from it)
 *     C "Colour"        → colour  not printed (a template may use item.colour)
 *     H "Notes for me"  private   never read: not printed, not in the gallery, the TTS save or a changelog
 */
import { readFileSync } from "node:fs";
import { CARD_PARTS, type ColumnEntry } from "../model/column-map";
import type { GameModel } from "../model/types";

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
    if (e.role === "unnamed") lines.push(`  ${left}  ${"(empty)".padEnd(fieldWidth + 2)}  not read`);
    else if (e.role === "private") lines.push(`  ${left}  ${"private".padEnd(fieldWidth + 2)}  never read: not printed, not in the gallery, the TTS save or a changelog`);
    else if (e.role === "copies") lines.push(`  ${left}  → ${"copies".padEnd(fieldWidth)}  how many of the card are printed`);
    else {
      const part = CARD_PARTS.find((p) => p.field === e.field);
      const what = printed(e.field!) ? (part?.shows ?? `printed as item.${e.field}`) : `not printed (a template may use item.${e.field})`;
      lines.push(`  ${left}  → ${e.field!.padEnd(fieldWidth)}  ${what}${e.by === "mapping" ? " — game.yaml's columns: maps it" : ""}`);
    }
  }
  return lines;
}

/**
 * A game's column maps as `validate --columns` prints them, one per spreadsheet deck ("" for a
 * game without one): a field counts as printed when a template of a component dealing that deck
 * reads `item.<field>`.
 */
export function columnMapOf(model: GameModel): string {
  return (model.deckSheets ?? [])
    .map(({ file, columnMap }) => {
      const sources: string[] = [];
      for (const c of model.components) {
        if (!c.items.some((i) => i.at?.file === file)) continue;
        for (const t of [c.templates.face, c.templates.back]) {
          if (t === undefined) continue;
          try {
            // Comments aside: the scaffolded face lists the fields it does not print in one.
            sources.push(readFileSync(t.file, "utf8").replace(/\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g, ""));
          } catch {
            // A template elsewhere (a partial, the package's) reads no sheet field by name here.
          }
        }
      }
      const printed = (field: string) => field === "copies" || sources.some((s) => new RegExp(`\\bitem\\.${field.replace(/[.]/g, "\\.")}\\b`).test(s));
      return `${model.id}: column map of ${columnMapLines(file, columnMap, printed).join("\n  ")}\n`;
    })
    .join("");
}
