/**
 * `--ink-saver` (issue 27): dark backs print inverted — a light ground with dark linework — and
 * nothing else changes. Measured on the rendered PDF pages: the ink a back page takes, and the
 * front pages' pixels.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { printDocument, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS, type PrintOptions } from "../src/render/page";
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
