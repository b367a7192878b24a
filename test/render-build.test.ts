/**
 * The print-and-play pipeline end to end on the real game data (issue 5): PNG sizes, PDF pages
 * and boxes, embedded fonts, extractable text, reproducible bytes, atomic writes, and an edit
 * of the YAML showing up in the PDF and PNG. Most cases use a subset of items to stay fast.
 */
import { describe, expect, it, beforeAll } from "vitest";
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildGame, printDocument, renderSides, type BuildResult } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import { TemplateSet } from "../src/render/face";
import { DATA, TEMPLATES, game, pngSize, readPdf, subset, tempDir, templates } from "./render-support";
import { DATA_GAMES } from "./games";

const A4 = { width: 595.28, height: 841.89 };
const LETTER = { width: 612, height: 792 };
const close = (a: number, b: number): boolean => Math.abs(a - b) < 0.5;
const isPaper = (p: { width: number; height: number }, s: { width: number; height: number }): boolean =>
  (close(p.width, s.width) && close(p.height, s.height)) || (close(p.width, s.height) && close(p.height, s.width));

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

describe("lunar-trick: full print PDF", () => {
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    out = tempDir("pdf");
    result = await buildGame(game("lunar-trick"), { outDir: out, templates: templates(), papers: ["a4", "letter"], png: false });
  });

  it("writes A4 and Letter PDFs plus an alignment test, and nothing else", () => {
    const rel = allFiles(out).map((f) => f.slice(out.length + 1));
    expect(rel).toEqual([
      "lunar-trick/print/lunar-trick-a4.pdf",
      "lunar-trick/print/lunar-trick-alignment-test-a4.pdf",
      "lunar-trick/print/lunar-trick-alignment-test-letter.pdf",
      "lunar-trick/print/lunar-trick-letter.pdf",
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("prints the imposed sheets in duplex order on the right paper, footers naming each page's components", async () => {
    for (const [paper, size] of [["a4", A4], ["letter", LETTER]] as const) {
      // The contents page and its blank back, then the sheets.
      const pages = printDocument(game("lunar-trick"), PAPERS[paper], DEFAULT_PRINT).pages;
      const pdf = await readPdf(readFileSync(join(out, "lunar-trick/print", `lunar-trick-${paper}.pdf`)));
      expect(pdf.pages).toHaveLength(pages.length);
      expect(pdf.pages.length % 2).toBe(0);
      for (const p of pdf.pages) expect(isPaper(p, size)).toBe(true);
      pdf.pages.forEach((p, i) => {
        expect(p.text).toContain(`page ${i + 1}/${pages.length}`);
        expect(p.text).toContain("print at 100 % — 10 mm ruler");
        expect(p.text).toContain(`Lunar Trick — ${pages[i].label}`);
      });
      expect(pages[0].label).toBe("contents");
      expect(pdf.pages[0].text).toContain("Lunar Trick — what to print");
      expect(pages[2].label).toBe("Moon Cards");
      expect(pdf.pages[2].text).toContain("Rising Moon 1");
      expect(pages[3].label).toBe("Moon Cards (backs)");
      // Small pieces share sheets: the tokens fill the cells the cards left free.
      expect(pages.some((p) => p.label.includes("Trump Status Card") && p.label.includes("Moon Markers"))).toBe(true);
      // Reference sheet tables come from rules.yaml through the model.
      expect(pdf.pages.some((p) => p.text.includes("Tricks won"))).toBe(true);
    }
  });

  it("embeds the bundled fonts as subsets and uses no other font", () => {
    const raw = readFileSync(join(out, "lunar-trick/print/lunar-trick-a4.pdf")).toString("latin1");
    const baseFonts = [...raw.matchAll(/\/BaseFont \/([^\s/]+)/g)].map((m) => m[1]);
    expect(baseFonts.length).toBeGreaterThan(0);
    for (const name of baseFonts) expect(name).toMatch(/^[A-Z]{6}\+Inter-/);
    expect(raw.match(/\/FontFile2/g)?.length).toBe(raw.match(/\/Type \/FontDescriptor/g)?.length);
    expect(raw).not.toMatch(/Helvetica|Times|Arial|DejaVu/);
  });

  // Where the boxes are is measured in print-geometry.test.ts.
  it("asks viewers not to scale and to flip on the long edge", () => {
    const raw = readFileSync(join(out, "lunar-trick/print/lunar-trick-letter.pdf")).toString("latin1");
    expect(raw).toMatch(/\/PrintScaling \/None/);
    expect(raw).toMatch(/\/Duplex \/DuplexFlipLongEdge/);
  });

  it("alignment test: one sheet, front and back", async () => {
    const pdf = await readPdf(readFileSync(join(out, "lunar-trick/print/lunar-trick-alignment-test-a4.pdf")));
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0].text).toContain("FRONT");
    expect(pdf.pages[1].text).toContain("BACK");
  });
});

describe("PNGs", () => {
  it("every face and back at 300 dpi with 1/8 in bleed (poker: 825×1125)", async () => {
    const out = tempDir("png");
    // A PNG of a card that no longer exists in the data is removed by the next build.
    const stale = join(out, "lunar-trick/cards/moon-cards/removed-card.png");
    mkdirSync(join(out, "lunar-trick/cards/moon-cards"), { recursive: true });
    writeFileSync(stale, "old");
    for (const id of DATA_GAMES) {
      const g = subset(game(id));
      const r = await buildGame(g, { outDir: out, templates: templates(), papers: [], png: true });
      const pngs = r.files.filter((f) => f.endsWith(".png"));
      for (const c of g.components) {
        const expected = { width: Math.round(((c.width + 6.35) / 25.4) * 300), height: Math.round(((c.height + 6.35) / 25.4) * 300) };
        for (const item of c.items) {
          const file = join(out, id, "cards", c.id, `${item.id}.png`);
          expect(pngs).toContain(file);
          expect(pngSize(readFileSync(file))).toEqual(expected);
          if (c.kind === "card") expect(expected).toEqual({ width: 825, height: 1125 });
        }
      }
    }
    // Shared and per-item backs.
    expect(existsSync(join(out, "lunar-trick/cards/moon-cards/back.png"))).toBe(true);
    expect(existsSync(join(out, "lunar-trick/cards/trump-status/trump-status.back.png"))).toBe(true);
    expect(existsSync(join(out, "solar-eclipse/cards/bid-cards/back.png"))).toBe(true);
    expect(allFiles(out).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(existsSync(stale)).toBe(false);
  });
});

describe("every template of every game renders without overflow", () => {
  it.each(DATA_GAMES)("%s", (id) => {
    const { sides, warnings } = renderSides(game(id), templates());
    expect(warnings).toEqual([]);
    expect(sides.length).toBeGreaterThan(5);
    for (const s of sides) {
      expect(s.svg.startsWith("<svg")).toBe(true);
      // Suit symbols are vector shapes, never font glyphs.
      expect(s.svg).not.toMatch(/[☀⚡◉❄☽☾]/u);
      // No unresolved values leaked into the art.
      expect(s.svg).not.toMatch(/undefined|NaN|\[object Object\]/);
    }
  });
});

describe("reproducible output", () => {
  it("building twice gives identical bytes", async () => {
    const g = subset(game("solar-eclipse"), 2);
    const a = tempDir("repro-a");
    const b = tempDir("repro-b");
    await buildGame(g, { outDir: a, templates: templates(), papers: ["a4"], png: true });
    await buildGame(g, { outDir: b, templates: new TemplateSet(TEMPLATES), papers: ["a4"], png: true });
    const fa = allFiles(a).map((f) => f.slice(a.length));
    const fb = allFiles(b).map((f) => f.slice(b.length));
    expect(fa).toEqual(fb);
    for (const f of fa) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
  });
});

describe("editing the YAML", () => {
  it("changed card text appears in the PDF and changes the PNG; overflowing text warns with the card", async () => {
    const data = tempDir("data");
    cpSync(DATA, data, { recursive: true });
    const deckFile = join(data, "eclipsed", "deck.yaml");
    const deck = readFileSync(deckFile, "utf8");
    // The text line of one card, found by its id (the wording itself may change).
    const textOf = (id: string): RegExp => new RegExp(`(- id: "?${id}"?\\n(?:(?!- id:).*\\n)*?\\s+text: )".*"`);
    expect(deck).toMatch(textOf("solar-2"));
    writeFileSync(
      deckFile,
      deck.replace(textOf("solar-2"), '$1"Zebra quartz edited by the render test."').replace(textOf("solar-3"), `$1"${"Far too much text for one card. ".repeat(20)}"`),
    );
    const only = ["cards"];
    const before = tempDir("edit-before");
    const after = tempDir("edit-after");
    await buildGame(subset(game("eclipsed"), 3, only), { outDir: before, templates: templates(), papers: ["a4"], png: true });
    const edited = await buildGame(subset(game("eclipsed", data), 3, only), { outDir: after, templates: templates(), papers: ["a4"], png: true });

    const pdf = await readPdf(readFileSync(join(after, "eclipsed/print/eclipsed-a4.pdf")));
    expect(pdf.pages[2].text).toContain("Zebra quartz edited by the render test.");
    const png = (dir: string, id: string): Buffer => readFileSync(join(dir, "eclipsed/cards/cards", `${id}.png`));
    expect(png(after, "solar-2").equals(png(before, "solar-2"))).toBe(false);
    expect(png(after, "solar-1").equals(png(before, "solar-1"))).toBe(true);

    expect(edited.warnings.map((w) => w.where)).toEqual(["eclipsed/cards/solar-3"]);
    expect(edited.warnings[0].message).toMatch(/overflows/);
  });
});

describe("failed builds write nothing", () => {
  it("a broken template stops the build before any file is written", async () => {
    const tpl = tempDir("tpl");
    cpSync(TEMPLATES, tpl, { recursive: true });
    writeFileSync(join(tpl, "eclipsed", "back.svg.hbs"), "{{#if}}broken");
    const out = tempDir("broken");
    await expect(buildGame(subset(game("eclipsed")), { outDir: out, templates: new TemplateSet(tpl), papers: ["a4"], png: true })).rejects.toThrow(
      /eclipsed\/cards\/back.*back\.svg\.hbs/,
    );
    mkdirSync(out, { recursive: true });
    expect(allFiles(out)).toEqual([]);
  });
});
