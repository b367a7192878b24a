/**
 * Players may not destroy or duplicate the game's pieces: TTS asks onPlayerAction before a
 * player's action ("Return `false` to prevent the action's default behavior"), and Player.Action
 * names Delete ("Delete the targets"), Cut ("copy and delete"), Copy ("commence cloning"), Paste
 * ("spawn the targets") and Group. The session would otherwise wait for a card that is gone, or
 * meet a second copy of one.
 */
import { isContainer, type TableObject } from "./table";

/** The refused Player.Action names, each with the words the refusal uses. */
const REFUSED: { name: string; verb: string }[] = [
  { name: "Delete", verb: "deleted" },
  { name: "Cut", verb: "cut" },
  { name: "Copy", verb: "copied" },
  { name: "Paste", verb: "pasted" },
  { name: "Group", verb: "grouped" },
];

/** The verb for a refused action ("" for an action players may take on game pieces). */
function refusedVerb(action: number): string {
  const names = (Player as unknown as { Action: { [name: string]: number } }).Action;
  for (const r of REFUSED) if (names[r.name] === action) return r.verb;
  return "";
}

/** True when `obj` is a tracked piece, or a pile holding one. */
function holdsTracked(obj: TableObject, tracked: { [guid: string]: boolean }): boolean {
  if (tracked[obj.getGUID()] === true) return true;
  if (isContainer(obj)) for (const inner of obj.getObjects()) if (tracked[inner.guid] === true) return true;
  return false;
}

/** The one sentence refusing `action` on `targets`, or "" when the action may go ahead. */
export function pieceActionRefusal(action: number, targets: TableObject[], tracked: { [guid: string]: boolean }): string {
  const verb = refusedVerb(action);
  if (verb === "") return "";
  for (const t of targets) {
    if (holdsTracked(t, tracked)) return "The game's cards and pieces cannot be " + verb + ": the game needs each of them, once.";
  }
  return "";
}
