/** Kind → imposition table: how each kind of component is laid out on printed pages. */
import type { ComponentKind, RenderComponent } from "../types";
import type { Page, Paper, PrintOptions } from "../page";
import { imposeCardGroup, imposeCards } from "./card";
import { imposeTokenGroup, imposeTokens } from "./token";
import { imposeBoards } from "./board";

export type Impose = (component: RenderComponent, paper: Paper, opts: PrintOptions) => Page[];

export const IMPOSERS: Record<ComponentKind, Impose> = {
  card: imposeCards,
  token: imposeTokens,
  board: imposeBoards,
  sheet: imposeBoards,
};

/**
 * Every component's pages in game order. Card components of the same size, and all token
 * components, are imposed together where the first of them stands, so small ones share pages
 * instead of each starting a new sheet.
 */
export function imposeAll(components: RenderComponent[], paper: Paper, opts: PrintOptions): Page[] {
  const pages: Page[] = [];
  const done = new Set<RenderComponent>();
  for (const c of components) {
    if (done.has(c)) continue;
    if (c.kind === "card") {
      const group = components.filter((o) => o.kind === "card" && o.width === c.width && o.height === c.height);
      for (const o of group) done.add(o);
      pages.push(...imposeCardGroup(group, paper, opts));
    } else if (c.kind === "token") {
      const group = components.filter((o) => o.kind === "token");
      for (const o of group) done.add(o);
      pages.push(...imposeTokenGroup(group, paper, opts));
    } else pages.push(...IMPOSERS[c.kind](c, paper, opts));
  }
  return pages;
}
