/**
 * No sheet of paper for a one-sided piece that could share one (issue 27, defect 6): Eclipsed's
 * meter board and its two one-sided reference sheets, measured in the PDF a player prints — the
 * page count, what each page holds (the pieces' art boxes, by size) and where, duplex registration
 * of what is printed behind, and the 5 mm print margin.
 */
import { describe, expect, it } from "vitest";
import { printDocument, printPages, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS, PRINT_MARGIN, clearOfCuts, type Page, type Paper } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { BLEED_MM } from "../src/render/types";
import { pageGeometry, type Box, type PageGeometry } from "./pdf-geometry";
import { longOr } from "./long";
import { game, templates } from "./render-support";
import { DATA_GAMES } from "./games";

const B = BLEED_MM;
/** Art boxes of Eclipsed's pieces, mm: boards and sheets bleed on every side; cards that touch share a cut, so only their outer edges bleed. */
const SIZES = { board: [180, 60], reference: [180, 250] } as const;
type What = "card" | keyof typeof SIZES | "other";

function whatIs(b: Box): What {
  for (const [name, [w, h]] of Object.entries(SIZES)) if (Math.abs(b.w - (w + 2 * B)) < 0.05 && Math.abs(b.h - (h + 2 * B)) < 0.05) return name as What;
  const within = (v: number, trim: number): boolean => v > trim - 0.05 && v < trim + 2 * B + 0.05;
  return within(b.w, 63.5) && within(b.h, 88.9) ? "card" : "other";
}

const count = (p: PageGeometry, what: What): number => p.pieces.filter((b) => whatIs(b) === what).length;
// PDF coordinates are rounded to 0.01 pt: touching boxes may overlap by that much.
const disjoint = (a: Box, b: Box): boolean => a.x + a.w <= b.x + 0.01 || b.x + b.w <= a.x + 0.01 || a.y + a.h <= b.y + 0.01 || b.y + b.h <= a.y + 0.01;

let art: Map<string, string> | undefined;

async function printed(paper: Paper): Promise<PageGeometry[]> {
  const g = game("eclipsed");
  const doc = printDocument(g, paper, DEFAULT_PRINT);
  art ??= new Map(renderSides(g, templates()).sides.map((s) => [s.key, s.svg]));
  return pageGeometry(await writePdf(doc.pages, art, { title: doc.title, footer: g.title, paper, duplex: "long", outline: doc.outline }));
}

/**
 * Sheets after the contents sheet: front and back pages. `minimum`: card sheets, then the fewest
 * sheets the board and the two reference pages can take on this paper.
 */
const CASES: { paper: Paper; cardsPerSheet: number; boardWithCards: boolean; boardWithReference: boolean }[] = [
  // A4: 2 free card cells (127 mm) are narrower than the 180 mm board, and a 250 mm reference page
  // leaves no room for it: the board has a sheet, the two reference pages share one.
  { paper: PAPERS.a4, cardsPerSheet: 9, boardWithCards: false, boardWithReference: false },
  // Letter: the last card sheet's empty cells are offered one by one (the cut between two cells
  // would slice a piece across both), so the 180 mm board takes a sheet of its own.
  { paper: PAPERS.letter, cardsPerSheet: 8, boardWithCards: false, boardWithReference: false },
  // A3: a reference page beside the board would be crossed by the board's cuts (a trimmer cuts the
  // whole sheet along each crop mark): each has its own sheet.
  { paper: PAPERS.a3, cardsPerSheet: 18, boardWithCards: false, boardWithReference: false },
];

// npm test: A4; npm run test:long: every paper.
describe.each(longOr(CASES, (c) => c.paper.id === "a4"))("Eclipsed $paper.id: board and reference sheets packed", ({ paper, cardsPerSheet, boardWithCards, boardWithReference }) => {
  let pages: PageGeometry[] = [];
  const load = async (): Promise<PageGeometry[]> => (pages.length > 0 ? pages : (pages = await printed(paper)));

  it("page count: contents sheet, card sheets, and only the sheets the one-sided pieces need", async () => {
    const p = await load();
    const cardSheets = Math.ceil(52 / cardsPerSheet);
    const extra = boardWithCards || boardWithReference ? 1 : 2;
    expect(p.length).toBe(2 * (1 + cardSheets + extra));
    expect(p.reduce((n, x) => n + count(x, "card"), 0)).toBe(2 * 52); // faces and backs
    expect(p.flatMap((x) => x.pieces).filter((b) => whatIs(b) === "other")).toHaveLength(2); // the meter marker, front and back
  });

  it("the two reference pages are the front and back of one sheet, exactly behind each other (long-edge duplex)", async () => {
    const p = await load();
    const at = p.flatMap((x, i) => x.pieces.filter((b) => whatIs(b) === "reference").map((b) => ({ i, b })));
    expect(at).toHaveLength(2);
    const [front, back] = at;
    expect(front.i % 2).toBe(0); // a front page (0-based even)
    expect(back.i).toBe(front.i + 1);
    // Long edge vertical on a portrait page: the back mirrors left-right.
    const pageW = p[front.i].width;
    expect(Math.abs(back.b.x - (pageW - front.b.x - front.b.w))).toBeLessThan(0.01);
    expect(Math.abs(back.b.y - front.b.y)).toBeLessThan(0.01);
    expect(p[back.i].text).toMatch(/Reference Sheets \(on the back\)/);
  });

  it("the meter board's sheet: alone, with the last cards, or beside a reference page, as the paper allows", async () => {
    const p = await load();
    const i = p.findIndex((x) => count(x, "board") > 0);
    expect(p.filter((x) => count(x, "board") > 0)).toHaveLength(1);
    expect(count(p[i], "card") > 0).toBe(boardWithCards);
    expect(count(p[i], "reference") > 0).toBe(boardWithReference);
    // Nothing is printed behind a board, unless cards or a reference share its sheet.
    if (!boardWithCards && !boardWithReference) expect(p[i + 1].pieces).toEqual([]);
  });

  it("a board's or reference page's art overlaps no other piece's, and every mark stays 5 mm inside the paper", async () => {
    const p = await load();
    let packed = 0;
    for (const [n, x] of p.entries()) {
      // (Two cards' bleeds may meet in the corner of an empty cell: both are cut away.)
      for (const a of x.pieces.filter((b) => whatIs(b) === "board" || whatIs(b) === "reference")) {
        for (const b of x.pieces.filter((o) => o !== a)) expect(disjoint(a, b), `page ${n + 1}`).toBe(true);
        packed += x.pieces.length - 1;
      }
      for (const m of x.marks) {
        expect(Math.min(m.x, m.y, x.width - m.x - m.w, x.height - m.y - m.h), `page ${n + 1}`).toBeGreaterThanOrEqual(PRINT_MARGIN - 0.01);
      }
    }
    // Letter and A3 print the board beside other pieces: the check saw them.
    expect(packed > 0).toBe(boardWithCards || boardWithReference);
  });
});

describe("one-sided pages printed back to back wherever they can be (every game and paper)", () => {
  const sheetsOf = (pages: Page[]): { front: Page; back: Page }[] => {
    const out: { front: Page; back: Page }[] = [];
    for (let i = 0; i < pages.length; i += 2) out.push({ front: pages[i], back: pages[i + 1] });
    return out;
  };
  const oneSidedOnly = (p: Page, g: ReturnType<typeof game>): boolean =>
    p.placements.length > 0 && p.placements.every((x) => ["board", "sheet"].includes(g.components.find((c) => x.face.startsWith(`${c.id}/`))!.kind));
  it("one-sided pieces share a sheet only where no cut of one runs through the other (A3: Lunar Trick's moon phase sheet and reference sheet, whose cuts would cross, each get a sheet)", () => {
    const together = (id: string, opts: typeof DEFAULT_PRINT, a: string, b: string): Page[] =>
      printPages(game(id), PAPERS.a3, opts).filter((p) => p.placements.some((x) => x.face.startsWith(`${a}/`)) && p.placements.some((x) => x.face.startsWith(`${b}/`)));
    expect(together("lunar-trick", DEFAULT_PRINT, "moon-phase-sheet", "reference")).toEqual([]);
    expect(together("eclipsed", { ...DEFAULT_PRINT, layout: "fold" }, "meter-track", "reference")).toEqual([]);
    // Where one-sided pieces do share a page, neither crosses the other's cuts (a trimmer cuts the whole sheet).
    for (const id of DATA_GAMES)
      for (const paper of Object.values(PAPERS))
        for (const page of printPages(game(id), paper, DEFAULT_PRINT).filter((p) => p.side === "front")) {
          const marked = page.placements.filter((x) => !x.outline);
          for (const [i, p] of marked.entries()) expect(clearOfCuts(marked.filter((_, j) => j !== i), p, true), `${id} ${paper.id}: ${p.face}`).toBe(true);
        }
  });

  /** Per game and paper, the sheets with a blank back that hold one-sided pieces only. */
  const loneSheets = new Map<string, { paper: string; sizes: string[] }[]>();
  const lonesOf = (id: string): { paper: string; sizes: string[] }[] => {
    if (!loneSheets.has(id)) {
      const g = game(id);
      loneSheets.set(
        id,
        Object.values(PAPERS).map((paper) => ({
          paper: paper.id,
          sizes: sheetsOf(printPages(g, paper, DEFAULT_PRINT))
            .filter((s) => s.back.side === "blank" && oneSidedOnly(s.front, g))
            .flatMap((s) => s.front.placements.map((x) => `${x.w}×${x.h}`)),
        })),
      );
    }
    return loneSheets.get(id)!;
  };

  it.each(DATA_GAMES)("%s: no sheet with a blank back holds a one-sided piece the size of one on another such sheet", (id) => {
    for (const { paper, sizes } of lonesOf(id)) expect(new Set(sizes).size, `${id} ${paper}: ${sizes.join(", ")}`).toBe(sizes.length);
  });

  it("the check sees one-sided pieces on sheets with blank backs (some game of data/ has them)", () => {
    expect(DATA_GAMES.flatMap((id) => lonesOf(id).flatMap((l) => l.sizes)).length).toBeGreaterThan(0);
  });
});
