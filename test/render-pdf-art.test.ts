/**
 * Issue 9: PDF art is converted once per face (src/render/pdf-art.ts) and copied into every
 * document that places it, so A4 and Letter share one conversion and a one-card edit converts one
 * face. Copies must be exactly what converting again would give, whatever was converted before.
 */
import { describe, expect, it } from "vitest";
import { printPages, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import { readdirSync } from "node:fs";
import { artStats, forgetArt, writePdf, type PdfMeta } from "../src/render/pdf";
import { inlinable, recordArt } from "../src/render/pdf-art";
import { game, readPdf, subset, tempDir, templates } from "./render-support";

function deck(id: string, paper: "a4" | "letter", n = 3) {
  const g = subset(game(id), n);
  const sides = renderSides(g, templates()).sides;
  const art = new Map(sides.map((s) => [s.key, s.svg]));
  const meta: PdfMeta = { title: `${g.title} test`, footer: g.title, paper: PAPERS[paper], duplex: "long" };
  return { sides, pages: printPages(g, PAPERS[paper], DEFAULT_PRINT), art, meta };
}

/** Uncompressed object dictionaries of a pdfkit PDF with `/Type /<type>`. */
function countObjects(pdf: Buffer, type: string): number {
  return (pdf.toString("latin1").match(new RegExp(`/Type /${type}\\b`, "g")) ?? []).length;
}

describe("PDF art recorded once per face", () => {
  it("the Letter PDF after the A4 one converts no face again, and both carry every card's text", async () => {
    const a4 = deck("solar-eclipse", "a4");
    const letter = deck("solar-eclipse", "letter");
    const before = { ...artStats };
    const first = await writePdf(a4.pages, a4.art, a4.meta);
    const recordedByA4 = artStats.recorded - before.recorded;
    const second = await writePdf(letter.pages, letter.art, letter.meta);
    expect(artStats.recorded - before.recorded).toBe(recordedByA4);
    expect(artStats.reused - before.reused).toBeGreaterThanOrEqual(new Set(letter.pages.flatMap((p) => p.placements.map((pl) => pl.face))).size);
    let checked = 0;
    for (const pdf of [first, second]) {
      const text = (await readPdf(pdf)).pages.map((p) => p.text).join(" ");
      // Every placed card's printed name is extractable: glyph tokens became this document's glyphs.
      for (const side of a4.sides.filter((s) => s.side === "face" && s.component.kind === "card")) {
        const name = String((side.item.values as { name?: unknown }).name ?? "");
        if (name === "") continue;
        expect(text.replace(/\s+/g, " ")).toContain(name.split(" ")[0]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("a recording depends on its SVG only, not on the faces recorded before it", () => {
    const { sides } = deck("eclipsed", "a4", 4);
    const target = sides.find((s) => s.side === "face" && s.component.kind === "card")!;
    const fresh = recordArt(target.svg);
    for (const s of sides) recordArt(s.svg);
    const again = recordArt(target.svg);
    expect(again.lines).toEqual(fresh.lines);
    expect(again.glyphs).toEqual(fresh.glyphs);
    expect(JSON.stringify(again.resources)).toBe(JSON.stringify(fresh.resources));
    expect(fresh.glyphs.length).toBeGreaterThan(0);
  });

  it("art with a gradient keeps its own space (a form); plain card art goes inline into the page", () => {
    const { sides } = deck("eclipsed", "a4", 2);
    const track = sides.find((s) => s.component.id === "meter-track")!;
    const card = sides.find((s) => s.side === "face" && s.component.kind === "card")!;
    expect(inlinable(recordArt(track.svg))).toBe(false);
    expect(inlinable(recordArt(card.svg))).toBe(true);
  });

  it("opacity states written by many faces are one object each in the document", async () => {
    const d = deck("eclipsed", "a4", 40);
    const pdf = await writePdf(d.pages, d.art, d.meta);
    const faces = new Set(d.pages.flatMap((p) => p.placements.map((pl) => pl.face))).size;
    expect(faces).toBeGreaterThan(20);
    // svg-to-pdfkit writes an opacity state for every shape; a handful of distinct values remain.
    expect(countObjects(pdf, "ExtGState")).toBeLessThan(10);
  });

  it("recordings kept in the build cache give the same bytes in a process that did not convert them", async () => {
    // Eclipsed: its meter track's gradient is a form with patterns, shadings and functions.
    const d = deck("eclipsed", "a4", 6);
    expect(d.pages.some((p) => p.placements.some((pl) => pl.face.startsWith("meter-track")))).toBe(true);
    const disk = { dir: tempDir("pdf-art"), version: "test" };
    forgetArt();
    const fresh = await writePdf(d.pages, d.art, d.meta, disk);
    const files = readdirSync(disk.dir).length;
    expect(files).toBeGreaterThan(5);
    // As a new process would: nothing in memory, everything on disk.
    forgetArt();
    const before = { ...artStats };
    const loaded = await writePdf(d.pages, d.art, d.meta, disk);
    expect(artStats.recorded - before.recorded).toBe(0);
    expect(artStats.loaded - before.loaded).toBe(files);
    expect(loaded.equals(fresh)).toBe(true);
    // Another renderer version never reads them.
    forgetArt();
    const other = { ...artStats };
    await writePdf(d.pages, d.art, d.meta, { ...disk, version: "other" });
    expect(artStats.loaded - other.loaded).toBe(0);
    expect(artStats.recorded - other.recorded).toBe(files);
  });
});
