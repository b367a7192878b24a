/**
 * The card PNGs a save is made from, found through the face manifest the build writes beside
 * them (out/<game>/cards/faces.json, src/render/faces.ts): which file shows which side of which
 * item, so the save builder never guesses a file name.
 */
import fs from "node:fs";
import path from "node:path";
import { FACE_MANIFEST, type FaceManifest } from "../render/faces";
import type { RenderedSide } from "../render/build";
import { sha256 } from "../hash";
import { TtsInputError } from "./errors";

export interface FacePngs {
  /** The PNG of an item's face. */
  face(component: string, item: string): string;
  /** The PNG of an item's own back (`backs: per-item`, or a back template of its own). */
  itemBack(component: string, item: string): string;
  /** The PNG of the back every item of the component shares. */
  sharedBack(component: string): string;
}

function rebuild(game: string, problem: string): TtsInputError {
  return new TtsInputError(`${problem}: run \`syzygy build ${game}\` first (it renders the PNGs the TTS save is made from and lists them there)`);
}

/** Reads `<gameDir>/cards/faces.json`; a missing or unreadable manifest, or a side it lacks, asks for a build. */
export function readFacePngs(gameDir: string, game: string): FacePngs {
  const cards = path.join(gameDir, "cards");
  const file = path.join(cards, FACE_MANIFEST);
  let manifest: FaceManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as FaceManifest;
  } catch {
    throw rebuild(game, `${file} is missing or unreadable`);
  }
  if (manifest.game !== game || !Array.isArray(manifest.faces)) throw rebuild(game, `${file} does not list ${game}'s faces`);
  const files = new Map<string, string>();
  for (const f of manifest.faces) files.set(`${f.side}\0${f.component}\0${f.item}`, path.join(cards, f.file));
  const find = (side: string, component: string, item: string): string => {
    const hit = files.get(`${side}\0${component}\0${item}`);
    if (hit === undefined) throw rebuild(game, `${file} lists no ${side} of ${component}/${item === "" ? "(shared back)" : item}`);
    return hit;
  };
  return {
    face: (component, item) => find("face", component, item),
    itemBack: (component, item) => find("back", component, item),
    sharedBack: (component) => find("back", component, ""),
  };
}

/**
 * The sides whose PNG in `<gameDir>/cards/` was drawn from another SVG than the data makes now
 * (the sheet or a template was edited after the last build), by the SVG hashes in faces.json;
 * a side the manifest lists without a hash, or not at all, counts too. Named by face key
 * (`component/item`, `component/back` for the shared back).
 */
export function staleFaces(gameDir: string, sides: readonly RenderedSide[]): string[] {
  let manifest: FaceManifest | undefined;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(gameDir, "cards", FACE_MANIFEST), "utf8")) as FaceManifest;
  } catch {
    manifest = undefined; // readFacePngs says what is wrong with it
  }
  const drawn = new Map<string, string | undefined>();
  for (const f of Array.isArray(manifest?.faces) ? manifest.faces : []) drawn.set(`${f.side}\0${f.component}\0${f.item}`, f.svg);
  const stale: string[] = [];
  for (const s of sides) {
    const item = s.sharedBack === true ? "" : s.item.id;
    if (drawn.get(`${s.side}\0${s.component.id}\0${item}`) !== sha256(s.svg)) stale.push(s.key);
  }
  return stale;
}
