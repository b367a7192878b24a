/** A workbook of two decks and a notes tab, and the text of a PDF page by page (test/multi-deck.test.ts, test/stale-output.test.ts). */
import { execFileSync } from "node:child_process";
import writeExcelFile from "write-excel-file/node";

export const v = (value: string | number) => ({ value });

/** Ships (6 rows, 8 pieces: two rows printed twice) and Lighthouses (3 rows), with a tab of notes that is no deck. */
export async function harbourWorkbook(ships = (i: number) => `Sail ${i} leagues.`): Promise<Buffer> {
  const shipRows = [["Name", "Copies", "Value", "Text"].map(v)];
  for (let i = 1; i <= 6; i++) shipRows.push([v(`Ship ${i}`), v(i <= 2 ? 2 : 1), v(i), v(ships(i))]);
  const lightRows = [["Name", "Range", "Text"].map(v)];
  for (let i = 1; i <= 3; i++) lightRows.push([v(`Lighthouse ${i}`), v(i * 2), v("Guides ships home.")]);
  return writeExcelFile([
    { data: shipRows, sheet: "Ships" },
    { data: lightRows, sheet: "Lighthouses" },
    { data: [[v("Ideas for later")], [v("a storm card?")]], sheet: "Notes" },
  ]).toBuffer();
}

/** pdftotext of each page of `file`, in order. */
export function pdfPages(file: string): string[] {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  return Array.from({ length: pages }, (_, i) => execFileSync("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), "-layout", file, "-"], { encoding: "utf8" }));
}

