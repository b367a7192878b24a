/**
 * GMNotes of the save's scripting zones (ScriptingTrigger objects) the script reads, so it finds
 * them among the save's objects by note. The play zone is also named by GUID in SYZYGY_CONFIG.
 */
export const PLAY_ZONE_NOTE = "zone/play";

/** The zone where `color` lays out a meld before pressing Declare meld (Eclipsed). */
export function meldZoneNote(color: string): string {
  return "zone/meld-stage/" + color;
}
