/**
 * Footprints on the table, seen from above: every object of a save, and every place the script
 * moves things to during a game (computed with the same src/table/layout.ts functions the script
 * calls), as oriented rectangles. `overlaps` lists what collides; `tableSvg` draws them.
 */
import type { GameModel } from "../../src/model/types";
import { BOARD_UNITS_AT_SCALE_1, PIECE_UNITS_AT_SCALE_1 } from "../../src/tts/build";
import { sectorBox } from "../../src/tts/sheets";
import {
  ASIDE_LOCAL,
  BID_LOCAL,
  BONUS_PILE,
  CARD_H,
  CARD_W,
  DECK_POINT,
  DISCARD_POINT,
  PILE_LOCAL,
  PLACES,
  bonusCardLocal,
  commitPoint,
  markerRestPoint,
  meldCardLocal,
  placesFor,
  scoreTokenLocal,
  slotLocal,
  toWorld,
  tokenSupplyPoint,
  trumpCardPoint,
  type Point,
  type Sheet,
} from "../../src/table/layout";
import { findDefinition } from "../../src/games/index";

const rulesFor = (game: string) => findDefinition(game)!.table;
import { meterPoint } from "../../src/engine/eclipsed/table";

/** What a footprint is: a floor (area or board) things may lie on, a piece, or a hand zone nothing may enter. */
export type Layer = "floor" | "piece" | "hand";

export interface Footprint {
  name: string;
  layer: Layer;
  x: number;
  z: number;
  /** Size along the object's own x and z (before its yaw). */
  w: number;
  d: number;
  yaw: number;
  /** Pieces of one group (a pile, a fan, a meld, one object at different times) may overlap. */
  group: string;
  /** A piece meant to lie on this floor (by name): it must lie inside it. */
  on?: string;
  /** Written on the picture (tableSvg). */
  label?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

const EPS = 1e-6;

function corners(f: Footprint): Point[] {
  const a = (f.yaw * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const out: Point[] = [];
  for (const [u, v] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
    const lx = (u * f.w) / 2;
    const lz = (v * f.d) / 2;
    // The same rotation as layout.ts toWorld.
    out.push({ x: f.x + lx * c + lz * s, z: f.z - lx * s + lz * c });
  }
  return out;
}

function axes(f: Footprint): Point[] {
  const a = (f.yaw * Math.PI) / 180;
  return [
    { x: Math.cos(a), z: -Math.sin(a) },
    { x: Math.sin(a), z: Math.cos(a) },
  ];
}

function project(ps: Point[], axis: Point): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of ps) {
    const v = p.x * axis.x + p.z * axis.z;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

/** True when the two rectangles share area (touching edges do not count). Separating axis test. */
export function intersects(a: Footprint, b: Footprint): boolean {
  const ca = corners(a);
  const cb = corners(b);
  for (const axis of [...axes(a), ...axes(b)]) {
    const [a0, a1] = project(ca, axis);
    const [b0, b1] = project(cb, axis);
    if (a1 <= b0 + EPS || b1 <= a0 + EPS) return false;
  }
  return true;
}

/** True when `inner` lies entirely within `outer`. */
export function inside(inner: Footprint, outer: Footprint): boolean {
  const [ax, az] = axes(outer);
  for (const p of corners(inner)) {
    const dx = p.x - outer.x;
    const dz = p.z - outer.z;
    if (Math.abs(dx * ax.x + dz * ax.z) > outer.w / 2 + EPS) return false;
    if (Math.abs(dx * az.x + dz * az.z) > outer.d / 2 + EPS) return false;
  }
  return true;
}

/** Every conflict: floors or hand zones that meet, pieces of different groups that meet, a piece off its floor or on another. */
export function overlaps(fs: Footprint[]): string[] {
  const out: string[] = [];
  const byName = new Map(fs.map((f) => [f.name, f]));
  for (const f of fs) {
    if (f.on === undefined) continue;
    const floor = byName.get(f.on);
    if (floor === undefined) out.push(`${f.name}: lies on ${f.on}, which is not on the table`);
    else if (!inside(f, floor)) out.push(`${f.name}: not inside ${f.on}`);
  }
  for (let i = 0; i < fs.length; i++) {
    for (let j = i + 1; j < fs.length; j++) {
      const a = fs[i];
      const b = fs[j];
      if (a.group === b.group) continue;
      if (a.layer === "piece" && b.layer === "piece") {
        if (intersects(a, b)) out.push(`${a.name} overlaps ${b.name}`);
        continue;
      }
      if (a.layer === "piece" && a.on === b.name) continue;
      if (b.layer === "piece" && b.on === a.name) continue;
      if (intersects(a, b)) out.push(`${a.name} overlaps ${b.name}`);
    }
  }
  return out;
}

function componentOf(model: GameModel, id: string) {
  return model.components.find((c) => c.id === id);
}

/**
 * The component a saved object belongs to, from its data id (Memo): "component/item[#n]", or a bare
 * card id of the engine's deck (`engineDeck`); a deck by its first card.
 */
export function componentIdOf(o: Obj, engineDeck: string): string {
  const note: string = o.Memo !== undefined && o.Memo !== "" ? o.Memo : (o.ContainedObjects?.[0]?.Memo ?? "");
  return note.includes("/") ? note.slice(0, note.indexOf("/")) : engineDeck;
}

/**
 * The footprint of one object of a save: an area's ScriptingTrigger (Memo "zone/<area>") is
 * the area's floor "area/<area>" (its outline is drawn on exactly that footprint: layout.test.ts);
 * the areas' 3D-text labels lie on their floors and have none.
 */
export function objectFootprint(model: GameModel, o: Obj, group: string): Footprint | undefined {
  const t = o.Transform;
  const name = o.Memo !== undefined && o.Memo !== "" ? o.Memo : `${o.Name} ${o.Nickname ?? o.FogColor ?? o.GUID}`;
  const base = { name, x: t.posX, z: t.posZ, yaw: t.rotY, group };
  if (o.Name === "3DText") return undefined;
  if (o.Name === "ScriptingTrigger") {
    if (typeof o.Memo !== "string" || !o.Memo.startsWith("zone/")) return undefined;
    const id = o.Memo.slice("zone/".length);
    const label = id === "play" ? o.Nickname : id.startsWith("meld-row/") ? undefined : "meld here";
    return { ...base, name: `area/${id}`, layer: "floor", w: t.scaleX, d: t.scaleZ, label };
  }
  if (o.Name === "HandTrigger") return { ...base, name: `hand zone ${o.FogColor}`, layer: "hand", w: t.scaleX, d: t.scaleZ };
  if (o.Name === "Card" || o.Name === "Deck") return { ...base, layer: "piece", w: CARD_W * t.scaleX, d: CARD_H * t.scaleZ };
  const c = componentOf(model, componentIdOf(o, ""));
  if (c === undefined) throw new Error(`no component ${o.Memo} for ${name}`);
  if (o.Name === "Custom_Board") {
    const w = t.scaleX * BOARD_UNITS_AT_SCALE_1;
    return { ...base, layer: "floor", w, d: (w * c.size.height) / c.size.width, label: o.Nickname };
  }
  const w = t.scaleX * PIECE_UNITS_AT_SCALE_1;
  const box = c.shape.kind === "sector" ? sectorBox(c.size.width, c.size.height, c.shape.degrees) : { w: c.size.width, h: c.size.height };
  return { ...base, layer: "piece", w, d: (w * box.h) / box.w };
}

/** A card (scale 1) lying at `p`, turned to face `place` (the script's cardYaw), or unturned (-1). */
function card(name: string, p: Point, place: number, group: string, on?: string): Footprint {
  return { name, layer: "piece", x: p.x, z: p.z, w: CARD_W, d: CARD_H, yaw: place < 0 ? 180 : PLACES[place].yaw + 180, group, on };
}

/** Components whose pieces the script moves at Start, and the engine's deck: their saved spots are empty in play. */
const MOVED_AT_START: { [game: string]: string[] } = {
  "lunar-trick": ["moon-markers", "point-tokens"],
  "solar-eclipse": ["bid-cards", "bonus-cards"],
  eclipsed: ["meter-marker"],
};

/** Games that collect won tricks into piles. */
const TRICK_GAMES = ["lunar-trick", "solar-eclipse"];

function sheetOf(fs: Footprint[], prefix: string): Sheet & { name: string } {
  const f = fs.find((x) => x.name.startsWith(prefix))!;
  return { name: f.name, x: f.x, z: f.z, half: f.w / 2 };
}

export interface PlayOptions {
  /** Meld sizes of every seat (Eclipsed), in declaration order. */
  melds?: number[];
}

/**
 * Everything on the table during a game of `players`: the save's objects the script leaves
 * where they are, and every spot it moves cards and pieces to (all at once: a stricter test
 * than any single moment of a game).
 */
export function inPlay(model: GameModel, save: Obj, engineDeck: string, players: number, opts: PlayOptions = {}): Footprint[] {
  const game = model.id;
  const moved = [engineDeck, ...(MOVED_AT_START[game] ?? [])];
  const out: Footprint[] = [];
  for (const o of save.ObjectStates as Obj[]) {
    if (moved.includes(componentIdOf(o, engineDeck))) continue;
    const f = objectFootprint(model, o, `saved/${o.GUID}`);
    if (f !== undefined) out.push(f);
  }
  const places = placesFor(players);
  const slots = rulesFor(game).slotsPerSeat;
  const colour = (s: number) => PLACES[places[s]].color;
  out.push({ ...card("draw deck", DECK_POINT, -1, "deck"), label: "draw" });
  for (let s = 0; s < players; s++) {
    const p = places[s];
    for (let k = 0; k < slots; k++) out.push(card(`${colour(s)} trick slot ${k}`, toWorld(p, slotLocal(k, slots)), p, `slot/${s}/${k}`, "area/play"));
    if (TRICK_GAMES.includes(game)) out.push({ ...card(`${colour(s)} won pile`, toWorld(p, PILE_LOCAL), p, `pile/${s}`), label: "won" });
  }
  if (game === "lunar-trick") {
    const sheet = sheetOf(out, "moon-phase-sheet/");
    const token = objectFootprint(model, save.ObjectStates.find((o: Obj) => componentIdOf(o, "") === "point-tokens"), "")!;
    const marker = objectFootprint(model, save.ObjectStates.find((o: Obj) => componentIdOf(o, "") === "moon-markers"), "")!;
    const tokens = model.components.find((c) => c.id === "point-tokens")!.count;
    for (let s = 0; s < players; s++) {
      for (let k = 0; k < tokens; k++) {
        const at = toWorld(places[s], scoreTokenLocal(k));
        out.push({ ...token, name: `${colour(s)} point token ${k + 1}`, x: at.x, z: at.z, yaw: 180, group: `token/${s}/${k}` });
      }
    }
    for (let i = 0; i < 3; i++) out.push({ ...marker, name: `moon marker ${i + 1} waiting`, ...markerRestPoint(sheet, i), yaw: 180, group: `marker/${i}` });
    out.push({ ...token, name: "point token supply", ...tokenSupplyPoint(sheet), yaw: 180, group: "supply" });
    const trump = out.find((f) => f.name.startsWith("trump-status/"))!;
    out.push({ ...card("trump status card (after the reveal)", trumpCardPoint(sheet), -1, trump.group) });
  }
  if (game === "solar-eclipse") {
    const bonus = model.components.find((c) => c.id === "bonus-cards")!.count;
    for (let s = 0; s < players; s++) {
      const p = places[s];
      out.push({ ...card(`${colour(s)} bid card`, toWorld(p, BID_LOCAL), p, `bid/${s}`), label: "bid" });
      out.push({ ...card(`${colour(s)} bid cards set aside`, toWorld(p, ASIDE_LOCAL), p, `aside/${s}`), label: "aside" });
      for (let k = 0; k < bonus; k++) out.push(card(`${colour(s)} bonus card ${k + 1}`, toWorld(p, bonusCardLocal(k)), p, `bonus/${s}`));
    }
    out.push({ ...card("bonus card pile", BONUS_PILE, -1, "bonus pile"), label: "bonus" });
  }
  if (game === "eclipsed") {
    out.push({ ...card("discard pile", DISCARD_POINT, -1, "discard"), label: "discard" });
    out.push({ ...card("fate card", commitPoint(players, -1), -1, "fate", "area/play"), label: "fate" });
    for (let s = 0; s < players; s++) out.push(card(`${colour(s)} Edict`, commitPoint(players, s), places[s], `slot/${s}/0`, "area/play"));
    const sizes = opts.melds ?? [];
    for (let s = 0; s < players; s++) {
      const p = places[s];
      for (let k = 0; k < sizes.length; k++) {
        for (let j = 0; j < sizes[k]; j++) out.push(card(`${colour(s)} meld ${k + 1} card ${j + 1}`, toWorld(p, meldCardLocal(sizes, k, j)), p, `meld/${s}/${k}`, `area/meld-row/${colour(s)}`));
      }
    }
    const track = sheetOf(out, "meter-track/");
    const marker = objectFootprint(model, save.ObjectStates.find((o: Obj) => componentIdOf(o, "") === "meter-marker"), "")!;
    for (let m = -3; m <= 3; m++) {
      const at = meterPoint({ x: track.x, z: track.z, width: track.half * 2 }, m);
      out.push({ ...marker, name: `meter marker at ${m}`, x: at.x, z: at.z, yaw: 180, group: "meter marker", on: track.name });
    }
  }
  return out;
}

const FILL: { [layer: string]: string } = { floor: "#2f5d57", piece: "#f4efe3", hand: "none" };

/** A top-down picture of footprints (x right, z up), `px` pixels per unit. */
export function tableSvg(fs: Footprint[], title: string, px = 14): string {
  let x0 = Infinity;
  let x1 = -Infinity;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (const f of fs) {
    for (const c of corners(f)) {
      x0 = Math.min(x0, c.x);
      x1 = Math.max(x1, c.x);
      z0 = Math.min(z0, c.z);
      z1 = Math.max(z1, c.z);
    }
  }
  const m = 1.5;
  const w = (x1 - x0 + 2 * m) * px;
  const h = (z1 - z0 + 2 * m) * px + 24;
  const X = (x: number) => ((x - x0 + m) * px).toFixed(1);
  const Z = (z: number) => ((z1 - z + m) * px + 24).toFixed(1);
  const order: Layer[] = ["floor", "hand", "piece"];
  const label = (f: Footprint): string => {
    if (f.label === undefined || f.label === "") return "";
    // Floors: fitted to their width, the middle's along its top edge (its centre holds cards).
    const floor = f.layer === "floor";
    const size = floor ? Math.min(11, (Math.min(f.w, f.d) * px) / (f.label.length * 0.62)) : 9;
    const z = floor && f.w === f.d && f.w > 10 ? f.z + f.d / 2 - 0.7 : f.z;
    return `<text x="${X(f.x)}" y="${(Number(Z(z)) + size / 3).toFixed(1)}" text-anchor="middle" font-family="Inter" font-weight="bold" font-size="${size.toFixed(1)}" fill="${floor ? "#e9c46a" : "#333"}">${f.label}</text>`;
  };
  const shapes = order.flatMap((layer) =>
    fs
      .filter((f) => f.layer === layer)
      .map((f) => {
        const pts = corners(f).map((c) => `${X(c.x)},${Z(c.z)}`).join(" ");
        const stroke = layer === "hand" ? "#c0392b" : layer === "floor" ? "#e9c46a" : "#333";
        const dash = layer === "hand" ? ` stroke-dasharray="6 4"` : "";
        return `<polygon points="${pts}" fill="${FILL[layer]}" fill-opacity="${layer === "piece" ? 0.85 : 1}" stroke="${stroke}" stroke-width="1"${dash}/>${label(f)}`;
      }),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w.toFixed(0)}" height="${h.toFixed(0)}">`,
    `<rect width="100%" height="100%" fill="#6b4f3a"/>`,
    `<text x="8" y="17" font-family="Inter" font-weight="bold" font-size="14" fill="#fff">${title}</text>`,
    ...shapes,
    `</svg>`,
  ].join("\n");
}
