/**
 * Memo of the save's scripting zones (ScriptingTrigger objects, `zone/<area id>`, see
 * layout.ts `tableAreas`) the script finds by note. The play zone is named by GUID in SYZYGY_CONFIG
 * too (the script uses that); its note is here for the save's tests.
 */
export const PLAY_ZONE_NOTE = "zone/play";

/** The zone where `color` lays out a meld before declaring it (games whose adapter adds meld areas). */
export function meldZoneNote(color: string): string {
  return "zone/meld-stage/" + color;
}
