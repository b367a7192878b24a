/**
 * The table's pieces against the bookkeeping. Players cannot delete or copy the game's pieces
 * (./guard.ts), but another script or the host can: a tracked piece that vanishes, or a stranger
 * carrying a piece's id, is named to everyone, and "Repair table" restores the game's pieces from
 * the bookkeeping (a vanished one is spawned again from the data TTS gave just before it went:
 * onObjectDestroy "The Object reference (object) is valid in this callback").
 */
import { isContainer, objectByGuid, type TableObject } from "./table";

/** Object data of tracked pieces as they were just before being destroyed, by GUID. */
const spares: { [guid: string]: unknown } = {};

/** Keeps what is needed to spawn `obj` again (a tracked piece about to be destroyed). */
export function keepSpare(obj: TableObject): void {
  spares[obj.getGUID()] = (obj as unknown as { getData(): unknown }).getData();
}

export function spareOf(guid: string): unknown {
  return spares[guid];
}

/** GUIDs of everything inside a pile on the table. */
function guidsInPiles(): { [guid: string]: boolean } {
  const out: { [guid: string]: boolean } = {};
  for (const obj of getObjects() as unknown as TableObject[]) {
    if (isContainer(obj)) for (const inner of obj.getObjects()) out[inner.guid] = true;
  }
  return out;
}

/** Notes of the tracked pieces that are neither on the table nor in a pile (in `objects`' order). */
export function vanished(objects: { [note: string]: string }, order: string[]): string[] {
  const inPiles = guidsInPiles();
  const out: string[] = [];
  for (const note of order) {
    const guid = objects[note];
    if (guid === undefined || inPiles[guid] === true) continue;
    const obj = objectByGuid(guid);
    if (obj === undefined || obj.isDestroyed()) out.push(note);
  }
  return out;
}

/** Objects on the table carrying a tracked id under another GUID (a copy), by GUID. */
export function strangers(objects: { [note: string]: string }): TableObject[] {
  const out: TableObject[] = [];
  for (const obj of getObjects() as unknown as TableObject[]) {
    if (isContainer(obj)) continue;
    const note = obj.memo;
    const guid = objects[note];
    if (note !== "" && guid !== undefined && guid !== obj.getGUID()) out.push(obj);
  }
  return out;
}

/**
 * Spawns a vanished piece again from its spare at `pos`: the new object, or undefined when no
 * spare was kept (it went without onObjectDestroy).
 */
export function respawn(guid: string, pos: { x: number; y: number; z: number }): TableObject | undefined {
  const spare = spares[guid] as { Transform?: { [k: string]: number } } | undefined;
  if (spare === undefined) return undefined;
  const data: { [k: string]: unknown } = {};
  for (const k in spare) data[k] = (spare as { [k: string]: unknown })[k];
  const spawned = spawnObjectData({ data: data as never, position: pos, smooth: false } as never) as unknown as TableObject;
  spares[guid] = undefined;
  return spawned;
}
