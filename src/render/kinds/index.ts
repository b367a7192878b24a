/** Kind → imposition table: how each kind of component is laid out on printed sheets. */
import type { ComponentKind, RenderComponent } from "../types";
import { duplexSequence, grow, keepBackInside, pageSize, union, bleedRect, type Page, type Paper, type PrintOptions, type Sheet } from "../page";
import { imposeCardGroup, imposeCards } from "./card";
import { imposeTokenGroup, imposeTokens } from "./token";
import { imposeBoards, imposeOneSided } from "./board";

export type Impose = (component: RenderComponent, paper: Paper, opts: PrintOptions) => Sheet[];

export const IMPOSERS: Record<ComponentKind, Impose> = {
  card: imposeCards,
  token: imposeTokens,
  board: imposeBoards,
  sheet: imposeBoards,
};

/** TrimBox and BleedBox of a printed page: the union of its pieces, and of their bleed. */
function boxPage(page: Page, paper: Paper): Page {
  if (page.placements.length === 0) return { ...page, trim: undefined, bleed: undefined };
  const size = pageSize(paper, page.landscape);
  const trim = union(page.placements);
  const art = union(page.placements.map((p) => bleedRect(p)));
  return { ...page, trim, bleed: grow(art, 0, size) };
}

/**
 * Every component's sheets in game order. Card components of the same size are imposed together
 * where the first of them stands; so are all one-sided pieces (boards and sheets), where the
 * first of them stands: into the space the sheets before them left free, behind each other and
 * onto shared sheets. All tokens are packed last, into the space the other sheets left free first. Then the two-sided sequence: each front page followed by its back, or by a
 * blank page when nothing is printed behind it, so a duplex run keeps every back behind its front.
 */
export function imposeSheets(components: RenderComponent[], paper: Paper, opts: PrintOptions): Sheet[] {
  const sheets: Sheet[] = [];
  const done = new Set<RenderComponent>();
  for (const c of components) {
    if (done.has(c) || c.kind === "token") continue;
    const group = c.kind === "card" ? components.filter((o) => o.kind === "card" && o.width === c.width && o.height === c.height) : components.filter((o) => o.kind === "board" || o.kind === "sheet");
    for (const o of group) done.add(o);
    sheets.push(...(c.kind === "card" ? imposeCardGroup(group, paper, opts) : imposeOneSided(group, paper, opts, sheets)));
  }
  const tokens = components.filter((o) => o.kind === "token");
  if (tokens.length > 0) sheets.push(...imposeTokenGroup(tokens, paper, opts, sheets));
  return sheets;
}

/** The pages of a two-sided print run of `sheets` (one-sided for fold-and-glue), with their page boxes. */
export function printSequence(sheets: Sheet[], paper: Paper, opts?: PrintOptions): Page[] {
  if (opts?.layout === "fold") return sheets.map((s) => boxPage(s.front, paper));
  const offset = opts?.backOffset ?? { x: 0, y: 0 };
  return duplexSequence(sheets).map((p) => boxPage(p.side === "back" ? keepBackInside(p, pageSize(paper, p.landscape), offset) : p, paper));
}

export function imposeAll(components: RenderComponent[], paper: Paper, opts: PrintOptions): Page[] {
  return printSequence(imposeSheets(components, paper, opts), paper, opts);
}
