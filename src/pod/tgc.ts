/**
 * The Game Crafter: per deck, one zip of PNGs at the size of TGC's template for the card (poker:
 * 825 × 1125 px, 1/8 in bleed). One image per physical card, so an upload makes the right number
 * of cards without editing quantities; numbered so the upload keeps the deck's order. Faces are
 * `<n>-<item>.png` and nothing else is: the deck's back is `back.png` (also when its only back is
 * a card's own, as for a one-card deck of a two-sided card), and a card whose own back differs
 * from the deck's is `back-<n>-<item>.png`, so dragging `<digits>-*.png` uploads faces only.
 */
import { availableParallelism } from "node:os";
import { fontFilesFor } from "../render/fonts";
import { mapLimit } from "../render/map-limit";
import { DPI } from "../render/types";
import type { PodDeck } from "./decks";
import { tgcPixels } from "./sizes";
import { zipEntries, type ZipEntry } from "./zip";

/** Keeps file names portable: anything but letters, digits, dot, dash and underscore becomes a dash. */
export function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]+/g, "-");
}

/** File names of one deck's images, in deck order, each with the art key it shows. */
export function tgcFiles(deck: PodDeck): { name: string; art: string }[] {
  const digits = Math.max(3, String(deck.cards.length).length);
  const files: { name: string; art: string }[] = [];
  const backs = new Set(deck.cards.flatMap((c) => (c.back === undefined ? [] : [c.back])));
  // The deck's back: the one its cards share, or, when every card has the same back, that one.
  const sharedBack = deck.cards.find((c) => c.back !== undefined && !c.ownBack)?.back ?? (backs.size === 1 ? [...backs][0] : undefined);
  for (const card of deck.cards) {
    const n = String(card.position).padStart(digits, "0");
    files.push({ name: `${n}-${safeName(card.itemId)}.png`, art: card.face });
    if (card.back !== undefined && card.back !== sharedBack) files.push({ name: `back-${n}-${safeName(card.itemId)}.png`, art: card.back });
  }
  if (sharedBack !== undefined) files.push({ name: "back.png", art: sharedBack });
  return files;
}

async function rasteriseAt(svg: string, px: { w: number; h: number }, key: string): Promise<Buffer> {
  const { rasterise } = await import("../render/raster-core.mjs");
  const { png, pixels } = await rasterise(svg, px.w, DPI, fontFilesFor(svg));
  // The art's aspect ratio decides the height: a mismatch means the art is not the template's size.
  if (pixels !== px.w * px.h) throw new Error(`${key}: rendered ${px.w}×${pixels / px.w} px, The Game Crafter's template is ${px.w}×${px.h} px`);
  return png;
}

/** Every deck's zip, in memory (each distinct side is rasterised once however many copies use it). */
export async function tgcZips(decks: PodDeck[], art: Map<string, string>): Promise<{ deck: PodDeck; zip: Buffer }[]> {
  const wanted = new Map<string, { w: number; h: number }>();
  const plans = decks.map((deck) => ({ deck, files: tgcFiles(deck) }));
  for (const { deck, files } of plans) for (const f of files) wanted.set(f.art, tgcPixels(deck.size));
  const pngs = new Map<string, Buffer>();
  const keys = [...wanted.keys()];
  await mapLimit(keys, availableParallelism(), async (key) => {
    const svg = art.get(key);
    if (svg === undefined) throw new Error(`no rendered art for ${key}`);
    pngs.set(key, await rasteriseAt(svg, wanted.get(key)!, key));
  });
  const out: { deck: PodDeck; zip: Buffer }[] = [];
  for (const { deck, files } of plans) {
    const entries: ZipEntry[] = files.map((f) => ({ name: f.name, data: pngs.get(f.art)! }));
    out.push({ deck, zip: await zipEntries(entries) });
  }
  return out;
}
