/**
 * The kept save text (mods/tts/save-text.ts) is rebuilt only where the game changed; whatever
 * changed, and however (an entry replaced, a location changed in place, GUIDs added or gone, the
 * log grown or replaced, a new game), it must be byte for byte `canonical` of the SavedGame that
 * session.ts wrote before it was kept.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonical, hashText } from "../../src/engine/core/serialize";
import { saveTextOf, stateHash, warmSave } from "../../mods/tts/save-text";

/** A bookkeeping location (mods/tts/session.ts `Loc`). */
interface SavedLoc {
  area: string;
  seat: number;
  index: number;
  down: boolean;
  x?: number;
  locked?: boolean;
}

/** What session.ts saves, and the engine state whose hash it holds. */
interface SaveParts {
  v: number;
  game: string;
  players: number;
  seed: string;
  options: { [name: string]: unknown };
  bots: boolean[];
  actions: unknown[];
  where: { [guid: string]: SavedLoc };
  busy: boolean;
  /** A field a later version adds (written whole). */
  extra?: { [k: string]: number };
  state: unknown;
}

function fields(p: SaveParts): { [key: string]: unknown } {
  const { state: _state, ...saved } = p;
  return saved;
}

function reference(p: SaveParts): string {
  return canonical({ ...fields(p), stateHash: hashText(canonical(p.state)) });
}

function saveTextOfParts(p: SaveParts): string {
  return saveTextOf(fields(p), p.state);
}

const GUIDS = ["a1b2c3", "0f0f0f", "ffffff", "A1B2C3", "123abc", "zz9", "b", "ba", "ab"];

const change = fc.oneof(
  fc.record({ kind: fc.constant("move" as const), guid: fc.constantFrom(...GUIDS), area: fc.constantFrom("hand", "slot", "pile", "deck", "spot"), seat: fc.integer({ min: -1, max: 3 }), index: fc.nat(20), down: fc.boolean() }),
  fc.record({ kind: fc.constant("inPlace" as const), pick: fc.nat(), index: fc.nat(20), x: fc.option(fc.double({ min: -40, max: 40, noNaN: true }), { nil: undefined }) }),
  fc.record({ kind: fc.constant("drop" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("act" as const), card: fc.constantFrom("sun-1", "moon-2", "x"), seat: fc.nat(3) }),
  fc.record({ kind: fc.constant("newLog" as const), keep: fc.nat(5) }),
  fc.record({ kind: fc.constant("busy" as const), busy: fc.boolean() }),
  fc.record({ kind: fc.constant("state" as const), round: fc.nat(9) }),
  fc.record({ kind: fc.constant("newGame" as const), players: fc.integer({ min: 2, max: 4 }), seed: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant("extra" as const), value: fc.option(fc.nat(9), { nil: undefined }) }),
);

function newGame(players: number, seed: string): SaveParts {
  const bots: boolean[] = [];
  for (let s = 0; s < players; s++) bots.push(s > 0);
  return { v: 2, game: "solar-eclipse", players, seed, options: players === 3 ? { variant: "short" } : {}, bots, actions: [], where: {}, busy: false, state: { round: 0, hands: [["sun-1"], []] } };
}

/** TTS's Wait.frames for warmSave: callbacks queue until the test lets frames pass. */
const frames: (() => void)[] = [];
(globalThis as unknown as { Wait: unknown }).Wait = { frames: (fn: () => void) => frames.push(fn) };
function runFrames(n: number): void {
  for (let i = 0; i < n && frames.length > 0; i++) {
    const due = frames.splice(0, frames.length);
    for (const fn of due) fn();
  }
}

describe("the kept save text (mods/tts/save-text.ts)", () => {
  it("is canonical(SavedGame) after any sequence of changes, saved between them or not, warmed in frames or not", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(change, fc.boolean(), fc.nat(4)), { maxLength: 40 }), (steps) => {
        let p = newGame(3, "seed");
        expect(saveTextOfParts(p)).toBe(reference(p));
        for (const [c, save, warm] of steps) {
          const guids = Object.keys(p.where);
          if (c.kind === "move") p.where[c.guid] = { area: c.area, seat: c.seat, index: c.index, down: c.down };
          else if (c.kind === "inPlace" && guids.length > 0) {
            const loc = p.where[guids[c.pick % guids.length]] as SavedLoc;
            loc.index = c.index;
            loc.x = c.x;
          } else if (c.kind === "drop" && guids.length > 0) delete p.where[guids[c.pick % guids.length]];
          else if (c.kind === "act") p.actions.push({ seat: c.seat, type: "play", card: c.card });
          else if (c.kind === "newLog") p.actions = p.actions.slice(0, c.keep).map((a) => ({ ...(a as object), again: true }));
          else if (c.kind === "busy") p.busy = c.busy;
          else if (c.kind === "state") p.state = { round: c.round, hands: [["moon-2"], ["sun-1"]] };
          else if (c.kind === "newGame") p = newGame(c.players, c.seed);
          else if (c.kind === "extra") p.extra = c.value === undefined ? undefined : { n: c.value };
          // Frames after a change write parts of the next save (a move or a load starts them).
          const current = p;
          warmSave(() => current);
          runFrames(warm);
          if (save) expect(saveTextOfParts(p)).toBe(reference(p));
        }
        expect(saveTextOfParts(p)).toBe(reference(p));
      }),
      { numRuns: 200 },
    );
  });

  it("sorts the GUIDs again when one is gone and another came, even when frames wrote entries meanwhile", () => {
    const p = newGame(2, "swap");
    p.where = { b0: { area: "hand", seat: 0, index: 0, down: false }, a0: { area: "deck", seat: -1, index: 0, down: true } };
    expect(saveTextOfParts(p)).toBe(reference(p));
    delete p.where.a0;
    p.where.c0 = { area: "slot", seat: 1, index: 0, down: false };
    p.where.b0.index = 1;
    warmSave(() => p);
    runFrames(10);
    expect(saveTextOfParts(p)).toBe(reference(p));
  });

  it("hashes a state once, whatever object it was built as", () => {
    const a = { round: 1, hands: [["sun-1"]] };
    const b = { hands: [["sun-1"]], round: 1 };
    expect(stateHash(a)).toBe(hashText(canonical(a)));
    expect(stateHash(b)).toBe(stateHash(a));
    expect(stateHash({ round: 2, hands: [] })).not.toBe(stateHash(a));
  });
});
