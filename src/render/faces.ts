/** Every printable side of a game, each with a stable key and its PNG file name. */
import type { FaceRef, RenderComponent, RenderGame, RenderItem } from "./types";
import { sha256 } from "../hash";

export interface FaceEntry extends FaceRef {
  key: string;
  /** The back every item of the component shares (its `item` is a stand-in). */
  sharedBack?: boolean;
  /** Path under out/<game>/cards/. */
  file: string;
}

/**
 * The item a shared back is rendered with: a piece printed the same on both sides (back template =
 * face template) looks like its first item; any other back sees only the component's colours.
 */
function sharedBackItem(component: RenderComponent): RenderItem {
  const first = component.items[0];
  const values = component.backTemplate === component.faceTemplate && first ? first.values : { colours: component.values.colours };
  return { id: "back", copies: 0, values };
}

export function backKey(component: RenderComponent, item: RenderItem): string | undefined {
  if (item.backTemplate) return `${component.id}/${item.id}.back`;
  if (component.backTemplate) return `${component.id}/back`;
  return undefined;
}

export function faceKey(component: RenderComponent, item: RenderItem): string {
  return `${component.id}/${item.id}`;
}

/** Where each PNG goes under out/<game>/cards/. Other stages find them through the face manifest. */
const PNG_FILES = {
  face: (componentId: string, itemId: string): string => `${componentId}/${itemId}.png`,
  /** The back of an item with a back of its own (`backs: per-item`). */
  itemBack: (componentId: string, itemId: string): string => `${componentId}/${itemId}.back.png`,
  /** The back every item of the component shares. */
  sharedBack: (componentId: string): string => `${componentId}/back.png`,
};

/** The face manifest's file name, in out/<game>/cards/ beside the PNGs it lists. */
export const FACE_MANIFEST = "faces.json";

/** One PNG of the manifest: which side of which item it shows (`item` "" = the back every item shares). */
export interface ManifestFace {
  component: string;
  item: string;
  side: "face" | "back";
  /** Path under out/<game>/cards/. */
  file: string;
  /** sha256 of the SVG the PNG was drawn from: a later stage (`syzygy tts`) tells a PNG older than its data by it. */
  svg?: string;
}

export interface FaceManifest {
  game: string;
  faces: ManifestFace[];
}

/** The manifest of a game's PNGs (faces.json), which tells later stages (the TTS save) which file is which side. */
export function faceManifestJson(game: RenderGame, entries: readonly (FaceEntry & { svg?: string })[]): string {
  const manifest: FaceManifest = {
    game: game.id,
    faces: entries.map((e) => ({
      component: e.component.id,
      item: e.sharedBack === true ? "" : e.item.id,
      side: e.side,
      file: e.file,
      ...(e.svg === undefined ? {} : { svg: sha256(e.svg) }),
    })),
  };
  return JSON.stringify(manifest, null, 2) + "\n";
}

export function listFaces(game: RenderGame): FaceEntry[] {
  const out: FaceEntry[] = [];
  for (const component of game.components) {
    for (const item of component.items) {
      out.push({ component, item, side: "face", key: faceKey(component, item), file: PNG_FILES.face(component.id, item.id) });
      if (item.backTemplate) out.push({ component, item, side: "back", key: `${component.id}/${item.id}.back`, file: PNG_FILES.itemBack(component.id, item.id) });
    }
    if (component.backTemplate && component.items.some((i) => !i.backTemplate)) {
      out.push({ component, item: sharedBackItem(component), side: "back", key: `${component.id}/back`, file: PNG_FILES.sharedBack(component.id), sharedBack: true });
    }
  }
  return out;
}

/** Each physical copy of each item, in print order. */
export function expandCopies(component: RenderComponent): RenderItem[] {
  const out: RenderItem[] = [];
  for (const item of component.items) for (let i = 0; i < item.copies; i++) out.push(item);
  return out;
}
