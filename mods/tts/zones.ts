/**
 * GMNotes of the save's scripting zones (ScriptingTrigger objects, `zone/<area id>`, see
 * layout.ts `tableAreas`) the script finds by note. The play zone is named by GUID in SYZYGY_CONFIG.
 */

/** The zone where `color` lays out a meld before pressing Declare meld (Eclipsed). */
export function meldZoneNote(color: string): string {
  return "zone/meld-stage/" + color;
}
