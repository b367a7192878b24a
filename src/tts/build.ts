/**
 * Builds the Tabletop Simulator save of one game: out/<game>/tts/<game>.json plus its images in
 * out/<game>/tts/images/. Game-agnostic: everything comes from the game model (components,
 * items, sizes, shapes, backs) and the card PNGs of the print-and-play build.
 *
 * - The engine's deck (the card component holding every deck.yaml card) becomes a Deck at the
 *   draw-pile spot; the script deals it. Other card components become decks (one per player set)
 *   on the shelf; cards with per-item backs (the two-sided trump status card) stand alone.
 * - Boards and reference sheets become Custom_Board, round or square tokens Custom_Tile, other
 *   shapes Custom_Token (outline from the PNG's alpha).
 * - Image files carry a content hash in their names, so TTS's image cache never shows an old
 *   card after an edit.
 * - Writes are atomic and in an order that keeps the save whole at every instant: new images are
 *   added to images/ (each written to a temp name and renamed), then the JSON replaces the old
 *   one by a rename, then the images no save refers to any more are removed. A failed build
 *   removes the images it added and leaves the previous save as it was.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Component, GameModel, Item } from "../model/types";
import { BOARD_UNITS_AT_SCALE_1, HAND_SIZE, PLACES, SHELF_TOP_Z, SHELF_X, tableAreas } from "../table/layout";
import { deckPointFor, handSeats, seatsProblem, usedPlaces, type HandSeat } from "../table/seats";
import { playersMaxAt } from "../model/load";
import { areaLabels, areaOutline, areaZone, type VectorLine } from "./areas";
import { saveEpoch, ttsDate } from "./save-date";
import { GuidAllocator } from "./guid";
import { NAMES, objectName, type AnyObject, type CardObject, type CustomDeck, type DeckObject, type HandObject, type Save, type Transform } from "./save-types";
import { bleedPx, cardImage, chooseGrid, composeSheet, sectorBox, sectorImage, sheetCanvases, singleImage, splitIntoSheets, tokenImage, type CardImage } from "./sheets";
import { BLEED_MM } from "../render/types";
import { readFacePngs, type FacePngs } from "./faces";
import { TtsInputError } from "./errors";

export { TtsInputError };
import { saveScript } from "./script";
import { currentStamp, damagedInputs, saveKey, writeStamp } from "./stamp";
import { cachedImage, imageDigest, pruneImages } from "./image-cache";
import { makeDir, ownEntries, writeFileAtomic } from "../render/files";
import { buildXmlUi } from "./xmlui";
import { findDefinition } from "../games/index";
import type { TableRules } from "../table/adapter";

/** World units per millimetre: a poker card (63.5 mm wide) is 2.2 units at scale 1 in TTS. */
export const UNITS_PER_MM = 2.2 / 63.5;
/** Width in world units of a Custom_Board / Custom_Tile / Custom_Token at scale 1 (TTS defaults; see docs/tts.md). */
export { BOARD_UNITS_AT_SCALE_1 };
export const PIECE_UNITS_AT_SCALE_1 = 2;
export const POKER_WIDTH_MM = 63.5;


export interface TtsBuildOptions {
  /** The build output root (default ./out): PNGs are read from <out>/<game>/cards. */
  outDir: string;
  /**
   * Where this game's files are read and written instead of <outDir>/<game> (a staged build's
   * folder, moved there afterwards); image URLs and result paths still name <outDir>/<game>.
   */
  gameDir?: string;
  /** URL under which <out>/ is published; images are then <baseUrl>/<game>/tts/images/<file>. */
  baseUrl?: string;
  /** Player counts the Start buttons offer. */
  minPlayers: number;
  maxPlayers: number;
}

export interface TtsBuildResult {
  savePath: string;
  imageFiles: string[];
  /** Nothing the save is made of changed since it was written: it was left as it was. */
  reused?: boolean;
  objects: number;
  cards: number;
}

interface Ctx {
  model: GameModel;
  opts: TtsBuildOptions;
  guids: GuidAllocator;
  imagesDir: string;
  finalImagesDir: string;
  images: string[];
  nextDeckKey: number;
  shelfZ: number;
  /** The card PNGs, by item and side (the build's face manifest). */
  pngs: FacePngs;
  /** The card component the script deals from ("" in a plain save: a game without an engine). */
  deckComponent: string;
  /** The card component whose deck lies at the draw-pile spot (the engine's deck, else the deck.yaml cards). */
  centreDeck: string;
  /** Where that deck lies (seats.ts: clear of every hand zone). */
  deckPoint: { x: number; z: number };
  cardCount: number;
}

function transform(x: number, y: number, z: number, rotY = 180, scaleX = 1, scaleZ = scaleX, flipped = false): Transform {
  return { posX: x, posY: y, posZ: z, rotX: 0, rotY, rotZ: flipped ? 180 : 0, scaleX, scaleY: 1, scaleZ };
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

function gameDirOf(opts: TtsBuildOptions, game: string): string {
  return opts.gameDir ?? path.join(opts.outDir, game);
}

/** Writes an image under a content-hashed name; returns its URL. */
/** `singleImage`, from the image cache when made before from the same PNG. */
function cachedSingle(ctx: Ctx, image: CardImage, maxSide?: number): Promise<Buffer> {
  return cachedImage(ctx.opts.outDir, "single", { bleed: image.bleed, maxSide: maxSide ?? null }, [image.file], () => singleImage(image, maxSide));
}

function emitImage(ctx: Ctx, stem: string, ext: string, data: Buffer): string {
  const hash = imageDigest(data).slice(0, 10);
  const name = `${stem}.${hash}.${ext}`;
  writeFileAtomic(path.join(ctx.imagesDir, name), data);
  ctx.images.push(name);
  if (ctx.opts.baseUrl !== undefined) {
    return `${ctx.opts.baseUrl.replace(/\/+$/, "")}/${ctx.model.id}/tts/images/${encodeURIComponent(name)}`;
  }
  return pathToFileURL(path.join(ctx.finalImagesDir, name)).href;
}

/** Printed text for a tooltip: `:icon:` tokens become their names. */
function describe(text: string | undefined): string {
  return text === undefined ? "" : text.replace(/:([a-z0-9-]+):/g, "$1").trim();
}

interface Physical {
  item: Item;
  copy: number;
  note: string;
}

function physicalPieces(component: Component, engineDeck: boolean): Physical[] {
  const out: Physical[] = [];
  for (const item of component.items) {
    for (let copy = 0; copy < item.copies; copy++) {
      const base = engineDeck ? item.id : `${component.id}/${item.id}`;
      out.push({ item, copy, note: item.copies > 1 ? `${base}#${copy + 1}` : base });
    }
  }
  return out;
}

function imageInfo(file: string, component: Component): Promise<CardImage> {
  return cardImage(file, (w, h) => bleedPx(w, h, component.size.width, component.size.height));
}

function shelfSpot(ctx: Ctx, depthUnits: number): { x: number; z: number } {
  const z = ctx.shelfZ - depthUnits / 2;
  ctx.shelfZ -= depthUnits + 1;
  return { x: SHELF_X, z: round3(z) };
}

/** Decks of a card component (one per player set, else one), faces on shared sheets. */
async function cardDecks(ctx: Ctx, component: Component): Promise<AnyObject[]> {
  const engineDeck = component.id === ctx.deckComponent;
  const scale = round3(component.size.width / POKER_WIDTH_MM);
  const pieces = physicalPieces(component, engineDeck);
  const first = await imageInfo(ctx.pngs.face(component.id, component.items[0].id), component);
  const w = first.width - 2 * first.bleed;
  const h = first.height - 2 * first.bleed;
  const backInfo = await imageInfo(ctx.pngs.sharedBack(component.id), component);
  const backUrl = emitImage(ctx, `${component.id}-back`, "jpg", await cachedSingle(ctx, backInfo, 1024));

  // Sheets: one cell per item (copies share their item's CardID), split evenly into ≤ 70-cell sheets.
  const cellOf = new Map<Item, { key: number; index: number }>();
  const customDecks: Record<number, CustomDeck> = {};
  let offset = 0;
  let sheetNo = 0;
  for (const size of splitIntoSheets(component.items.length)) {
    const slice = component.items.slice(offset, offset + size);
    offset += size;
    sheetNo += 1;
    const grid = chooseGrid(slice.length, w, h);
    const faces = await Promise.all(slice.map((item) => imageInfo(ctx.pngs.face(component.id, item.id), component)));
    const sheet = await cachedImage(ctx.opts.outDir, "sheet", { grid, bleeds: faces.map((f) => f.bleed) }, faces.map((f) => f.file), () => composeSheet(faces, grid));
    const url = emitImage(ctx, `${component.id}-${sheetNo}`, "jpg", sheet);
    const key = ctx.nextDeckKey++;
    customDecks[key] = { Type: 0 as CardType, FaceURL: url, BackURL: backUrl, NumWidth: grid.cols, NumHeight: grid.rows, BackIsHidden: true, UniqueBack: false };
    slice.forEach((item, index) => cellOf.set(item, { key, index }));
  }
  const cardIds = new Map<Physical, number>();
  const deckKeyOf = new Map<Physical, number>();
  for (const p of pieces) {
    const cell = cellOf.get(p.item)!;
    cardIds.set(p, cell.key * 100 + cell.index);
    deckKeyOf.set(p, cell.key);
  }

  // One deck per player set (bid cards), else one deck for the component.
  const groups = new Map<string, Physical[]>();
  for (const p of pieces) {
    const g = p.item.set?.id ?? "";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(p);
  }
  const out: AnyObject[] = [];
  for (const [setId, group] of groups) {
    const label = setId === "" ? component.name : `${component.name} (${group[0].item.set?.name ?? setId})`;
    const spot = component.id === ctx.centreDeck ? ctx.deckPoint : shelfSpot(ctx, 3.1 * scale);
    const cards: CardObject[] = group.map((p) => {
      const key = deckKeyOf.get(p)!;
      ctx.cardCount += 1;
      return {
        GUID: ctx.guids.next(`card/${p.note}`),
        Name: objectName(NAMES.card),
        Transform: transform(spot.x, 1, spot.z, 180, scale, scale, true),
        Nickname: p.item.name,
        Description: describe(p.item.text ?? p.item.subtitle),
        GMNotes: p.note,
        Memo: component.id,
        CardID: cardIds.get(p)!,
        CustomDeck: { [key]: customDecks[key] },
        Hands: true,
        HideWhenFaceDown: true,
      };
    });
    if (cards.length === 1) {
      out.push(cards[0]);
      continue;
    }
    const used: Record<number, CustomDeck> = {};
    for (const p of group) used[deckKeyOf.get(p)!] = customDecks[deckKeyOf.get(p)!];
    const deck: DeckObject = {
      GUID: ctx.guids.next(`deck/${component.id}/${setId}`),
      Name: objectName(NAMES.deck),
      Transform: transform(spot.x, 1, spot.z, 180, scale, scale, true),
      Nickname: label,
      Description: describe(component.description),
      GMNotes: "",
      Memo: component.id,
      DeckIDs: cards.map((c) => c.CardID),
      CustomDeck: used,
      ContainedObjects: cards,
      Hands: false,
    };
    out.push(deck);
  }
  return out;
}

/** Cards with their own back (two-sided status cards): one standalone card each. */
async function twoSidedCards(ctx: Ctx, component: Component): Promise<AnyObject[]> {
  const scale = round3(component.size.width / POKER_WIDTH_MM);
  const out: AnyObject[] = [];
  for (const p of physicalPieces(component, false)) {
    const face = await imageInfo(ctx.pngs.face(component.id, p.item.id), component);
    const back = await imageInfo(ctx.pngs.itemBack(component.id, p.item.id), component);
    const key = ctx.nextDeckKey++;
    const spot = shelfSpot(ctx, 3.1 * scale);
    ctx.cardCount += 1;
    const deck: CustomDeck = {
      Type: 0 as CardType,
      FaceURL: emitImage(ctx, `${component.id}-${p.item.id}`, "jpg", await cachedSingle(ctx, face, 1024)),
      BackURL: emitImage(ctx, `${component.id}-${p.item.id}-back`, "jpg", await cachedSingle(ctx, back, 1024)),
      NumWidth: 1,
      NumHeight: 1,
      BackIsHidden: true,
      UniqueBack: false,
    };
    const card: CardObject = {
      GUID: ctx.guids.next(`card/${p.note}`),
      Name: objectName(NAMES.card),
      Transform: transform(spot.x, 1, spot.z, 180, scale),
      Nickname: p.item.name,
      Description: describe(p.item.text),
      GMNotes: p.note,
      Memo: component.id,
      CardID: key * 100,
      CustomDeck: { [key]: deck },
      Hands: false,
    };
    out.push(card);
  }
  return out;
}

async function boards(ctx: Ctx, component: Component): Promise<AnyObject[]> {
  const widthUnits = component.size.width * UNITS_PER_MM;
  const depthUnits = component.size.height * UNITS_PER_MM;
  const out: AnyObject[] = [];
  for (const p of physicalPieces(component, false)) {
    const url = emitImage(ctx, `${component.id}-${p.item.id}`, "jpg", await cachedSingle(ctx, await imageInfo(ctx.pngs.face(component.id, p.item.id), component)));
    const spot = shelfSpot(ctx, depthUnits);
    const s = round3(widthUnits / BOARD_UNITS_AT_SCALE_1);
    out.push({
      GUID: ctx.guids.next(`board/${p.note}`),
      Name: objectName(NAMES.board),
      Transform: transform(spot.x, 1, spot.z, 0, s),
      Nickname: p.item.name,
      Description: describe(p.item.text ?? component.description),
      GMNotes: p.note,
      Memo: component.id,
      Locked: true,
      CustomImage: { ImageURL: url, WidthScale: 0 },
    } as AnyObject);
  }
  return out;
}

async function tokens(ctx: Ctx, component: Component): Promise<AnyObject[]> {
  const shape = component.shape;
  // A pie slice shows only the slice: its image is cut to it and the piece is the slice's size,
  // not the size of the disc's box (see sectorImage).
  const sliceMm = shape.kind === "sector" ? sectorBox(component.size.width, component.size.height, shape.degrees) : undefined;
  const widthUnits = (sliceMm !== undefined ? sliceMm.w : component.size.width) * UNITS_PER_MM;
  const s = round3(widthUnits / PIECE_UNITS_AT_SCALE_1);
  const out: AnyObject[] = [];
  const urls = new Map<string, { face: string; back?: string }>();
  for (const item of component.items) {
    const file = ctx.pngs.face(component.id, item.id);
    // Custom_Token is one-sided (its outline comes from the face's alpha): no back image.
    if (shape.kind === "sector") {
      const size = { w: component.size.width, h: component.size.height };
      const cut = await cachedImage(ctx.opts.outDir, "sector", { size, degrees: shape.degrees, bleed: BLEED_MM }, [file], async () => (await sectorImage(file, size, shape.degrees, BLEED_MM)).png);
      urls.set(item.id, { face: emitImage(ctx, `${component.id}-${item.id}`, "png", cut) });
      continue;
    }
    const trimmed = (f: string): Promise<Buffer> =>
      cachedImage(ctx.opts.outDir, "token", { width: component.size.width, bleed: BLEED_MM }, [f], () => tokenImage(f, component.size.width, BLEED_MM));
    const face = emitImage(ctx, `${component.id}-${item.id}`, "png", await trimmed(file));
    let back: string | undefined;
    if (component.backs === "shared") back = emitImage(ctx, `${component.id}-back`, "png", await trimmed(ctx.pngs.sharedBack(component.id)));
    if (component.backs === "per-item") back = emitImage(ctx, `${component.id}-${item.id}-back`, "png", await trimmed(ctx.pngs.itemBack(component.id, item.id)));
    urls.set(item.id, { face, back });
  }
  const spot = shelfSpot(ctx, widthUnits + 0.5);
  physicalPieces(component, false).forEach((p, i) => {
    const img = urls.get(p.item.id)!;
    const base = {
      GUID: ctx.guids.next(`token/${p.note}`),
      Transform: transform(round3(spot.x + (i % 5) * (widthUnits + 0.2) - 2 * widthUnits), 1 + Math.floor(i / 5) * 0.3, spot.z, 180, s),
      Nickname: p.item.name,
      Description: describe(p.item.text ?? component.description),
      GMNotes: p.note,
      Memo: component.id,
    };
    // Not stackable: TTS merges stackable tokens into a Custom_Token_Stack, a new object without
    // the GMNotes and GUID the script (and a player's count) follows each token by.
    if (component.shape.kind === "sector") {
      out.push({ ...base, Name: objectName(NAMES.token), CustomImage: { ImageURL: img.face, CustomToken: { Thickness: 0.2, MergeDistancePixels: 15, StandUp: false, Stackable: false } } } as AnyObject);
    } else {
      const type = component.shape.kind === "circle" ? 2 : component.shape.cornerRadius > 0 ? 3 : 0;
      out.push({
        ...base,
        Name: objectName(NAMES.tile),
        CustomImage: { ImageURL: img.face, ImageSecondaryURL: img.back ?? img.face, CustomTile: { Type: type as TileType, Thickness: 0.2, Stackable: false, Stretch: true } },
      } as AnyObject);
    }
  });
  return out;
}

/** The hand zones. */
function seatObjects(ctx: Ctx, seats: HandSeat[]): AnyObject[] {
  return seats.map((seat): HandObject => ({
    GUID: ctx.guids.next(`hand/${seat.color}`),
    Name: objectName(NAMES.hand),
    Transform: { posX: seat.x, posY: 2.5, posZ: seat.z, rotX: 0, rotY: seat.yaw, rotZ: 0, scaleX: HAND_SIZE.x, scaleY: HAND_SIZE.y, scaleZ: HAND_SIZE.z },
    FogColor: seat.color,
    Locked: true,
  }));
}

/**
 * The labelled play areas (see areas.ts): a vector line around each (into `lines`, the save's
 * VectorLines), its 3D-text labels and its ScriptingTrigger (into `objects`); returns the play
 * zone's GUID.
 */
function areaObjects(ctx: Ctx, table: TableRules, objects: AnyObject[], lines: VectorLine[]): string {
  let playZone = "";
  const places = usedPlaces(ctx.opts.minPlayers, ctx.opts.maxPlayers);
  for (const area of tableAreas(table.meldAreas, places)) {
    const zone = ctx.guids.next(`zone/${area.id}`);
    if (area.id === "play") playZone = zone;
    lines.push(areaOutline(area));
    objects.push(...areaLabels(area, places, (reader) => ctx.guids.next(`label/${area.id}/${PLACES[reader].color}`)), areaZone(area, zone));
  }
  return playZone;
}

/** The save's note and tags: a scripted game (an engine enforces the rules) or a plain table. */
function howToPlay(model: GameModel, scripted: boolean): { Note: string; Tags: string[] } {
  if (scripted) {
    return {
      Note: `${model.name}: press Start (top of the screen) to deal. Drop cards into the area marked Play cards here to play them; the script refuses illegal plays. Built by syzygy.`,
      Tags: ["syzygy", "Cards", "Scripting: Automated"],
    };
  }
  return { Note: `${model.name}: every piece is on the table; shuffle and deal by hand. No rules are enforced (the game has no rules engine). Built by syzygy.`, Tags: ["syzygy", "Cards"] };
}

function emptySave(model: GameModel, epoch: number, scripted: boolean): Omit<Save, "ObjectStates" | "LuaScript" | "XmlUI"> {
  return {
    SaveName: model.name,
    EpochTime: epoch,
    Date: ttsDate(epoch),
    VersionNumber: "v13.2.2",
    GameMode: model.name,
    GameType: "Game",
    GameComplexity: "",
    PlayingTime: [20, 60],
    PlayerCounts: [model.players.min, model.players.max],
    Tags: howToPlay(model, scripted).Tags,
    Gravity: 0.5,
    PlayArea: 0.5,
    Table: "Table_RPG",
    Sky: "Sky_Museum",
    SkyURL: "",
    Note: howToPlay(model, scripted).Note,
    TabStates: {},
    MusicPlayer: { RepeatSong: false, PlaylistEntry: -1, CurrentAudioTitle: "", CurrentAudioURL: "", AudioLibrary: [] },
    Grid: {
      Type: 0, Lines: false, Color: { r: 0, g: 0, b: 0 }, Opacity: 0.75, ThickLines: false, Snapping: false, Offset: false,
      BothSnapping: false, xSize: 2, ySize: 2, PosOffset: { x: 0, y: 1, z: 0 },
    },
    Lighting: {
      LightIntensity: 0.54, LightColor: { r: 1, g: 0.98, b: 0.89 }, AmbientIntensity: 1.3, AmbientType: 0,
      AmbientSkyColor: { r: 0.5, g: 0.5, b: 0.5 }, AmbientEquatorColor: { r: 0.5, g: 0.5, b: 0.5 }, AmbientGroundColor: { r: 0.5, g: 0.5, b: 0.5 },
      ReflectionIntensity: 1, LutIndex: 0, LutContribution: 1, LutURL: "",
    },
    Hands: { Enable: true, DisableUnused: false, Hiding: 0 },
    ComponentTags: { labels: [] },
    Turns: {
      Enable: false, Type: 0, TurnOrder: [], Reverse: false, SkipEmpty: false, DisableInteractions: false, PassTurns: true,
      TurnColor: "" as PlayerColor,
    },
    DecalPallet: [],
    LuaScriptState: "",
    CustomUIAssets: [],
    SnapPoints: [],
  } as unknown as Omit<Save, "ObjectStates" | "LuaScript" | "XmlUI">;
}

/** The card component holding the deck: every deck.yaml id is one of its items. */
function deckComponentOf(model: GameModel): Component | undefined {
  const ids = model.deck.map((c) => String(c.id));
  if (ids.length === 0) return undefined;
  for (const c of model.components) {
    if (c.kind !== "card") continue;
    const items = new Set(c.items.map((i) => i.id));
    if (ids.every((id) => items.has(id))) return c;
  }
  return undefined;
}

/** The card component holding the engine's deck: every deck.yaml id is one of its items. */
export function engineDeckComponent(model: GameModel): Component {
  const found = deckComponentOf(model);
  if (found !== undefined) return found;
  throw new TtsInputError(`${model.paths.game}: no card component lists every card of ${model.paths.deck}; the TTS save needs one to deal from`);
}

/** The card PNGs a save is made from. */
function inputImages(model: GameModel, pngs: FacePngs): string[] {
  const inputs: string[] = [];
  for (const c of model.components) {
    for (const item of c.items) {
      inputs.push(pngs.face(c.id, item.id));
      if (c.backs === "per-item") inputs.push(pngs.itemBack(c.id, item.id));
    }
    if (c.backs === "shared") inputs.push(pngs.sharedBack(c.id));
  }
  return inputs;
}

/** Builds and writes the save; throws TtsInputError for missing inputs (nothing is written then). */
export async function buildTtsSave(model: GameModel, opts: TtsBuildOptions): Promise<TtsBuildResult> {
  // Its sheets are composed one after another in the same canvas slots (sheets.ts).
  const release = sheetCanvases.hold();
  try {
    return await writeSave(model, opts);
  } finally {
    release();
  }
}

async function writeSave(model: GameModel, opts: TtsBuildOptions): Promise<TtsBuildResult> {
  const gameDir = gameDirOf(opts, model.id);
  const pngs = readFacePngs(gameDir, model.id);
  const inputs = inputImages(model, pngs);
  const missing = inputs.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    throw new TtsInputError(
      `${missing.length} card image(s) missing, e.g. ${missing[0]}: run \`syzygy build ${model.id}\` first (it renders the PNGs the TTS save is made from)`,
    );
  }
  const damaged = damagedInputs(opts.outDir, model.id, inputs, gameDir);
  if (damaged.length > 0) {
    throw new TtsInputError(`${damaged.length} card image(s) changed since \`syzygy build\` wrote them (damaged?), e.g. ${damaged[0]}: run \`syzygy build ${model.id}\` to make them again`);
  }
  const epoch = saveEpoch(inputs);
  if (typeof epoch !== "number") throw new TtsInputError(epoch.error);
  // The date is not in the key (SOURCE_DATE_EPOCH is): a PNG copied or touched without a change
  // leaves the save, and the date it shows, as they were.
  const key = saveKey(model, { ...opts, gameDir: undefined, outDir: path.resolve(opts.outDir), sourceDateEpoch: process.env.SOURCE_DATE_EPOCH ?? "" }, inputs);
  const stamp = currentStamp(opts.outDir, model.id, key, gameDir);
  if (stamp !== undefined) return { savePath: stamp.savePath, imageFiles: stamp.imageFiles, objects: stamp.objects, cards: stamp.cards, reused: true };
  // A game with an engine gets the script and its play areas; any other game a plain table.
  const definition = findDefinition(model.id);
  const deckComponent = definition !== undefined ? engineDeckComponent(model) : undefined;
  // Before any image is made: a table that cannot seat the game fails here.
  const problem = seatsProblem(opts.maxPlayers, deckComponent !== undefined, (max) => `${playersMaxAt(model)}: players.max is ${max}`);
  if (problem !== undefined) throw new TtsInputError(problem);
  const seats = handSeats(opts.minPlayers, opts.maxPlayers);
  const ttsDir = path.join(gameDir, "tts");
  // Public paths (URLs, results) name <outDir>/<game>, even when the files are staged elsewhere.
  const finalImagesDir = path.join(opts.outDir, model.id, "tts", "images");
  const imagesDir = path.join(ttsDir, "images");
  makeDir(imagesDir);
  const before = new Set(ownEntries(imagesDir));
  const ctx: Ctx = {
    model, opts, pngs, guids: new GuidAllocator(model.id), imagesDir, finalImagesDir: path.resolve(finalImagesDir), images: [],
    nextDeckKey: 1, shelfZ: SHELF_TOP_Z, deckComponent: deckComponent?.id ?? "", centreDeck: (deckComponent ?? deckComponentOf(model))?.id ?? "", deckPoint: deckPointFor(seats), cardCount: 0,
  };
  try {
    const objects: AnyObject[] = [];
    const lines: VectorLine[] = [];
    for (const component of model.components) {
      if (component.kind === "card") {
        objects.push(...(component.backs === "per-item" ? await twoSidedCards(ctx, component) : await cardDecks(ctx, component)));
      } else if (component.kind === "token") objects.push(...(await tokens(ctx, component)));
      else objects.push(...(await boards(ctx, component)));
    }
    const script =
      definition !== undefined && deckComponent !== undefined
        ? {
            LuaScript: saveScript({ game: model.id, deck: deckComponent.items.map((i) => i.id), playZone: areaObjects(ctx, definition.table, objects, lines) }),
            XmlUI: buildXmlUi(model.name, opts.minPlayers, opts.maxPlayers, definition.table.buttons),
          }
        : { LuaScript: "", XmlUI: "" };
    objects.push(...seatObjects(ctx, seats));
    const save: Save & { VectorLines: VectorLine[] } = { ...emptySave(model, epoch, script.LuaScript !== ""), ...script, VectorLines: lines, ObjectStates: objects } as Save & { VectorLines: VectorLine[] };
    const json = JSON.stringify(save, null, 2) + "\n";
    writeFileAtomic(path.join(ttsDir, `${model.id}.json`), json);
    const used = new Set(ctx.images);
    for (const f of ownEntries(imagesDir)) if (!used.has(f)) fs.rmSync(path.join(imagesDir, f), { recursive: true, force: true });
    const savePath = path.join(opts.outDir, model.id, "tts", `${model.id}.json`);
    const result = { savePath, imageFiles: ctx.images.map((f) => path.join(finalImagesDir, f)), objects: objects.length, cards: ctx.cardCount };
    writeStamp(opts.outDir, model.id, { key, ...result, saveHash: createHash("sha256").update(json).digest("hex") });
    pruneImages(opts.outDir);
    return result;
  } catch (err) {
    // The previous save still refers to the images that were there before.
    for (const f of new Set(ctx.images)) if (!before.has(f)) fs.rmSync(path.join(imagesDir, f), { force: true });
    throw err;
  }
}
