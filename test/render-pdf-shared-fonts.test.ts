/**
 * src/render/pdf.ts shares parsed font tables and shaping results between the documents a thread
 * draws (A4 and Letter parse and shape each font once). A PDF's bytes must still
 * depend only on its own pages, never on what the thread drew before.
 */
import { describe, expect, it } from "vitest";
import { printPages, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import { writePdf, type PdfMeta } from "../src/render/pdf";
import { WorkerPool } from "../src/pipeline/pool";
import { game, readPdf, subset, templates } from "./render-support";

function deck(id: string, paper: "a4" | "letter") {
  const g = subset(game(id), 3);
  const art = new Map(renderSides(g, templates()).sides.map((s) => [s.key, s.svg]));
  const meta: PdfMeta = { title: `${g.title} test`, footer: g.title, paper: PAPERS[paper], duplex: "long" };
  return { pages: printPages(g, PAPERS[paper], DEFAULT_PRINT), art, meta };
}

describe("PDF fonts shared across documents", () => {
  it("a deck drawn after other games' decks is byte-identical to one drawn first in a fresh worker", async () => {
    const target = deck("eclipsed", "letter");
    const pool = new WorkerPool(1, false);
    let fresh: Buffer;
    try {
      fresh = await pool.run({ kind: "pdf", pages: target.pages, faces: [...target.art], meta: target.meta });
    } finally {
      await pool.close();
    }
    // This thread draws other text first, so every face's font objects and shaping caches are warm.
    for (const other of [deck("lunar-trick", "a4"), deck("solar-eclipse", "letter"), deck("eclipsed", "a4")]) await writePdf(other.pages, other.art, other.meta);
    const warm = await writePdf(target.pages, target.art, target.meta);
    expect(warm.equals(fresh)).toBe(true);
    // The text is really there and extractable (shaped, encoded, with its ToUnicode map).
    const text = (await readPdf(warm)).pages.map((p) => p.text).join(" ");
    expect(text).toContain(`${target.meta.footer} — `);
    expect(text).toContain("print at 100 %");
  });
});
