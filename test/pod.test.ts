/**
 * Print-on-demand exports, measured as the services see them: the files inside each The Game
 * Crafter zip (names, count per deck = items × copies, pixel size) and each DriveThruCards PDF
 * (page count, MediaBox/TrimBox of every page, face/back order, embedded fonts, bleed option).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it, beforeAll } from "vitest";
import yauzl from "yauzl";
import { exportPod, podDir } from "../src/pod/index";
import { deckCards } from "../src/pod/decks";
import { tgcFiles } from "../src/pod/tgc";
import { matchSize, tgcPixels } from "../src/pod/sizes";
import { renderSides } from "../src/render/build";
import { backKey, faceKey } from "../src/render/faces";
import { main } from "../src/cli";
import type { RenderComponent, RenderGame } from "../src/render/types";
import { game, pngSize, subset, tempDir, templates } from "./render-support";

const PT = 72 / 25.4;
const POKER = { w: 63.5, h: 88.9 };

/** Shared back (moon cards, dividers ×2), a card with its own back (trump status), and a token that is no deck. */
function sample(): RenderGame {
  return subset(game("lunar-trick"), 2, ["moon-cards", "dividers", "trump-status", "moon-markers"]);
}

const copies = (c: RenderComponent): number => c.items.reduce((n, i) => n + i.copies, 0);

function unzip(file: string): Promise<{ name: string; data: Buffer; modified: Date }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out: { name: string; data: Buffer; modified: Date }[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks), modified: entry.getLastModDate() });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Resolution a PNG declares (pHYs chunk, pixels per metre), in dots per inch. */
function dpi(png: Buffer): number | undefined {
  const at = png.indexOf("pHYs", 8, "latin1");
  if (at < 0 || png[at + 12] !== 1) return undefined;
  return Math.round(png.readUInt32BE(at + 4) * 0.0254);
}

const squash = (text: string): string => text.replace(/\s+/g, " ").trim();

/** The text of an SVG's <text> elements in document order, as one line. */
function svgText(svg: string): string {
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
  const runs = [...svg.matchAll(/<text[^>]*>([^<]*)</g)].map((m) => m[1].replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e]));
  return squash(runs.join(" "));
}

interface PdfPage {
  width: number;
  height: number;
  text: string;
  trimBox: number[];
  fontsMissing: string[];
  fonts: number;
}

async function readPodPdf(file: string): Promise<PdfPage[]> {
  const bytes = readFileSync(file);
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  // pdfjs gives the MediaBox (page.view) but not the TrimBox: read those from the page dictionaries.
  const trimBoxes = [...bytes.toString("latin1").matchAll(/\/TrimBox \[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number));
  const pages: PdfPage[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const text = content.items.map((it) => ("str" in it ? it.str : "")).join(" ");
    const ops = await page.getOperatorList();
    const fontIds = new Set<string>();
    ops.fnArray.forEach((fn, k) => {
      if (fn === pdfjs.OPS.setFont) fontIds.add(ops.argsArray[k][0] as string);
    });
    const fontsMissing = [...fontIds].filter((id) => (page.commonObjs.get(id) as { missingFile: boolean }).missingFile !== false);
    pages.push({ width: x1 - x0, height: y1 - y0, text, trimBox: trimBoxes[i - 1], fontsMissing, fonts: fontIds.size });
  }
  await doc.destroy();
  return pages;
}

describe("The Game Crafter card sizes (docs/print-on-demand.md cites the templates)", () => {
  it("each size matches TGC's template pixels as the cited source lists them (trim in inches → px)", () => {
    // templative's componentInfo.js (docs/print-on-demand.md): DimensionsInches → DimensionsPixels.
    const listed: [string, number, number, number, number][] = [
      ["poker", 2.5, 3.5, 825, 1125],
      ["mini", 1.75, 2.5, 600, 825],
      ["tarot", 2.75, 4.75, 900, 1500],
      ["square", 3.5, 3.5, 1125, 1125],
      ["small square", 2.5, 2.5, 825, 825],
      ["bridge", 2.25, 3.5, 750, 1125],
      ["jumbo", 3.5, 5.5, 1125, 1725],
    ];
    for (const [name, wIn, hIn, wPx, hPx] of listed) {
      const size = matchSize("tgc", wIn * 25.4, hIn * 25.4);
      expect(size?.name, name).toBe(name);
      expect(tgcPixels(size!), name).toEqual({ w: wPx, h: hPx });
    }
    // DriveThruCards: only poker has a cited spec.
    expect(matchSize("dtc", 44.45, 63.5)).toBeUndefined();
  });
});

describe("The Game Crafter file names (an upload following docs/print-on-demand.md)", () => {
  // The docs: drag the numbered files (`<digits>-*.png`) into the card upload, `back.png` into the back.
  const uploaded = (files: { name: string; art: string }[]) => ({
    faces: files.filter((f) => /^\d+-.*\.png$/.test(f.name)).map((f) => f.art),
    back: files.find((f) => f.name === "back.png")?.art,
  });

  it("the trump status card (its own back, alone in its deck) uploads as one face and its back", () => {
    const c = game("lunar-trick").components.find((x) => x.id === "trump-status")!;
    const item = c.items[0];
    expect(item.backTemplate).toBeDefined();
    const files = tgcFiles({ component: c, size: { name: "poker", w: 63.5, h: 88.9 }, cards: deckCards(c) });
    expect(uploaded(files)).toEqual({ faces: [faceKey(c, item)], back: backKey(c, item) });
    expect(files.map((f) => f.name)).toEqual(["001-trump-status.png", "back.png"]);
  });

  it("two-sided cards with different backs: each back named back-<n>-<item>, never like a face", () => {
    const c = game("lunar-trick").components.find((x) => x.id === "trump-status")!;
    const two = { ...c, items: [c.items[0], { ...c.items[0], id: "other", backValues: { other: true } }] };
    const cards = deckCards(two).map((card, i) => ({ ...card, back: `${card.back}#${i}` }));
    const files = tgcFiles({ component: two, size: { name: "poker", w: 63.5, h: 88.9 }, cards });
    expect(uploaded(files).faces).toEqual(cards.map((x) => x.face));
    expect(files.map((f) => f.name)).toEqual(["001-trump-status.png", "back-001-trump-status.png", "002-other.png", "back-002-other.png"]);
  });
});

describe("The Game Crafter export", () => {
  let out: string;
  let g: RenderGame;
  let result: Awaited<ReturnType<typeof exportPod>>;
  beforeAll(async () => {
    g = sample();
    out = tempDir("pod-tgc");
    result = await exportPod(g, templates(), { outDir: out, services: ["tgc"], bleedMm: 3.175 });
  }, 30_000);

  it("writes one zip per card deck, and none for tokens", () => {
    const decks = g.components.filter((c) => c.kind === "card");
    expect(result.files).toEqual(decks.map((c) => `${podDir(out, g.id, "tgc")}/${g.id}-${c.id}.zip`).sort());
  });

  it("holds one 825×1125 PNG per physical card, numbered in deck order, plus the backs", async () => {
    for (const c of g.components.filter((x) => x.kind === "card")) {
      const entries = await unzip(`${podDir(out, g.id, "tgc")}/${g.id}-${c.id}.zip`);
      const expected: string[] = [];
      let n = 0;
      for (const item of c.items) {
        for (let k = 0; k < item.copies; k++) {
          n += 1;
          expected.push(`${String(n).padStart(3, "0")}-${item.id}.png`);
        }
      }
      // Every deck of the sample has one back for all its cards (the trump deck: its one card's own).
      if (c.backTemplate || c.items.some((i) => i.backTemplate)) expected.push("back.png");
      expect(entries.map((e) => e.name)).toEqual([...expected].sort());
      // What the docs say to drag into the card upload: the numbered files, and they are the faces.
      const faces = entries.filter((e) => /^\d+-.*\.png$/.test(e.name));
      expect(faces).toHaveLength(copies(c));
      for (const e of entries) {
        expect(e.data.subarray(1, 4).toString("latin1")).toBe("PNG");
        expect(pngSize(e.data), `${c.id}/${e.name}`).toEqual({ width: 825, height: 1125 });
        expect(dpi(e.data), `${c.id}/${e.name}`).toBe(300);
      }
      // Copies of one item are the same picture; different items are not.
      const byItem = new Map<string, Set<string>>();
      for (const f of faces) {
        const id = f.name.replace(/^\d+-/, "");
        byItem.set(id, (byItem.get(id) ?? new Set()).add(f.data.toString("base64")));
      }
      for (const [, pictures] of byItem) expect(pictures.size).toBe(1);
      expect(new Set(faces.map((f) => f.data.toString("base64"))).size).toBe(byItem.size);
    }
  });

  it("is byte-reproducible, whatever the time zone, with a fixed timestamp on every entry", async () => {
    const tz = process.env.TZ;
    const again = tempDir("pod-tgc-again");
    try {
      process.env.TZ = "Pacific/Kiritimati";
      await exportPod(g, templates(), { outDir: again, services: ["tgc"], bleedMm: 3.175 });
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    for (const file of result.files) {
      const name = file.split("/").pop()!;
      expect(readFileSync(`${podDir(again, g.id, "tgc")}/${name}`).equals(readFileSync(file)), name).toBe(true);
      for (const e of await unzip(file)) expect([e.modified.getFullYear(), e.modified.getMonth(), e.modified.getDate()]).toEqual([2000, 0, 1]);
    }
  }, 30_000);

  it("skips a deck of a size The Game Crafter export does not support, saying so", async () => {
    const moon = g.components.find((c) => c.id === "moon-cards")!;
    const tarot: RenderGame = { ...g, components: [{ ...moon, id: "tarot-cards", width: 70, height: 120 }] };
    const dir = tempDir("pod-tarot");
    const r = await exportPod(tarot, templates(), { outDir: dir, services: ["tgc", "dtc"], bleedMm: 3.175 });
    expect(r.files).toEqual([]);
    expect(r.warnings.map((w) => w.where)).toEqual([`${g.id}/tarot-cards`, `${g.id}/tarot-cards`]);
    for (const w of r.warnings) expect(w.message).toMatch(/70×120 mm cards are a size (The Game Crafter export does not support \(supported: poker 63\.5×88\.9 mm, mini 44\.45×63\.5 mm, tarot 69\.85×120\.65 mm, square 88\.9×88\.9 mm, small square 63\.5×63\.5 mm, bridge 57\.15×88\.9 mm, jumbo 88\.9×139\.7 mm\)|DriveThruCards export does not support \(supported: poker 63\.5×88\.9 mm\)); deck skipped/);
  });

  it("a square deck (3.5 in) uploads as 1125×1125 PNGs at 300 dpi; DriveThruCards skips it, saying so", async () => {
    const moon = g.components.find((c) => c.id === "moon-cards")!;
    const square: RenderGame = { ...g, components: [{ ...moon, id: "square-cards", width: 88.9, height: 88.9, items: moon.items.slice(0, 2) }] };
    const dir = tempDir("pod-square");
    const r = await exportPod(square, templates(), { outDir: dir, services: ["tgc", "dtc"], bleedMm: 3.175 });
    expect(r.files).toEqual([`${podDir(dir, g.id, "tgc")}/${g.id}-square-cards.zip`]);
    expect(r.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^88\.9×88\.9 mm cards are a size DriveThruCards export does not support/)]);
    const entries = await unzip(r.files[0]);
    expect(entries.length).toBeGreaterThan(2);
    for (const e of entries) {
      expect(pngSize(e.data), e.name).toEqual({ width: 1125, height: 1125 });
      expect(dpi(e.data), e.name).toBe(300);
    }
  }, 30_000);
});

describe("DriveThruCards export", () => {
  let g: RenderGame;
  const pdfs = new Map<number, Map<string, PdfPage[]>>();
  const files: string[] = [];
  beforeAll(async () => {
    g = sample();
    for (const bleed of [3.175, 1.5]) {
      const out = tempDir("pod-dtc");
      const r = await exportPod(g, templates(), { outDir: out, services: ["dtc"], bleedMm: bleed });
      files.push(...r.files);
      const byDeck = new Map<string, PdfPage[]>();
      for (const f of r.files) byDeck.set(f.split("/").pop()!.replace(`${g.id}-`, "").replace(/\.pdf$/, ""), await readPodPdf(f));
      pdfs.set(bleed, byDeck);
    }
  }, 30_000);

  it("has one PDF per card deck with a face page and a back page per physical card", () => {
    const decks = g.components.filter((c) => c.kind === "card");
    expect([...pdfs.get(3.175)!.keys()].sort()).toEqual(decks.map((c) => c.id).sort());
    for (const c of decks) expect(pdfs.get(3.175)!.get(c.id)!, c.id).toHaveLength(2 * copies(c));
  });

  for (const bleed of [3.175, 1.5]) {
    it(`sizes every page to trim + 2 × ${bleed} mm bleed, TrimBox on the card`, () => {
      for (const [deck, pages] of pdfs.get(bleed)!) {
        for (const [i, p] of pages.entries()) {
          const where = `${deck} page ${i + 1}`;
          expect(Math.abs(p.width - (POKER.w + 2 * bleed) * PT), where).toBeLessThan(0.01);
          expect(Math.abs(p.height - (POKER.h + 2 * bleed) * PT), where).toBeLessThan(0.01);
          const [x0, y0, x1, y1] = p.trimBox;
          for (const [got, want] of [
            [x0, bleed * PT],
            [y0, bleed * PT],
            [x1, (bleed + POKER.w) * PT],
            [y1, (bleed + POKER.h) * PT],
          ]) {
            expect(Math.abs(got - want), `${where} TrimBox ${p.trimBox.join(" ")}`).toBeLessThan(0.01);
          }
        }
      }
    });
  }

  it("orders each card's back, then its face (DriveThruCards' specification: page 1 card 1's back, page 2 its front)", () => {
    // What each side shows, from its SVG: the text a reader finds on the page that prints it.
    const shown = new Map(renderSides(g, templates()).sides.map((side) => [side.key, svgText(side.svg)]));
    const pages = pdfs.get(3.175)!;
    for (const c of g.components.filter((x) => x.kind === "card")) {
      const doc = pages.get(c.id)!;
      let n = 0;
      for (const item of c.items) {
        for (let k = 0; k < item.copies; k++) {
          expect(squash(doc[2 * n].text), `${c.id} page ${2 * n + 1}: back of ${item.id}`).toBe(shown.get(backKey(c, item)!));
          expect(squash(doc[2 * n + 1].text), `${c.id} page ${2 * n + 2}: face of ${item.id}`).toBe(shown.get(faceKey(c, item)));
          n += 1;
        }
      }
    }
  });

  it("holds no raster image: pdfimages lists none (the moon back's emblem was a 240 px raster, issue 27 defect 3)", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      // `pdfimages -list`: two header lines, then one line per image.
      const rows = execFileSync("pdfimages", ["-list", f], { encoding: "utf8" }).trim().split("\n").slice(2);
      expect(rows, f).toEqual([]);
    }
  });

  it("embeds every font it uses and prints nothing but the card (no footer or ruler)", () => {
    for (const [deck, pages] of pdfs.get(3.175)!) {
      for (const [i, p] of pages.entries()) {
        expect(p.fontsMissing, `${deck} page ${i + 1}`).toEqual([]);
        expect(p.text, `${deck} page ${i + 1}`).not.toMatch(/ruler|page \d+/);
      }
      expect(pages.some((p) => p.fonts > 0)).toBe(true);
    }
  });
});

describe("syzygy pod (command line)", () => {
  it("rejects an unknown service and a bleed larger than the art's, with usage errors", async () => {
    const errs: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (errs.push(String(s)), true)) as typeof process.stderr.write;
    try {
      expect(await main(["pod", "lunar-trick", "--service", "mpc", "--out", tempDir("pod-cli")])).toBe(2);
      expect(await main(["pod", "lunar-trick", "--bleed-mm", "5", "--out", tempDir("pod-cli")])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errs.join("")).toMatch(/--service must be tgc \(The Game Crafter\), dtc \(DriveThruCards\) or all, got "mpc"/);
    expect(errs.join("")).toMatch(/--bleed-mm: bleed must be between 0 and 3\.175 mm/);
  });
});
