/**
 * `--ink-saver` (issue 27): dark backs print inverted — a light ground with dark linework — and
 * nothing else changes. Measured on the rendered PDF pages: the ink a back page takes, and the
 * front pages' pixels.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { printDocument, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS, pageSize, type Page, type PrintOptions } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { game, templates } from "./render-support";
import { luminance } from "./print-support";
import { DATA_GAMES } from "./games";

/** Pages 3 (the first sheet's front) and 4 (its back) of a game's A4 PDF, at 20 dpi. */
async function sheetPixels(id: string, print: PrintOptions): Promise<{ front: PNG; back: PNG }> {
  const g = game(id);
  const doc = printDocument(g, PAPERS.a4, print);
  const art = new Map(renderSides(g, templates()).sides.map((s) => [s.key, s.svg]));
  const dir = mkdtempSync(join(tmpdir(), "syzygy-ink-"));
  try {
    writeFileSync(join(dir, "x.pdf"), await writePdf(doc.pages.slice(0, 4), art, { title: "t", footer: g.title, paper: PAPERS.a4, duplex: "long" }));
    execFileSync("pdftoppm", ["-png", "-r", "20", "-f", "3", "-l", "4", join(dir, "x.pdf"), join(dir, "p")]);
    return { front: PNG.sync.read(readFileSync(join(dir, "p-3.png"))), back: PNG.sync.read(readFileSync(join(dir, "p-4.png"))) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean ink of a page: 1 − relative luminance, averaged over its pixels. */
function ink(png: PNG): number {
  let sum = 0;
  for (let i = 0; i < png.data.length; i += 4) sum += 1 - luminance(png.data[i], png.data[i + 1], png.data[i + 2]);
  return sum / (png.data.length / 4);
}

/** A page is dark where it takes more ink than this: the backs the saver inverts. */
const DARK = 0.4;
const darkBacks = new Set<string>();

describe.each(DATA_GAMES)("%s --ink-saver", (id) => {
  it("dark backs take under half the ink (light ones are left alone); the fronts are the same pixels", async () => {
    const plain = await sheetPixels(id, DEFAULT_PRINT);
    const saver = await sheetPixels(id, { ...DEFAULT_PRINT, inkSaver: true });
    if (ink(plain.back) > DARK) {
      darkBacks.add(id);
      expect(ink(saver.back)).toBeLessThan(ink(plain.back) / 2);
    } else {
      expect(Buffer.compare(saver.back.data, plain.back.data)).toBe(0);
    }
    expect(Buffer.compare(saver.front.data, plain.front.data)).toBe(0);
  }, 60_000);
});

it("the check sees a dark back inverted: some game of data/ has dark backs", async () => {
  if (darkBacks.size === 0) for (const id of DATA_GAMES) if (ink((await sheetPixels(id, DEFAULT_PRINT)).back) > DARK) darkBacks.add(id);
  expect(darkBacks.size).toBeGreaterThan(0);
}, 60_000);

it("--ink-saver PDFs are named apart from the default ones", () => {
  expect(printDocument(game("lunar-trick"), PAPERS.letter, { ...DEFAULT_PRINT, inkSaver: true }).name).toBe("lunar-trick-letter-ink-saver.pdf");
});

/** Every page of a game's A4 PDF at 20 dpi, with the page model it was drawn from. */
async function allPages(id: string, print: PrintOptions): Promise<{ pages: Page[]; png: PNG[]; art: Map<string, string> }> {
  const g = game(id);
  const doc = printDocument(g, PAPERS.a4, print);
  const art = new Map(renderSides(g, templates()).sides.map((s) => [s.key, s.svg]));
  const dir = mkdtempSync(join(tmpdir(), "syzygy-ink-"));
  try {
    writeFileSync(join(dir, "x.pdf"), await writePdf(doc.pages, art, { title: "t", footer: g.title, paper: PAPERS.a4, duplex: print.layout === "fold" ? "none" : print.duplex }));
    execFileSync("pdftoppm", ["-png", "-r", "20", join(dir, "x.pdf"), join(dir, "p")]);
    const files = readdirSync(dir).filter((f) => f.endsWith(".png")).sort();
    return { pages: doc.pages, png: files.map((f) => PNG.sync.read(readFileSync(join(dir, f)))), art };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean ink inside a box (mm) of a page rendered at 20 dpi. */
function inkIn(png: PNG, box: { x: number; y: number; w: number; h: number }): number {
  const px = 20 / 25.4;
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(box.y * px); y < Math.floor((box.y + box.h) * px); y++)
    for (let x = Math.ceil(box.x * px); x < Math.floor((box.x + box.w) * px); x++) {
      const i = (y * png.width + x) * 4;
      sum += 1 - luminance(png.data[i], png.data[i + 1], png.data[i + 2]);
      n++;
    }
  return n === 0 ? 0 : sum / n;
}

/**
 * A piece is a large dark area when it takes more ink than this (mean relative luminance under
 * 0.35, the saver's own line) over more than LARGE mm².
 */
const DARK_PIECE = 0.65;
const LARGE = 2000;
let darkPieces = 0;
let samePairs = 0;

describe.each(DATA_GAMES)("%s --ink-saver, every page", (id) => {
  it("no large piece stays dark (sheets and boards included), and a piece whose two sides are the same art prints them alike", async () => {
    const plain = await allPages(id, DEFAULT_PRINT);
    const saver = await allPages(id, { ...DEFAULT_PRINT, inkSaver: true });
    let wasDark = 0;
    let pairs = 0;
    saver.pages.forEach((page, i) => {
      for (const p of page.placements.filter((q) => q.w * q.h > LARGE)) {
        if (inkIn(plain.png[i], p) > DARK_PIECE) wasDark++;
        expect(inkIn(saver.png[i], p), `page ${i + 1}: ${p.face} still dark`).toBeLessThanOrEqual(DARK_PIECE);
      }
      if (page.side !== "back") return;
      const front = saver.pages[i - 1];
      // (Slices of a disc are left out: their boxes hold their neighbours too.)
      for (const b of page.placements.filter((q) => q.clip.shape.type !== "pie")) {
        const f = front.placements.find((q) => Math.abs(q.y - b.y) < 0.01 && Math.abs(q.w - b.w) < 0.01 && Math.abs(pageSize(PAPERS.a4, page.landscape).w - q.x - q.w - b.x) < 0.01);
        if (f === undefined || saver.art.get(f.face) !== saver.art.get(b.face)) continue;
        expect(Math.abs(inkIn(saver.png[i - 1], f) - inkIn(saver.png[i], b)), `page ${i + 1}: ${b.face} unlike its front`).toBeLessThan(0.05);
        pairs++;
      }
    });
    darkPieces += wasDark;
    samePairs += pairs;
  }, 120_000);
});

it("the checks above see large dark pieces and two-sided pieces of the same art (some game of data/ has them)", () => {
  expect(darkPieces).toBeGreaterThan(0);
  expect(samePairs).toBeGreaterThan(0);
});
