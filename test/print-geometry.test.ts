/**
 * The print-and-play PDFs as a printer and a cutter meet them (issue 14), measured in the PDF
 * files themselves: page order for a two-sided run (each back the mirror of its front, or blank;
 * even page counts), TrimBox/BleedBox where the imposer put the pieces and inside the paper,
 * nothing but bleed art within 5 mm of any paper edge, ≥ 3 mm of bleed past every outer cut
 * (cards, boards, tokens), and the requested bleed in the bleed layout.
 * Every game on A4 and Letter, long and short edge, trimmed and `--bleed` (also at a smaller
 * `--bleed-mm`), and fold-and-glue (`--layout fold`: one-sided pages, each back the mirror of its
 * front across the fold line in the middle); the alignment sheet; and the poker deck `syzygy new`
 * makes (a game without an engine, from its own data and templates folders).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { printPages, renderSides } from "../src/render/build";
import { writePdf } from "../src/render/pdf";
import { alignmentTest } from "../src/render/alignment";
import { DEFAULT_PRINT, FOOTER_BAND, MARK_MAX, MARK_MIN, PAPERS, type Page, type PrintOptions } from "../src/render/page";
import { BLEED_MM } from "../src/render/types";
import { edgeDistance, pageGeometry, unionBox, type Box, type PageGeometry } from "./pdf-geometry";
import { game, templates } from "./render-support";
import { scaffoldedPoker } from "./scaffold-support";
import { longOr } from "./long";
import { DATA_GAMES } from "./games";

const PRINT_MARGIN = 5;
const TOL = 0.05; // mm: PDF numbers are rounded to 1/1000 pt, clip paths are float32

interface Case {
  game: string;
  paper: "a4" | "letter" | "a3" | "tabloid";
  print: PrintOptions;
  name: string;
  /** The duplex alignment test sheet instead of the game's pieces. */
  alignment?: boolean;
  /** A game of another project (data and templates folders) than the repository's. */
  project?: () => { data: string; templates: string };
}

const matrix: Case[] = [];
for (const id of DATA_GAMES) {
  for (const paper of ["a4", "letter"] as const) {
    matrix.push({ game: id, paper, print: DEFAULT_PRINT, name: `${id} ${paper}` });
    matrix.push({ game: id, paper, print: { ...DEFAULT_PRINT, duplex: "short" }, name: `${id} ${paper} short-edge` });
    matrix.push({ game: id, paper, print: { ...DEFAULT_PRINT, bleedLayout: true }, name: `${id} ${paper} --bleed` });
    matrix.push({ game: id, paper, print: { ...DEFAULT_PRINT, bleedLayout: true, duplex: "short", bleedMm: 2 }, name: `${id} ${paper} --bleed --bleed-mm 2 short-edge` });
    matrix.push({ game: id, paper, print: { ...DEFAULT_PRINT, layout: "fold" }, name: `${id} ${paper} --layout fold` });
  }
}
matrix.push({ game: "eclipsed", paper: "letter", print: { ...DEFAULT_PRINT, layout: "fold", bleedLayout: true, cutLines: true }, name: "eclipsed letter --layout fold --bleed --cut-lines" });
for (const id of DATA_GAMES) {
  for (const paper of ["a3", "tabloid"] as const) {
    matrix.push({ game: id, paper, print: DEFAULT_PRINT, name: `${id} ${paper}` });
    matrix.push({ game: id, paper, print: { ...DEFAULT_PRINT, layout: "fold" }, name: `${id} ${paper} --layout fold` });
  }
  matrix.push({ game: id, paper: "a3", print: { ...DEFAULT_PRINT, bleedLayout: true, duplex: "short" }, name: `${id} a3 --bleed short-edge` });
}
for (const paper of ["a4", "letter"] as const) {
  matrix.push({ game: "eclipsed", paper, print: DEFAULT_PRINT, name: `alignment test ${paper}`, alignment: true });
}
matrix.push({ game: "demo", paper: "a4", print: DEFAULT_PRINT, name: "syzygy new demo a4", project: scaffoldedPoker });
matrix.push({ game: "demo", paper: "letter", print: { ...DEFAULT_PRINT, bleedLayout: true, duplex: "short" }, name: "syzygy new demo letter --bleed short-edge", project: scaffoldedPoker });

/**
 * npm test measures every variant once and every shipped game and paper size at least once, named
 * here, and each game this sample does not name in its plain Letter case (a new game is measured
 * without an edit here); `npm run test:long` measures the whole matrix (test/long.ts).
 */
const QUICK = [
  "eclipsed letter",
  "lunar-trick letter short-edge",
  "solar-eclipse letter --bleed",
  "eclipsed a4 --bleed --bleed-mm 2 short-edge",
  "eclipsed a4 --layout fold",
  "lunar-trick letter --layout fold",
  "eclipsed letter --layout fold --bleed --cut-lines",
  "solar-eclipse tabloid",
  "lunar-trick a3 --layout fold",
  "eclipsed a3 --bleed short-edge",
];
const sampledGames = new Set(matrix.filter((c) => QUICK.includes(c.name)).map((c) => c.game));
const cases = longOr(matrix, (c) => c.project !== undefined || c.alignment === true || QUICK.includes(c.name) || (!sampledGames.has(c.game) && c.name === `${c.game} letter`));

it("npm test's sample measures every game of data/", () => {
  expect(DATA_GAMES.filter((id) => !cases.some((c) => c.game === id && c.project === undefined))).toEqual([]);
});

it("samples only cases of the matrix", () => {
  expect(QUICK.filter((name) => !matrix.some((c) => c.name === name))).toEqual([]);
});

const same = (a: Box, b: Box, tol = TOL): boolean => Math.abs(a.x - b.x) < tol && Math.abs(a.y - b.y) < tol && Math.abs(a.w - b.w) < tol && Math.abs(a.h - b.h) < tol;

/** Where a front box lands on the back page when the sheet turns over `edge`. */
function mirrored(b: Box, page: PageGeometry, print: PrintOptions): Box {
  const landscape = page.width > page.height;
  const mirrorColumns = (print.duplex === "long") !== landscape;
  return mirrorColumns ? { ...b, x: page.width - b.x - b.w } : { ...b, y: page.height - b.y - b.h };
}

const measured = new Map<string, { pages: Page[]; geo: PageGeometry[] }>();

beforeAll(async () => {
  const games = new Map<string, { game: ReturnType<typeof game>; art: Map<string, string> }>();
  for (const c of cases) {
    if (!games.has(c.game)) {
      const project = c.project?.();
      const g = project ? game(c.game, project.data, project.templates) : game(c.game);
      games.set(c.game, { game: g, art: new Map(renderSides(g, project ? templates(project.templates) : templates()).sides.map((s) => [s.key, s.svg])) });
    }
    const loaded = games.get(c.game)!;
    const test = c.alignment ? alignmentTest({ width: 63.5, height: 88.9 }, PAPERS[c.paper], c.print) : undefined;
    const pages = test ? test.pages : printPages(loaded.game, PAPERS[c.paper], c.print);
    const pdf = await writePdf(pages, test ? test.faces : loaded.art, { title: c.name, footer: c.game, paper: PAPERS[c.paper], duplex: c.print.duplex });
    measured.set(c.name, { pages, geo: await pageGeometry(pdf) });
  }
}, 180_000);

const folded = (page: Page): boolean => page.lines.some((l) => l.kind === "fold");

/**
 * The crop marks drawn on a page, read from the PDF: short straight strokes (3–5 mm, no width)
 * above the footer band, whose ruler ticks would otherwise read as marks. Each stands on a cut
 * that a trimmer makes across the whole sheet.
 */
function cropMarksOf(g: PageGeometry): { vertical: number[]; horizontal: number[] } {
  const footer = g.height - PRINT_MARGIN - FOOTER_BAND;
  const strokes = g.marks.filter((m) => m.y + m.h <= footer + TOL && Math.max(m.w, m.h) >= MARK_MIN - TOL && Math.max(m.w, m.h) <= MARK_MAX + TOL && Math.min(m.w, m.h) < TOL);
  return { vertical: strokes.filter((m) => m.w < TOL).map((m) => m.x), horizontal: strokes.filter((m) => m.h < TOL).map((m) => m.y) };
}

describe.each(cases.filter((c) => c.print.layout === "fold"))("$name", (c) => {
  it("prints one-sided: every page a front, no blank pages", () => {
    const { pages, geo } = measured.get(c.name)!;
    expect(geo.length).toBe(pages.length);
    for (const [i, page] of pages.entries()) {
      expect(page.side).toBe("front");
      expect(geo[i].pieces.length, `page ${i + 1}`).toBeGreaterThan(0);
    }
    expect(pages.some(folded)).toBe(true);
  });

  it("registers by folding: every piece right of the fold is the mirror of one left of it, and no art crosses the fold", () => {
    const { pages, geo } = measured.get(c.name)!;
    let pairs = 0;
    geo.forEach((g, i) => {
      if (!folded(pages[i])) return;
      const fold = g.width / 2;
      const left = g.pieces.filter((p) => p.x + p.w <= fold + TOL);
      const right = g.pieces.filter((p) => p.x >= fold - TOL);
      expect(left.length + right.length, `page ${i + 1}: a piece crosses the fold line`).toBe(g.pieces.length);
      for (const b of right) {
        const match = left.some((f) => same({ ...f, x: g.width - f.x - f.w }, b));
        expect(match, `page ${i + 1}: piece at ${b.x.toFixed(2)},${b.y.toFixed(2)} has no front across the fold`).toBe(true);
        pairs++;
      }
      // The model's backs are where the PDF drew them: each card's back across the fold from its front.
      for (const p of pages[i].placements.filter((q) => q.x >= fold)) {
        expect(pages[i].placements.some((f) => Math.abs(g.width - f.x - f.w - p.x) < TOL && Math.abs(f.y - p.y) < TOL && f.x < fold)).toBe(true);
      }
    });
    expect(pairs).toBeGreaterThan(0);
  });
});

describe.each(cases.filter((c) => c.print.layout !== "fold"))("$name (two-sided)", (c) => {
  it("has an even page count, every front followed by its back or a blank page", () => {
    const { pages, geo } = measured.get(c.name)!;
    expect(geo.length % 2).toBe(0);
    expect(geo.length).toBe(pages.length);
    for (let i = 0; i < pages.length; i += 2) {
      expect(pages[i].side).toBe("front");
      expect(["back", "blank"]).toContain(pages[i + 1].side);
      expect(geo[i].pieces.length).toBeGreaterThan(0);
    }
  });

  it("prints each back piece exactly behind a front piece (the mirror for the flip edge), blank backs empty", () => {
    expect(c.print.layout).not.toBe("fold");
    const { pages, geo } = measured.get(c.name)!;
    for (let i = 0; i < geo.length; i += 2) {
      const front = geo[i];
      const back = geo[i + 1];
      if (pages[i + 1].side === "blank") {
        expect(back.pieces).toEqual([]);
        expect(back.outlines).toEqual([]);
        continue;
      }
      expect(back.pieces.length).toBeGreaterThan(0);
      for (const b of back.pieces) {
        const match = front.pieces.some((f) => same(mirrored(f, front, c.print), b));
        expect(match, `page ${i + 2}: back piece at ${b.x.toFixed(2)},${b.y.toFixed(2)} has no front behind it`).toBe(true);
      }
    }
  });

});

describe.each(cases)("$name", (c) => {
  it("sets TrimBox to the imposed pieces and BleedBox to trim + bleed, both inside the MediaBox", () => {
    const { pages, geo } = measured.get(c.name)!;
    geo.forEach((g, i) => {
      const page = pages[i];
      if (page.side === "blank") {
        expect(g.trimBox).toBeUndefined();
        return;
      }
      const trim = g.trimBox!;
      const bleed = g.bleedBox!;
      expect(same(trim, unionBox(page.placements)), `page ${i + 1} TrimBox`).toBe(true);
      for (const box of [trim, bleed]) {
        expect(box.x).toBeGreaterThanOrEqual(-TOL);
        expect(box.y).toBeGreaterThanOrEqual(-TOL);
        expect(box.x + box.w).toBeLessThanOrEqual(g.width + TOL);
        expect(box.y + box.h).toBeLessThanOrEqual(g.height + TOL);
      }
      // The bleed box is what the pieces' art covers: the union of their clips.
      expect(same(bleed, unionBox(g.pieces)), `page ${i + 1} BleedBox`).toBe(true);
      expect(bleed.x).toBeLessThanOrEqual(trim.x + TOL);
      expect(bleed.x + bleed.w).toBeGreaterThanOrEqual(trim.x + trim.w - TOL);
    });
  });

  it("keeps crop marks, cut lines, outlines, footer and ruler at least 5 mm inside the paper", () => {
    const { geo } = measured.get(c.name)!;
    geo.forEach((g, i) => {
      expect(g.marks.length, `page ${i + 1} has a footer`).toBeGreaterThan(0);
      for (const m of [...g.marks, ...g.outlines]) {
        expect(edgeDistance(m, g), `page ${i + 1}: mark at ${m.x.toFixed(1)},${m.y.toFixed(1)} ${m.w.toFixed(1)}×${m.h.toFixed(1)}`).toBeGreaterThanOrEqual(PRINT_MARGIN - 0.2);
      }
      // The footer names the page; its ruler says how to print.
      expect(g.text).toContain(`page ${i + 1}/${geo.length}`);
    });
  });

  it("marks every cut: each edge of every card, board and tile (fold: of the fronts) has a crop mark on its line", () => {
    const { pages, geo } = measured.get(c.name)!;
    let checked = 0;
    geo.forEach((g, i) => {
      const page = pages[i];
      if (page.side !== "front") return;
      const marks = cropMarksOf(g);
      const fold = folded(page) ? g.width / 2 : Infinity;
      for (const p of page.placements.filter((q) => !q.outline && q.x + q.w <= fold + TOL)) {
        for (const x of [p.x, p.x + p.w])
          expect(marks.vertical.some((m) => Math.abs(m - x) < TOL), `page ${i + 1}: no crop mark on the cut x = ${x.toFixed(2)} of ${p.face}`).toBe(true);
        for (const y of [p.y, p.y + p.h])
          expect(marks.horizontal.some((m) => Math.abs(m - y) < TOL), `page ${i + 1}: no crop mark on the cut y = ${y.toFixed(2)} of ${p.face}`).toBe(true);
        checked++;
      }
    });
    if (!c.alignment) expect(checked).toBeGreaterThan(0);
  });

  it("prints the footer and ruler over no art or bleed (the band they stand in is clear of every piece)", () => {
    const { pages, geo } = measured.get(c.name)!;
    geo.forEach((g, i) => {
      const footer = g.runs.find((r) => r.text.includes(`page ${i + 1}/${geo.length}`));
      const ruler = g.runs.find((r) => r.text.includes("10 mm ruler"));
      expect(footer && ruler, `page ${i + 1} has its footer and ruler`).toBeTruthy();
      const apart = footer!.box.x + footer!.box.w <= ruler!.box.x + TOL || ruler!.box.x + ruler!.box.w <= footer!.box.x + TOL || footer!.box.y + footer!.box.h <= ruler!.box.y || ruler!.box.y + ruler!.box.h <= footer!.box.y;
      expect(apart, `page ${i + 1}: the footer "${footer!.text}" runs into "${ruler!.text}"`).toBe(true);
      // A two-sided run names its flip edge on every page: backs reprinted on the other edge stand turned (issue 40).
      if (c.print.layout !== "fold") expect(ruler!.text).toContain(`${c.print.duplex}-edge duplex`);
      // The band: from the top of the footer text down to the ruler's bar beneath it.
      const top = Math.min(footer!.box.y, ruler!.box.y);
      const bottom = Math.max(footer!.box.y, ruler!.box.y) + FOOTER_BAND;
      const band = g.marks.filter((m) => m.y >= top - TOL && m.y + m.h <= bottom + TOL);
      for (const m of band)
        for (const p of g.pieces) {
          const overlaps = m.x < p.x + p.w - TOL && p.x < m.x + m.w - TOL && m.y < p.y + p.h - TOL && p.y < m.y + m.h - TOL;
          expect(overlaps, `page ${i + 1} (${pages[i].side}): footer at ${m.x.toFixed(1)},${m.y.toFixed(1)} over art ${p.x.toFixed(1)},${p.y.toFixed(1)} ${p.w.toFixed(1)}×${p.h.toFixed(1)}`).toBe(false);
        }
    });
  });

  it("cuts through no piece: no crop mark's line (a trimmer cuts the whole sheet) crosses any piece's trim", () => {
    const { pages, geo } = measured.get(c.name)!;
    geo.forEach((g, i) => {
      const page = pages[i];
      if (page.side !== "front") return;
      const marks = cropMarksOf(g);
      for (const p of page.placements) {
        const x = marks.vertical.find((m) => p.x + TOL < m && m < p.x + p.w - TOL);
        const y = marks.horizontal.find((m) => p.y + TOL < m && m < p.y + p.h - TOL);
        expect(x, `page ${i + 1}: the cut x = ${x?.toFixed(2)} runs through ${p.face}`).toBeUndefined();
        expect(y, `page ${i + 1}: the cut y = ${y?.toFixed(2)} runs through ${p.face}`).toBeUndefined();
      }
    });
  });

  it("prints bleed beyond every outer cut: cards and boards past the TrimBox, tokens past their outline", () => {
    const { pages, geo } = measured.get(c.name)!;
    const need = Math.min(3, c.print.bleedMm) - TOL;
    geo.forEach((g, i) => {
      if (pages[i].side === "blank") return;
      const trim = g.trimBox!;
      const art = unionBox(g.pieces);
      expect(trim.x - art.x).toBeGreaterThanOrEqual(need);
      expect(trim.y - art.y).toBeGreaterThanOrEqual(need);
      expect(art.x + art.w - trim.x - trim.w).toBeGreaterThanOrEqual(need);
      expect(art.y + art.h - trim.y - trim.h).toBeGreaterThanOrEqual(need);
      // A token's art (its own, or with the other slices of its disc) reaches `bleed` beyond
      // its cut outline on every side.
      for (const o of g.outlines) {
        const overlapping = g.pieces.filter((p) => p.x < o.x + o.w && o.x < p.x + p.w && p.y < o.y + o.h && o.y < p.y + p.h);
        const art = unionBox(overlapping);
        const around = o.x - art.x >= need && o.y - art.y >= need && art.x + art.w - o.x - o.w >= need && art.y + art.h - o.y - o.h >= need;
        expect(around, `page ${i + 1}: outline at ${o.x.toFixed(1)},${o.y.toFixed(1)} without bleed`).toBe(true);
      }
    });
  });

  if (c.print.bleedLayout) {
    it("shows each card's full requested bleed on every side in the bleed layout", () => {
      const { pages, geo } = measured.get(c.name)!;
      let checked = 0;
      pages.forEach((page, i) => {
        for (const p of page.placements.filter((q) => q.outline === false && q.clip.shape.type === "rect" && q.window === undefined)) {
          const clip = geo[i].pieces.find((b) => Math.abs(b.x - (p.x - c.print.bleedMm)) < TOL && Math.abs(b.y - (p.y - c.print.bleedMm)) < TOL);
          expect(clip, `page ${i + 1}: ${p.face} without its bleed`).toBeDefined();
          expect(clip!.w).toBeCloseTo(p.w + 2 * c.print.bleedMm, 1);
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(0);
    });
  }
});

it("the art carries exactly the 1/8 in bleed the default shows", () => {
  expect(DEFAULT_PRINT.bleedMm).toBe(BLEED_MM);
  expect(BLEED_MM).toBeCloseTo(25.4 / 8, 6);
});
