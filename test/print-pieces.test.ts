/**
 * What players hold and cut (issue 27): backs that hide what a card is, 1/8 in of bleed on every
 * token, no raster art, cut outlines and cut lines that stand out and stay off the art, and no
 * sheet of paper printed for a piece that fits on another.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { printPages, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS, bleedRect, type Page } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { BLEED_MM, type RenderComponent } from "../src/render/types";
import { game, templates } from "./render-support";
import { contrast, hexChannels, luminance, printedFaces } from "./print-support";
import { DATA_GAMES, expectations } from "./games";

/** What a per-game check found, kept so the check across every game does not measure again. */
function memo<T>(f: (id: string) => T): (id: string) => T {
  const seen = new Map<string, T>();
  return (id) => {
    if (!seen.has(id)) seen.set(id, f(id));
    return seen.get(id)!;
  };
}
const artOf = (id: string): Map<string, string> => new Map(renderSides(game(id), templates()).sides.map((s) => [s.key, s.svg]));

describe("backs hide what a card is", () => {
  it("Lunar Trick's dividers have the moon cards' back, art included (held in a hand they show nothing)", () => {
    const faces = printedFaces("lunar-trick");
    const moon = faces.find((f) => f.name === "lunar-trick/moon-cards/back (back)")!;
    const divider = faces.find((f) => f.name === "lunar-trick/dividers/back (back)")!;
    expect(moon.svg).toMatch(/<svg x="16.75" y="29.45"/); // the emblem is there
    // The same SVG: the same print, and the same PNG the TTS save makes the dividers' deck back from.
    expect(divider.svg).toBe(moon.svg);
  });

  it.each(DATA_GAMES)("%s: every card with a shared back shows one back per card size (nothing tells decks apart from behind)", (id) => {
    const g = game(id);
    const faces = printedFaces(id);
    // Decks a player holds together: same size, shared back. The game's folder names any never in a hand with the others.
    const apart = expectations(id).cardsHeldApart ?? [];
    const bySize = new Map<string, Set<string>>();
    for (const c of g.components.filter((x) => x.kind === "card" && x.backTemplate !== undefined && x.items.every((i) => i.backTemplate === undefined))) {
      if (apart.includes(c.id)) continue;
      const backs = faces.filter((f) => f.name.startsWith(`${id}/${c.id}/`) && f.name.endsWith("(back)")).map((f) => f.svg);
      const key = `${c.width}×${c.height}`;
      bySize.set(key, new Set([...(bySize.get(key) ?? []), ...backs]));
    }
    for (const [size, backs] of bySize) expect(backs.size, `${id} ${size}`).toBe(1);
  });

  it("the components a game's folder says are held apart are its card components", () => {
    for (const id of DATA_GAMES) {
      const cards = game(id).components.filter((c) => c.kind === "card").map((c) => c.id);
      for (const c of expectations(id).cardsHeldApart ?? []) expect(cards, `${id}: cardsHeldApart ${c}`).toContain(c);
    }
  });
});

describe("art for print", () => {
  it.each(DATA_GAMES)("%s: no face embeds a raster image (print-on-demand PDFs take vector art)", (id) => {
    for (const f of printedFaces(id)) expect(f.svg, f.name).not.toMatch(/<image\b|data:image\/(png|jpe?g)/);
  });

  /** Pixels of a face's art at `pxPerMm`, alpha only. */
  function alphaOf(svg: string, widthMm: number, pxPerMm: number): { w: number; h: number; a: (xMm: number, yMm: number) => number } {
    // No fonts: text is far inside the cut, and loading them would take most of the time.
    const img = new Resvg(svg, { fitTo: { mode: "width", value: Math.round(widthMm * pxPerMm) }, font: { loadSystemFonts: false } }).render();
    const s = img.width / widthMm;
    const px = img.pixels; // a getter that copies: read once
    return { w: img.width, h: img.height, a: (x, y) => px[(Math.floor((y + BLEED_MM) * s) * img.width + Math.floor((x + BLEED_MM) * s)) * 4 + 3] };
  }

  /** Each token face's points within 1/8 in of its cut that the art misses. */
  const tokenBleed = memo((id: string) => {
    const out: { face: string; thin: string[] }[] = [];
    const g = game(id);
    for (const c of g.components.filter((x) => x.kind === "token")) {
      for (const f of printedFaces(id).filter((x) => x.name.startsWith(`${id}/${c.id}/`))) {
        const art = alphaOf(f.svg, c.width + 2 * BLEED_MM, 20);
        const thin: string[] = [];
        for (const [x, y] of bandPoints(c, BLEED_MM - 0.1)) if (art.a(x, y) < 255) thin.push(`${x.toFixed(2)},${y.toFixed(2)}`);
        out.push({ face: f.name, thin });
      }
    }
    return out;
  });

  it.each(DATA_GAMES)("%s: every token's art reaches 1/8 in (3.175 mm) beyond its cut on every side that is cut alone", (id) => {
    for (const t of tokenBleed(id)) expect(t.thin.slice(0, 5), `${t.face}: art missing within 1/8 in of the cut`).toEqual([]);
  });

  it("the token check sees tokens (≥ 5 faces across the games)", () => {
    expect(DATA_GAMES.reduce((n, id) => n + tokenBleed(id).length, 0)).toBeGreaterThanOrEqual(5);
  });
});

/**
 * Points just outside a token's cut, up to `d` mm beyond it (face coordinates, mm). A pie slice is
 * checked beyond its arc only: its straight edges are cuts shared with the next slice of its disc.
 */
function bandPoints(c: RenderComponent, d: number): [number, number][] {
  const cx = c.width / 2;
  const cy = c.height / 2;
  const r = Math.min(c.width, c.height) / 2;
  const out: [number, number][] = [];
  const shape = c.shape;
  if (shape.type === "rect") {
    for (let t = 0; t <= 1; t += 0.01) {
      for (const o of [0.05, d / 2, d]) {
        out.push([t * c.width, -o], [t * c.width, c.height + o], [-o, t * c.height], [c.width + o, t * c.height]);
      }
    }
    return out;
  }
  const half = shape.type === "pie" ? Math.PI / shape.slices : Math.PI;
  for (let a = -half; a <= half; a += half / 90) {
    for (const o of [0.05, d / 2, d]) out.push([cx + (r + o) * Math.sin(a), cy - (r + o) * Math.cos(a)]);
  }
  return out;
}

describe("cut outlines and cut lines", () => {
  /** The contrast of every outlined token's cut line, sampled around it, on the game's A4 pages at 600 dpi. */
  const outlines = memo(async (id: string): Promise<{ sampled: number; worst: string[] }> => {
    const dir = mkdtempSync(join(tmpdir(), "syzygy-outline-"));
    try {
      const worst: string[] = [];
      let sampled = 0;
      const g = game(id);
      const art = artOf(id);
      const pages = printPages(g, PAPERS.a4, DEFAULT_PRINT);
      for (const [n, page] of pages.entries()) {
        const outlined = page.placements.filter((p) => p.outline);
        if (outlined.length === 0) continue;
        const file = join(dir, `${id}-${n}.pdf`);
        writeFileSync(file, await writePdf([page], art, { title: "t", footer: "t", paper: PAPERS.a4, duplex: "long" }));
        const dpi = 600;
        const s = dpi / 25.4;
        const box = outlined.map(bleedRect).reduce((u, r) => ({ x: Math.min(u.x, r.x), y: Math.min(u.y, r.y), x2: Math.max(u.x2, r.x + r.w), y2: Math.max(u.y2, r.y + r.h) }), { x: Infinity, y: Infinity, x2: -Infinity, y2: -Infinity });
        const [x0, y0] = [Math.floor(box.x * s), Math.floor(box.y * s)];
        execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-x", String(x0), "-y", String(y0), "-W", String(Math.ceil((box.x2 - box.x) * s)), "-H", String(Math.ceil((box.y2 - box.y) * s)), "-singlefile", file, join(dir, "crop")]);
        const png = PNG.sync.read(readFileSync(join(dir, "crop.png")));
        const lum = (xMm: number, yMm: number): number => {
          const px = Math.round(xMm * s) - x0;
          const py = Math.round(yMm * s) - y0;
          const i = (py * png.width + px) * 4;
          return luminance(png.data[i], png.data[i + 1], png.data[i + 2]);
        };
        for (const p of outlined) {
          const cx = p.x + p.w / 2;
          const cy = p.y + p.h / 2;
          const r = Math.min(p.w, p.h) / 2;
          for (let a = 0; a < 2 * Math.PI; a += Math.PI / 24) {
            const at = (rad: number): number => lum(cx + rad * Math.sin(a), cy - rad * Math.cos(a));
            // The line: the darkest point across its width; beside it, just outside the cut.
            const line = Math.min(at(r - 0.04), at(r), at(r + 0.04));
            const outside = at(r + 0.22);
            const ratio = contrast(line, outside);
            sampled++;
            if (ratio < 3) worst.push(`${id} page ${n + 1} ${p.face}: ${ratio.toFixed(2)}:1`);
          }
        }
      }
      return { sampled, worst: [...new Set(worst)] };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(DATA_GAMES)("%s: every token's cut outline is ≥ 3:1 against what lies just outside it (the meter marker is near-black)", async (id) => {
    expect((await outlines(id)).worst.slice(0, 10)).toEqual([]);
  }, 120_000);

  it("the outline check samples outlines (> 100 points across the games)", async () => {
    let sampled = 0;
    for (const id of DATA_GAMES) sampled += (await outlines(id)).sampled;
    expect(sampled).toBeGreaterThan(100);
  }, 120_000);


  /** Every cut line of the game's A4 and Letter pages, trimmed and bled, and those that cross a piece's art. */
  const cutLines = memo((id: string): { lines: number; crossing: string[] } => {
    let lines = 0;
    const crossing: string[] = [];
    const g = game(id);
    for (const paper of ["a4", "letter"] as const) {
      for (const bleedLayout of [false, true]) {
        const pages = printPages(g, PAPERS[paper], { ...DEFAULT_PRINT, cutLines: true, bleedLayout });
        for (const [n, page] of pages.entries()) {
          for (const l of page.lines.filter((x) => x.kind === "cut")) {
            lines++;
            for (const r of page.placements.map(bleedRect)) {
              const crosses = l.x1 === l.x2 ? l.x1 > r.x && l.x1 < r.x + r.w && Math.max(l.y1, l.y2) > r.y && Math.min(l.y1, l.y2) < r.y + r.h : l.y1 > r.y && l.y1 < r.y + r.h && Math.max(l.x1, l.x2) > r.x && Math.min(l.x1, l.x2) < r.x + r.w;
              if (crosses) crossing.push(`${id} ${paper}${bleedLayout ? " --bleed" : ""} page ${n + 1}: cut line ${l.x1.toFixed(1)},${l.y1.toFixed(1)}–${l.x2.toFixed(1)},${l.y2.toFixed(1)} crosses art`);
            }
          }
        }
      }
    }
    return { lines, crossing };
  });

  it.each(DATA_GAMES)("%s --cut-lines: the lines stop at the art (they would stay on a card cut a hair off)", (id) => {
    expect(cutLines(id).crossing.slice(0, 10)).toEqual([]);
  });

  it("--cut-lines: the check sees lines (> 100 across the games), and they are ≥ 3:1 on paper", () => {
    expect(DATA_GAMES.reduce((n, id) => n + cutLines(id).lines, 0)).toBeGreaterThan(100);
    // The cut line's grey on white paper.
    expect(contrast(luminance(...hexChannels("#888888")), 1)).toBeGreaterThanOrEqual(3);
  });
});

describe("no sheet of paper for a piece that fits on another", () => {
  const sheetsOf = (pages: Page[]): { front: Page; back: Page }[] => {
    const out: { front: Page; back: Page }[] = [];
    for (let i = 0; i < pages.length; i += 2) out.push({ front: pages[i], back: pages[i + 1] });
    return out;
  };
  const holds = (p: Page, component: string): boolean => p.placements.some((x) => x.face.startsWith(`${component}/`));

  for (const paper of ["a4", "letter"] as const) {
    it(`Eclipsed ${paper}: the two one-sided reference pages are the two sides of one sheet`, () => {
      const sheets = sheetsOf(printPages(game("eclipsed"), PAPERS[paper], DEFAULT_PRINT));
      const ref = sheets.filter((s) => holds(s.front, "reference") || holds(s.back, "reference"));
      expect(ref).toHaveLength(1);
      expect(ref[0].front.placements.map((p) => p.face)).toEqual(["reference/edicts"]);
      expect(ref[0].back.placements.map((p) => p.face)).toEqual(["reference/melds"]);
      expect(ref[0].back.side).toBe("back");
    });
  }

  it("Eclipsed Letter: the meter board, wider than a card, does not lie across the last card sheet's empty cells (the columns' cuts would slice it)", () => {
    const sheets = sheetsOf(printPages(game("eclipsed"), PAPERS.letter, DEFAULT_PRINT));
    const board = sheets.find((s) => holds(s.front, "meter-track"))!;
    expect(holds(board.front, "cards")).toBe(false);
    // The small marker still takes an empty card cell: it fits inside one, between the cuts.
    expect(holds(sheets.find((s) => holds(s.front, "meter-marker"))!.front, "cards")).toBe(true);
  });

  // The game's folder may say how many sheets its default PDF takes (src/engine/<game>/test-expectations.yaml, printSheets).
  const counted = DATA_GAMES.flatMap((id) => Object.entries(expectations(id).printSheets ?? {}).map(([paper, sheets]) => ({ id, paper, sheets })));
  it.each(counted)("$id $paper: the two-sided PDF takes $sheets sheets, as its folder says", ({ id, paper, sheets }) => {
    expect(Object.keys(PAPERS), `${id}: printSheets names a paper`).toContain(paper);
    expect(sheetsOf(printPages(game(id), PAPERS[paper as keyof typeof PAPERS], DEFAULT_PRINT))).toHaveLength(sheets);
  });
});
