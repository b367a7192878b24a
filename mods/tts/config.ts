/**
 * What the save builder tells the script about its save: it prepends
 * `SYZYGY_CONFIG = {...}` (a Lua table literal) to the LuaScript.
 */
export interface SaveConfig {
  /** Engine id, e.g. "lunar-trick". */
  game: string;
  /** Every card the engine deals, by id (the cards' GMNotes). */
  deck: string[];
  /** GUID of the play zone (ScriptingTrigger). */
  playZone: string;
  /** Seconds a finished trick stays on the table before it is collected. */
  trickPause: number;
}

declare const SYZYGY_CONFIG: SaveConfig;

export function saveConfig(): SaveConfig {
  return SYZYGY_CONFIG;
}
