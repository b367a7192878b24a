/**
 * The text `onSave` returns, kept between saves. TTS asks for it every 10 s (its rewind points)
 * and on every save; serializing the whole game each time took 25–46 ms in MoonSharp. The text
 * is the canonical serialization of the SavedGame (byte for byte what `canonical` writes), built
 * from parts that are each kept until they change:
 * - each logged action's text (the log only grows; a replaced entry or log is written again);
 * - each bookkeeping entry's text, with a copy of the location it was written from (a location
 *   replaced or changed in place, in any field, is written again), and the sorted GUIDs (sorted again only when
 *   the set of GUIDs changes);
 * - the state hash, per state object (engine states are never changed in place: `apply` returns
 *   a new one).
 * `warmSave` writes them in the frames after a move or a load, so `onSave` rarely must.
 * A save with nothing changed returns the kept text itself.
 */
import { canonical, hashText } from "../../src/engine/core/serialize";
import { byteOrder, stableSort } from "../../src/engine/core/util";

/** A bookkeeping entry (session.ts `Loc`): fields of numbers, strings and booleans. */
type SavedLoc = object;
type Fields = { [field: string]: unknown };

function copyLoc(l: SavedLoc): SavedLoc {
  const from = l as Fields;
  const out: Fields = {};
  for (const k in from) out[k] = from[k];
  return out;
}

/** Field by field, whatever fields a location has (a field added to Loc is compared too). */
function sameLoc(x: SavedLoc, y: SavedLoc): boolean {
  const a = x as Fields;
  const b = y as Fields;
  for (const k in a) if (a[k] !== b[k]) return false;
  for (const k in b) if (a[k] !== b[k]) return false;
  return true;
}

/** State hash, kept for the last state hashed (and the canonical text of a state being hashed in two frames). */
let hashedState: unknown = undefined;
let hashed = "";
let textState: unknown = undefined;
let stateText = "";

/** hashText(canonical(state)), computed once per state object. */
export function stateHash(state: unknown): string {
  if (state === hashedState && hashed !== "") return hashed;
  const text = state === textState && stateText !== "" ? stateText : canonical(state);
  hashed = hashText(text);
  hashedState = state;
  textState = undefined;
  stateText = "";
  return hashed;
}

/** Remembers a hash already computed (a load checks the replayed state against the saved hash). */
export function knownStateHash(state: unknown, hash: string): void {
  hashedState = state;
  hashed = hash;
}

/** Per logged action: the object written and its text. */
let actionObjects: unknown[] = [];
let actionTexts: string[] = [];

function actionsText(actions: unknown[]): { text: string; changed: boolean } {
  let changed = actionObjects.length !== actions.length;
  for (let i = 0; i < actions.length; i++) {
    if (i < actionObjects.length && actionObjects[i] === actions[i]) continue;
    changed = true;
    if (i < actionObjects.length) {
      actionObjects[i] = actions[i];
      actionTexts[i] = canonical(actions[i]);
    } else {
      actionObjects.push(actions[i]);
      actionTexts.push(canonical(actions[i]));
    }
  }
  while (actionObjects.length > actions.length) {
    actionObjects.pop();
    actionTexts.pop();
  }
  return { text: "[" + actionTexts.join(",") + "]", changed: changed };
}

/** Writes the texts of up to `count` logged actions not written yet; true when all are. */
function writeSomeActions(actions: unknown[], count: number): boolean {
  let done = 0;
  for (let i = 0; i < actions.length; i++) {
    if (i < actionObjects.length && actionObjects[i] === actions[i]) continue;
    if (done >= count) return false;
    actionObjects[i] = actions[i];
    actionTexts[i] = canonical(actions[i]);
    done++;
  }
  return true;
}

/** Per GUID of the bookkeeping: the location written (a copy) and `"guid":{...}`. */
let entries: { [guid: string]: { loc: SavedLoc; text: string } } = {};
let entryCount = 0;
let sortedGuids: string[] = [];

function whereText(where: { [guid: string]: SavedLoc }): { text: string; changed: boolean } {
  let changed = false;
  let count = 0;
  let newGuid = false;
  for (const guid in where) {
    const loc = where[guid];
    if (loc === undefined) continue;
    count++;
    const kept = entries[guid];
    if (kept !== undefined && sameLoc(kept.loc, loc)) continue;
    if (kept === undefined) newGuid = true;
    changed = true;
    entries[guid] = { loc: copyLoc(loc), text: canonical(guid) + ":" + canonical(loc) };
  }
  if (newGuid || count !== entryCount) {
    // The set of GUIDs changed: forget the ones gone, sort again.
    const fresh: { [guid: string]: { loc: SavedLoc; text: string } } = {};
    const guids: string[] = [];
    for (const guid in where) {
      if (where[guid] === undefined) continue;
      fresh[guid] = entries[guid];
      guids.push(guid);
    }
    entries = fresh;
    entryCount = count;
    sortedGuids = stableSort(guids, byteOrder);
    changed = true;
  }
  if (sortedGuids.length === 0) return { text: "[]", changed: changed };
  const parts: string[] = [];
  for (const guid of sortedGuids) parts.push(entries[guid].text);
  return { text: "{" + parts.join(",") + "}", changed: changed };
}

/**
 * Writes up to `count` changed entries of GUIDs already kept; true when none is left. A GUID new
 * to the bookkeeping is left to `whereText`, which sorts the GUIDs again for it.
 */
function writeSomeEntries(where: { [guid: string]: SavedLoc }, count: number): boolean {
  let done = 0;
  for (const guid in where) {
    const loc = where[guid];
    const kept = entries[guid];
    if (loc === undefined || kept === undefined || sameLoc(kept.loc, loc)) continue;
    if (done >= count) return false;
    entries[guid] = { loc: copyLoc(loc), text: canonical(guid) + ":" + canonical(loc) };
    done++;
  }
  return true;
}

/** What the warmer reads: the running game's state, log and bookkeeping. */
export interface SaveSource {
  state: unknown;
  actions: unknown[];
  where: { [guid: string]: SavedLoc };
}

/** Entries and actions written a frame while warming (~0.3 and ~0.15 ms each in MoonSharp). */
const ENTRIES_PER_FRAME = 20;
const ACTIONS_PER_FRAME = 40;
let warming = false;

/**
 * Writes what the next save needs, a slice a frame, after a move or a load: the new state's
 * canonical text, then its hash, then the bookkeeping entries that changed (a draw renumbers
 * every card left in the deck), then the log's texts. `onSave` then finds them written.
 */
export function warmSave(current: () => SaveSource | undefined): void {
  if (warming) return;
  warming = true;
  const slice = (): void => {
    const now = current();
    let more = false;
    if (now !== undefined) {
      if (now.state !== hashedState) {
        if (now.state !== textState || stateText === "") {
          stateText = canonical(now.state);
          textState = now.state;
        } else stateHash(now.state);
        more = true;
      } else if (!writeSomeEntries(now.where, ENTRIES_PER_FRAME)) more = true;
      else if (!writeSomeActions(now.actions, ACTIONS_PER_FRAME)) more = true;
    }
    if (more) Wait.frames(slice, 1);
    else warming = false;
  };
  Wait.frames(slice, 1);
}

/** The last text, its fields' texts and its keys in order. */
let lastText = "";
let lastFields: { [key: string]: string } = {};
let lastKeys = "";
let sortedKeys: string[] = [];

/**
 * canonical of `saved` with `stateHash: hashText(canonical(state))` added: the save's text, byte
 * for byte (test/tts/save-text.test.ts). `actions` and `where` are written from their kept
 * parts, the state hash once per state, any other field whole (they are short); the kept text
 * itself when nothing changed.
 */
export function saveTextOf(saved: { [key: string]: unknown }, state: unknown): string {
  const fields: { [key: string]: string } = {};
  const keys: string[] = [];
  let n = 0;
  let changed = false;
  for (const key in saved) {
    const value = saved[key];
    if (value === undefined || typeof value === "function") continue;
    keys[n] = key;
    n++;
    let text = "";
    if (key === "actions") {
      const a = actionsText(value as unknown[]);
      text = a.text;
      if (a.changed) changed = true;
    } else if (key === "where") {
      const w = whereText(value as { [guid: string]: SavedLoc });
      text = w.text;
      if (w.changed) changed = true;
    } else text = canonical(value);
    fields[key] = text;
    if (lastFields[key] !== text) changed = true;
  }
  keys[n] = "stateHash";
  fields.stateHash = canonical(stateHash(state));
  if (lastFields.stateHash !== fields.stateHash) changed = true;
  const keyList = keys.join(",");
  if (keyList !== lastKeys) {
    changed = true;
    lastKeys = keyList;
    sortedKeys = stableSort(keys, byteOrder);
  }
  if (!changed) return lastText;
  lastFields = fields;
  const parts: string[] = [];
  for (let i = 0; i < sortedKeys.length; i++) parts[i] = canonical(sortedKeys[i]) + ":" + fields[sortedKeys[i]];
  lastText = "{" + parts.join(",") + "}";
  return lastText;
}
