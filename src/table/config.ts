/**
 * What the save builder tells the script about its save: it prepends
 * `SYZYGY_CONFIG = {...}` (a Lua table literal) to the LuaScript (src/tts/script.ts writes it,
 * mods/tts/config.ts reads it).
 */
export interface SaveConfig {
  /** Game id (the data folder's name). */
  game: string;
  /** Every card the engine deals, by id (the cards' Memo). */
  deck: string[];
  /** GUID of the play zone (ScriptingTrigger). */
  playZone: string;
}
