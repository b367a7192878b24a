/** Kind → imposition table: how each kind of component is laid out on printed pages. */
import type { ComponentKind, RenderComponent } from "../types";
import type { Page, Paper, PrintOptions } from "../page";
import { imposeCards } from "./card";
import { imposeTokens } from "./token";
import { imposeBoards } from "./board";

export type Impose = (component: RenderComponent, paper: Paper, opts: PrintOptions) => Page[];

export const IMPOSERS: Record<ComponentKind, Impose> = {
  card: imposeCards,
  token: imposeTokens,
  board: imposeBoards,
  sheet: imposeBoards,
};
