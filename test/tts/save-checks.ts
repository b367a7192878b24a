/**
 * Checks every save must pass, a scripted game's or a plain one (a game without an engine): the
 * images it names exist and respect TTS's sheet limits, every physical card is there once with
 * consistent CardIDs, GUIDs are unique, there is a hand zone per seat colour, and nothing on the
 * table overlaps as saved. Shared by test/tts/save.test.ts and test/scaffold.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { expect } from "vitest";
import type { GameModel } from "../../src/model/types";
import { seatColors } from "../../src/table/layout";
import { MAX_SIDE } from "../../src/tts/sheets";
import { componentIdOf, objectFootprint, overlaps, type Footprint } from "./footprints";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

export function allObjects(objects: Obj[]): Obj[] {
  const out: Obj[] = [];
  for (const o of objects) {
    out.push(o);
    if (Array.isArray(o.ContainedObjects)) out.push(...allObjects(o.ContainedObjects));
  }
  return out;
}

export function urls(o: Obj): string[] {
  const out: string[] = [];
  for (const d of Object.values((o.CustomDeck ?? {}) as Record<string, Obj>)) out.push(d.FaceURL, d.BackURL);
  if (o.CustomImage?.ImageURL) out.push(o.CustomImage.ImageURL);
  if (o.CustomImage?.ImageSecondaryURL) out.push(o.CustomImage.ImageSecondaryURL);
  return out;
}

/** Every image URL is a local file in out/<game>/tts/images, and the folder holds nothing else. */
export function expectImagesOnDisk(save: Obj, outDir: string, game: string): void {
  const imagesDir = path.join(outDir, game, "tts", "images");
  const all = new Set(allObjects(save.ObjectStates).flatMap(urls));
  expect(all.size).toBeGreaterThan(1);
  for (const u of all) {
    expect(u.startsWith("file:///")).toBe(true);
    const file = fileURLToPath(u);
    expect(path.dirname(file)).toBe(path.resolve(imagesDir));
    expect(fs.existsSync(file)).toBe(true);
  }
  // Old images are replaced, not accumulated.
  expect(fs.readdirSync(imagesDir).length).toBe(all.size);
}

/** Every physical card of the game's card components once, named, with unique Memo and CardIDs inside their sheets. */
export function expectEveryCardOnce(model: GameModel, save: Obj): Obj[] {
  const objects = allObjects(save.ObjectStates);
  const cards = objects.filter((o) => o.Name === "Card");
  const expected = model.components.filter((c) => c.kind === "card").reduce((n, c) => n + c.count, 0);
  expect(cards.length).toBe(expected);
  for (const d of objects.filter((o) => o.Name === "Deck")) expect(d.DeckIDs).toEqual(d.ContainedObjects.map((c: Obj) => c.CardID));
  for (const c of cards) {
    const sheet = c.CustomDeck[Math.floor(c.CardID / 100)];
    expect(sheet).toBeDefined();
    expect(c.CardID % 100).toBeLessThan(sheet.NumWidth * sheet.NumHeight);
    expect(c.Nickname).not.toBe("");
    expect(c.Memo).not.toBe("");
  }
  const notes = objects.map((o) => o.Memo).filter((n) => n !== undefined && n !== "");
  expect(new Set(notes).size).toBe(notes.length);
  return cards;
}

export function expectUniqueGuids(save: Obj): void {
  const guids = allObjects(save.ObjectStates).map((o) => o.GUID);
  for (const g of guids) expect(g).toMatch(/^[0-9a-f]{6}$/);
  expect(new Set(guids).size).toBe(guids.length);
}

/** Deck sheets: at most 10×7 cells and 4096 px a side, RGB, whole cells. */
export async function expectSheetsWithinLimits(save: Obj): Promise<void> {
  const sheets = new Map<string, Obj>();
  for (const o of allObjects(save.ObjectStates)) for (const d of Object.values((o.CustomDeck ?? {}) as Record<string, Obj>)) sheets.set(d.FaceURL, d);
  expect(sheets.size).toBeGreaterThan(0);
  for (const [url, d] of sheets) {
    expect(d.NumWidth).toBeLessThanOrEqual(10);
    expect(d.NumHeight).toBeLessThanOrEqual(7);
    expect(d.BackIsHidden).toBe(true);
    const meta = await sharp(fileURLToPath(url)).metadata();
    expect(meta.width).toBeLessThanOrEqual(MAX_SIDE);
    expect(meta.height).toBeLessThanOrEqual(MAX_SIDE);
    expect(meta.channels).toBe(3);
    expect(meta.width! % d.NumWidth).toBe(0);
    expect(meta.height! % d.NumHeight).toBe(0);
  }
}

/** One hand zone per colour some player count from `min` to `max` seats. */
export function expectHandZones(save: Obj, min: number, max: number): void {
  const hands = save.ObjectStates.filter((o: Obj) => o.Name === "HandTrigger").map((o: Obj) => o.FogColor).sort();
  const colors = new Set<string>();
  for (let n = min; n <= max; n++) for (const c of seatColors(n)) colors.add(c);
  expect(hands).toEqual([...colors].sort());
}

/** As saved, no two objects, areas or hand zones overlap (pieces of one component at one spot are a stack). */
export function expectNoOverlapAsSaved(model: GameModel, save: Obj): void {
  const stack = (o: Obj) => `${componentIdOf(o, "") || o.GUID}@${o.Transform.posX},${o.Transform.posZ}`;
  const fps: Footprint[] = [];
  for (const o of save.ObjectStates) {
    const f = objectFootprint(model, o, stack(o));
    if (f !== undefined) fps.push(f);
  }
  expect(fps.length).toBeGreaterThan(2);
  expect(overlaps(fps)).toEqual([]);
}
