/** Table adapters by game id; games without one use the conventional view fields. */
import { lunarTrickTable } from "./lunar-trick";
import { solarEclipseTable } from "./solar-eclipse";
import { eclipsedTable } from "./eclipsed";
import { defaultTableRules, type TableRules } from "./rules";

export function rulesFor(game: string): TableRules {
  if (game === "lunar-trick") return lunarTrickTable;
  if (game === "solar-eclipse") return solarEclipseTable;
  if (game === "eclipsed") return eclipsedTable;
  return defaultTableRules;
}
