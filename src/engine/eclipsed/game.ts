/** Eclipsed as one definition (src/games/definition.ts): engine, table adapter, data schemas. */
import type { GameDefinition } from "../../games/definition";
import { eclipsed } from "./index";
import { schemas } from "./schema";
import { table } from "./table";

export const definition: GameDefinition = {
  id: "eclipsed",
  name: "Eclipsed",
  summary: "a meld game with Edicts, for 2–4 players",
  engine: eclipsed,
  table: table,
  schemas: (kit) => schemas(kit),
};
