/** Lunar Trick as one definition (src/games/definition.ts): engine, table adapter, data schemas. */
import type { GameDefinition } from "../../games/definition";
import { lunarTrick } from "./index";
import { schemas } from "./schema";
import { table } from "./table";

export const definition: GameDefinition = {
  id: "lunar-trick",
  name: "Lunar Trick",
  summary: "trick taking for 3–4 players, suits set by markers on a moon phase sheet",
  engine: lunarTrick,
  table: table,
  schemas: (kit) => schemas(kit),
};
