/** Solar Eclipse as one definition (src/games/definition.ts): engine, table adapter, data schemas. */
import type { GameDefinition } from "../../games/definition";
import { solarEclipse } from "./index";
import { schemas } from "./schema";
import { table } from "./table";

export const definition: GameDefinition = {
  id: "solar-eclipse",
  name: "Solar Eclipse",
  summary: "2-card trick taking with bids, for 2–3 players",
  engine: solarEclipse,
  table: table,
  schemas: (kit) => schemas(kit),
};
