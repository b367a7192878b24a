/**
 * Page imposition (src/render/kinds, page.ts): true-size grids, duplex mirroring for both flip
 * edges, back offset, bleed layout, tiling of boards larger than the paper, pie tokens.
 */
import { describe, expect, it } from "vitest";
import { imposeCardGroup, imposeCards, gridFor } from "../src/render/kinds/card";
import { imposeAll } from "../src/render/kinds/index";
import { imposeBoards, TILE_OVERLAP } from "../src/render/kinds/board";
import { imposeTokenGroup, imposeTokens } from "../src/render/kinds/token";
import { DEFAULT_PRINT, PAPERS, PRINT_MARGIN, pageSize, type Page, type Sheet } from "../src/render/page";

/** Front and back pages of sheets, in order (blank backs left out). */
const flat = (sheets: Sheet[]): Page[] => sheets.flatMap((s) => (s.back ? [s.front, s.back] : [s.front]));

import type { RenderComponent } from "../src/render/types";
import { DATA_GAMES } from "./games";
import { game } from "./render-support";

function cards(n: number, extra: Partial<RenderComponent> = {}): RenderComponent {
  return {
    id: "deck",
    kind: "card",
    title: "Deck",
    width: 63.5,
    height: 88.9,
    shape: { type: "rect" },
    faceTemplate: "face",
    backTemplate: "back",
    values: {},
    items: Array.from({ length: n }, (_, i) => ({ id: `c${i}`, copies: 1, values: {} })),
    ...extra,
  };
}

const within = (p: Page, paper: keyof typeof PAPERS): boolean => {
  const size = pageSize(PAPERS[paper], p.landscape);
  return p.placements.every((q) => q.x >= 0 && q.y >= 0 && q.x + q.w <= size.w + 1e-9 && q.y + q.h <= size.h + 1e-9);
};

describe("card grids", () => {
  // Letter's 279.4 mm leave 6.35 mm above and below three rows: no room for marks inside the
  // 5 mm print margin, so Letter takes 4×2 landscape (room on every side).
  const expected = { a4: [3, 3, false], letter: [4, 2, true] } as const;
  it("puts poker cards at true size: 3×3 portrait on A4, 4×2 landscape on Letter", () => {
    for (const paper of ["a4", "letter"] as const) {
      const g = gridFor(cards(9), PAPERS[paper], DEFAULT_PRINT);
      expect([g.cols, g.rows, g.landscape]).toEqual(expected[paper]);
      const [front, back] = flat(imposeCards(cards(9), PAPERS[paper], DEFAULT_PRINT));
      expect(front.placements).toHaveLength(g.cols * g.rows);
      expect(front.placements.every((p) => p.w === 63.5 && p.h === 88.9)).toBe(true);
      expect(within(front, paper)).toBe(true);
      expect(back.label).toContain("backs");
      // Crop marks stay outside the cards.
      const t = front.trim!;
      for (const l of front.lines) {
        const inside = (x: number, y: number): boolean => x > t.x + 0.01 && x < t.x + t.w - 0.01 && y > t.y + 0.01 && y < t.y + t.h - 0.01;
        expect(inside(l.x1, l.y1) || inside(l.x2, l.y2)).toBe(false);
      }
    }
  });

  it("bleed layout is landscape (8-up A4, 6-up Letter) with every card's full bleed inside the page", () => {
    for (const paper of ["a4", "letter"] as const) {
      const opts = { ...DEFAULT_PRINT, bleedLayout: true };
      const [front] = flat(imposeCards(cards(8), PAPERS[paper], opts));
      expect(front.landscape).toBe(true);
      expect(front.placements).toHaveLength(paper === "a4" ? 8 : 6);
      expect(front.placements[0].clip.sides).toEqual({ top: opts.bleedMm, right: opts.bleedMm, bottom: opts.bleedMm, left: opts.bleedMm });
      expect(front.placements[0].clip.grow).toBeGreaterThan(2);
      const size = pageSize(PAPERS[paper], true);
      for (const p of front.placements) {
        expect(p.x - p.clip.grow).toBeGreaterThanOrEqual(0);
        expect(p.x + p.w + p.clip.grow).toBeLessThanOrEqual(size.w);
      }
      // Neighbouring cards' visible bleed never overlaps.
      expect(front.placements[1].x - (front.placements[0].x + front.placements[0].w)).toBeGreaterThanOrEqual(2 * front.placements[0].clip.grow - 1e-9);
    }
  });

  it("cut-lines option adds lines across the page, broken where the cards' art is", () => {
    const plain = flat(imposeCards(cards(9), PAPERS.a4, DEFAULT_PRINT))[0];
    const cut = flat(imposeCards(cards(9), PAPERS.a4, { ...DEFAULT_PRINT, cutLines: true }))[0];
    expect(plain.lines.some((l) => l.kind === "cut")).toBe(false);
    const full = cut.lines.filter((l) => l.kind === "cut");
    // 4 vertical cut positions, each a line above and below the grid's art. A4's 3 × 3 grid leaves
    // under 3 mm between the side margins and the art: no room for horizontal lines there (the
    // crop marks, on their white underlay, mark those cuts).
    expect(new Set(full.filter((l) => l.x1 === l.x2).map((l) => l.x1)).size).toBe(4);
    expect(full.filter((l) => l.y1 === l.y2)).toEqual([]);
    expect(full).toHaveLength(8);
    // From the 5 mm print margin, and down to the footer.
    expect(full.some((l) => l.y1 === 5)).toBe(true);
    expect(full.some((l) => l.y2 === 297 - 5 - 4.5)).toBe(true);
  });
});

describe("duplex backs", () => {
  it("long-edge flip mirrors the columns: each back sits behind its own front", () => {
    const [front, back] = flat(imposeCards(cards(2), PAPERS.a4, DEFAULT_PRINT));
    expect(back.placements).toHaveLength(2);
    const W = 210;
    front.placements.forEach((f, i) => {
      const b = back.placements[i];
      expect(b.x).toBeCloseTo(W - f.x - f.w, 6);
      expect(b.y).toBeCloseTo(f.y, 6);
    });
  });

  it("short-edge flip mirrors the rows", () => {
    const [front, back] = flat(imposeCards(cards(4), PAPERS.a4, { ...DEFAULT_PRINT, duplex: "short" }));
    const H = 297;
    front.placements.forEach((f, i) => {
      const b = back.placements[i];
      expect(b.x).toBeCloseTo(f.x, 6);
      expect(b.y).toBeCloseTo(H - f.y - f.h, 6);
    });
  });

  it("on landscape (bleed layout) pages the long edge is horizontal: long-edge flip mirrors the rows", () => {
    const [front, back] = flat(imposeCards(cards(8), PAPERS.a4, { ...DEFAULT_PRINT, bleedLayout: true, duplex: "long" }));
    expect(front.landscape).toBe(true);
    const H = 210;
    front.placements.forEach((f, i) => {
      expect(back.placements[i].x).toBeCloseTo(f.x, 6);
      expect(back.placements[i].y).toBeCloseTo(H - f.y - f.h, 6);
    });
    const [f2, b2] = flat(imposeCards(cards(8), PAPERS.a4, { ...DEFAULT_PRINT, bleedLayout: true, duplex: "short" }));
    f2.placements.forEach((f, i) => expect(b2.placements[i].x).toBeCloseTo(297 - f.x - f.w, 6));
  });

  it("the back offset shifts every back and nothing on the front", () => {
    const base = flat(imposeCards(cards(9), PAPERS.letter, DEFAULT_PRINT));
    const moved = flat(imposeCards(cards(9), PAPERS.letter, { ...DEFAULT_PRINT, backOffset: { x: 1.5, y: -0.5 } }));
    expect(moved[0].placements).toEqual(base[0].placements);
    moved[1].placements.forEach((p, i) => {
      expect(p.x - base[1].placements[i].x).toBeCloseTo(1.5, 6);
      expect(p.y - base[1].placements[i].y).toBeCloseTo(-0.5, 6);
    });
  });

  it.each(DATA_GAMES)("%s: --back-offset never moves a back's trim within the 5 mm margin (clamped, with a warning); a small one shifts exactly", (id) => {
    for (const paper of [PAPERS.a4, PAPERS.letter]) {
      const base = imposeAll(game(id).components, paper, { ...DEFAULT_PRINT, bleedMm: 0 });
      for (const offset of [{ x: 1, y: -0.5 }, { x: -8, y: 8 }]) {
        const moved = imposeAll(game(id).components, paper, { ...DEFAULT_PRINT, bleedMm: 0, backOffset: offset });
        let warned = 0;
        moved.forEach((page, i) => {
          if (page.side !== "back") return expect(page.placements).toEqual(base[i].placements);
          const size = pageSize(paper, page.landscape);
          const edge = (r: { x: number; y: number; w: number; h: number }): number => Math.min(r.x, r.y, size.w - r.x - r.w, size.h - r.y - r.h);
          page.placements.forEach((p, j) => expect(edge(p), `${id} ${paper.id} page ${i + 1}: ${p.face}`).toBeGreaterThanOrEqual(Math.min(PRINT_MARGIN, edge(base[i].placements[j])) - 1e-6));
          const shift = { x: page.placements[0].x - base[i].placements[0].x, y: page.placements[0].y - base[i].placements[0].y };
          if (page.warning === undefined) expect(shift).toEqual({ x: expect.closeTo(offset.x, 6), y: expect.closeTo(offset.y, 6) });
          else {
            warned++;
            expect(page.warning).toContain(`--back-offset ${offset.x},${offset.y} would put ${page.label} within 5 mm of the paper edge`);
          }
        });
        if (offset.x === -8) expect(warned, `${id} ${paper.id}: 8 mm always reaches the margin`).toBeGreaterThan(0);
      }
    }
  });

  it("per-item backs use the item's own back; one-sided components get no back pages", () => {
    const two = cards(1, { backTemplate: undefined, items: [{ id: "status", copies: 1, values: {}, backTemplate: "other" }] });
    const pages = flat(imposeCards(two, PAPERS.a4, DEFAULT_PRINT));
    expect(pages[1].placements[0].face).toBe("deck/status.back");
    const oneSided = cards(3, { backTemplate: undefined });
    expect(flat(imposeCards(oneSided, PAPERS.a4, DEFAULT_PRINT))).toHaveLength(1);
  });

  it("copies fill pages in order: 20 cards → 3 front pages, each followed by its backs", () => {
    const pages = flat(imposeCards(cards(20), PAPERS.a4, DEFAULT_PRINT));
    expect(pages.map((p) => p.placements.length)).toEqual([9, 9, 9, 9, 2, 2]);
    expect(pages.map((p) => p.label.includes("backs"))).toEqual([false, true, false, true, false, true]);
  });
});

describe("small card components share pages", () => {
  // Like Lunar Trick: a 32-card deck, 8 dividers with the same back, one two-sided status card.
  const deck = cards(32, { id: "moon", title: "Moon Cards" });
  const dividers = cards(1, { id: "div", title: "Divider Cards", items: [{ id: "divider", copies: 8, values: {} }] });
  const status = cards(1, { id: "trump", title: "Trump Status Card", backTemplate: undefined, items: [{ id: "status", copies: 1, values: {}, backTemplate: "falling" }] });
  const boardC: RenderComponent = { ...cards(1), id: "sheet", kind: "board", title: "Sheet", width: 150, height: 150, backTemplate: undefined };
  /** The pages of deck + dividers + status, each front followed by its backs. */
  const groupLabels = [
    ...Array.from({ length: 3 }, () => ["Moon Cards", "Moon Cards (backs)"]).flat(),
    "Moon Cards + Divider Cards",
    "Moon Cards + Divider Cards (backs)",
    "Divider Cards + Trump Status Card",
    "Divider Cards + Trump Status Card (backs)",
  ];

  it("41 cards of three components take 5 front pages (not 4 + 1 + 1), each followed by its backs", () => {
    const pages = flat(imposeCardGroup([deck, dividers, status], PAPERS.a4, DEFAULT_PRINT));
    expect(pages.map((p) => p.placements.length)).toEqual([9, 9, 9, 9, 9, 9, 9, 9, 5, 5]);
    expect(pages.map((p) => p.label)).toEqual(groupLabels);
  });

  for (const duplex of ["long", "short"] as const) {
    it(`every back lands behind its own front on a shared page (${duplex}-edge flip), with its own back art`, () => {
      const pages = flat(imposeCardGroup([dividers, status], PAPERS.a4, { ...DEFAULT_PRINT, duplex }));
      expect(pages).toHaveLength(2);
      const [front, back] = pages;
      const size = pageSize(PAPERS.a4, false);
      expect(front.placements.map((p) => p.face)).toEqual([...Array(8).fill("div/divider"), "trump/status"]);
      for (let i = 0; i < front.placements.length; i++) {
        const f = front.placements[i];
        const b = back.placements[i];
        // Turned over the long (vertical) edge x mirrors; over the short edge y mirrors.
        if (duplex === "long") {
          expect(b.x).toBeCloseTo(size.w - f.x - f.w, 6);
          expect(b.y).toBeCloseTo(f.y, 6);
        } else {
          expect(b.x).toBeCloseTo(f.x, 6);
          expect(b.y).toBeCloseTo(size.h - f.y - f.h, 6);
        }
        expect(b.face).toBe(f.face === "trump/status" ? "trump/status.back" : "div/back");
      }
    });
  }

  it("a one-sided component on a shared page leaves its cell empty on the back page", () => {
    const oneSided = cards(2, { id: "plain", title: "Plain", backTemplate: undefined });
    const [front, back] = flat(imposeCardGroup([cards(3), oneSided], PAPERS.a4, DEFAULT_PRINT));
    expect(front.placements).toHaveLength(5);
    expect(back.placements.map((p) => p.face)).toEqual(["deck/back", "deck/back", "deck/back"]);
    expect(back.label).toBe("Deck (backs)");
  });

  it("imposeAll groups same-size card components where the first stands, other kinds and sizes stay apart", () => {
    const mini = cards(2, { id: "mini", title: "Mini Cards", width: 41, height: 63 });
    const pages = imposeAll([deck, boardC, dividers, mini, status], PAPERS.a4, DEFAULT_PRINT);
    // A one-sided sheet is followed by a blank page, so every later front lands on an odd page.
    expect(pages.map((p) => p.label)).toEqual([
      ...groupLabels,
      "Sheet",
      "back of “Sheet” — left blank",
      "Mini Cards",
      "Mini Cards (backs)",
    ]);
    expect(pages.map((p) => p.side)).toEqual([...groupLabels.map((_, i) => (i % 2 === 0 ? "front" : "back")), "front", "blank", "front", "back"]);
    expect(() => flat(imposeCardGroup([deck, mini], PAPERS.a4, DEFAULT_PRINT))).toThrow(/differ in size/);
  });
});

describe("boards, sheets and tokens", () => {
  const board = (w: number, h: number): RenderComponent => ({ ...cards(1), kind: "board", width: w, height: h, backTemplate: undefined });

  it("a board that fits is printed once at true size, centred, with crop marks", () => {
    const [page, ...rest] = flat(imposeBoards(board(190, 190), PAPERS.a4, DEFAULT_PRINT));
    expect(rest).toHaveLength(0);
    expect(page.placements[0]).toMatchObject({ w: 190, h: 190 });
    expect(page.lines.length).toBeGreaterThan(0);
  });

  it("a wide board turns the page to landscape when that makes it fit", () => {
    const [page] = flat(imposeBoards(board(260, 150), PAPERS.a4, DEFAULT_PRINT));
    expect(page.landscape).toBe(true);
  });

  it("a board larger than the paper is tiled with overlap strips that add up to the whole board", () => {
    const pages = flat(imposeBoards(board(400, 500), PAPERS.a4, DEFAULT_PRINT));
    expect(pages.length).toBeGreaterThan(1);
    const windows = pages.map((p) => p.placements[0].window!);
    const right = Math.max(...windows.map((w) => w.x + w.w));
    const bottom = Math.max(...windows.map((w) => w.y + w.h));
    expect(right).toBeCloseTo(400, 6);
    expect(bottom).toBeCloseTo(500, 6);
    // Horizontally adjacent tiles overlap by TILE_OVERLAP, and the overlap is marked.
    const [a, b] = windows;
    expect(a.x + a.w - b.x).toBeCloseTo(TILE_OVERLAP, 6);
    expect(pages[0].lines.some((l) => l.kind === "overlap")).toBe(true);
    for (const p of pages) expect(within(p, "a4")).toBe(true);
  });

  it("token components share pages: 3 markers and 4 discs of slices on one sheet, no overlaps, backs behind fronts", () => {
    const markers: RenderComponent = { ...cards(1), id: "m", title: "Moon Markers", kind: "token", width: 22, height: 22, shape: { type: "circle" }, items: [{ id: "m", copies: 3, values: {} }] };
    const pie: RenderComponent = { ...cards(1), id: "p", title: "Point Tokens", kind: "token", width: 40, height: 40, shape: { type: "pie", slices: 5 }, items: [{ id: "p", copies: 20, values: {} }] };
    const pages = flat(imposeTokenGroup([markers, pie], PAPERS.a4, DEFAULT_PRINT));
    expect(pages.map((p) => p.label)).toEqual(["Moon Markers + Point Tokens", "Moon Markers + Point Tokens (backs)"]);
    const [front, back] = pages;
    expect(front.placements).toHaveLength(23);
    expect(within(front, "a4") && within(back, "a4")).toBe(true);
    // One box per marker and per disc, none overlapping another (slices of a disc share its box).
    const boxes = [...new Map(front.placements.map((p) => [`${p.x},${p.y}`, p])).values()];
    expect(boxes).toHaveLength(3 + 4);
    for (const a of boxes) for (const b of boxes) {
      if (a === b) continue;
      expect(a.x + a.w <= b.x + 1e-9 || b.x + b.w <= a.x + 1e-9 || a.y + a.h <= b.y + 1e-9 || b.y + b.h <= a.y + 1e-9).toBe(true);
    }
    front.placements.forEach((f, i) => {
      expect(back.placements[i].x).toBeCloseTo(210 - f.x - f.w, 6);
      expect(back.placements[i].y).toBeCloseTo(f.y, 6);
    });
    // Content stays above the footer band.
    for (const p of front.placements) expect(p.y + p.h + DEFAULT_PRINT.bleedMm).toBeLessThanOrEqual(297 - 5 - 4.5 + 1e-9);
  });

  it("tokens flow onto a new page when a page is full", () => {
    const many: RenderComponent = { ...cards(1), kind: "token", width: 40, height: 40, shape: { type: "circle" }, items: [{ id: "t", copies: 30, values: {} }] };
    const pages = flat(imposeTokens(many, PAPERS.a4, DEFAULT_PRINT));
    // Boxes of 40 + 2 × 3.175 bleed + 1.5 gap: 4 per row on 200 mm, 5 rows on 297 − 5 − 5 − 4.5 mm: 20, then 10.
    expect(pages.filter((p) => !p.label.includes("backs")).map((p) => p.placements.length)).toEqual([20, 10]);
    for (const p of pages) expect(within(p, "a4")).toBe(true);
  });

  it("pie tokens are assembled into whole discs, slices rotated around the centre", () => {
    const pie: RenderComponent = { ...cards(1), kind: "token", width: 40, height: 40, shape: { type: "pie", slices: 5 }, items: [{ id: "p", copies: 20, values: {} }] };
    const [front, back] = flat(imposeTokens(pie, PAPERS.a4, DEFAULT_PRINT));
    expect(front.placements).toHaveLength(20);
    expect(front.placements.slice(0, 5).map((p) => p.rotate)).toEqual([0, 72, 144, 216, 288]);
    expect(new Set(front.placements.map((p) => `${p.x},${p.y}`)).size).toBe(4);
    expect(front.placements.every((p) => p.outline)).toBe(true);
    // Backs mirror position and rotation (long-edge flip).
    expect(back.placements[1].rotate).toBe(-72);
    expect(back.placements[0].x).toBeCloseTo(210 - front.placements[0].x - 40, 6);
  });
});
