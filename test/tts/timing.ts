/**
 * Timing models for the fake TTS host (fake-world.lua `F.timing`): what the TTS API docs leave
 * open, each way it could go. The docs say a Wait.frames function runs "after the specified number
 * of frames have elapsed" and a Wait.condition function once its conditionFunc "returns true" —
 * not in which order callbacks due in the same frame run; that objects taken out of a container
 * "will take one or more frames to spawn" — not how many, nor whether getObjectFromGUID finds them
 * meanwhile (only that their guid "is assigned correctly once the `spawning` member variable
 * becomes false"); and that after the second-last take "the remaining contained object will spawn
 * in its place" — not when. The script must play right under every one of them.
 */
export interface Timing {
  /** Order of the Wait callbacks due in one frame. */
  order: "registration" | "conditionsFirst" | "conditionsLast" | "random";
  /** Seeds "random" order. */
  seed: number;
  /** getObjectFromGUID finds an object still spawning. */
  findSpawning: boolean;
  /** Frames a card taken out of a deck takes to spawn (≥ 1: "one or more frames"). */
  spawnFrames: number;
  /** Frames a deck's remainder takes to spawn (0: at once). */
  remainderFrames: number;
}

const BASE: Timing = { order: "registration", seed: 1, findSpawning: false, spawnFrames: 1, remainderFrames: 2 };

/** Every model the whole-game tests run under, by name. */
export const TIMING_MODELS: Record<string, Timing> = {
  registration: BASE,
  conditionsFirst: { ...BASE, order: "conditionsFirst" },
  conditionsLast: { ...BASE, order: "conditionsLast" },
  random: { ...BASE, order: "random", seed: 7 },
  findSpawning: { ...BASE, findSpawning: true },
  remainderAtOnce: { ...BASE, remainderFrames: 0 },
  remainderLate: { ...BASE, remainderFrames: 9 },
  slowSpawns: { ...BASE, spawnFrames: 6, remainderFrames: 8 },
  /** Everything at once that the issue found the stuck player under. */
  worst: { ...BASE, order: "conditionsLast", findSpawning: true, remainderFrames: 0 },
};

export const TIMING_NAMES = Object.keys(TIMING_MODELS);

/** A model drawn from `n` (any integer): a random order with its own seed, and random frame counts. */
export function randomTiming(n: number): Timing {
  const pick = <T>(xs: T[], k: number): T => xs[Math.abs(k) % xs.length];
  return {
    order: pick(["registration", "conditionsFirst", "conditionsLast", "random"] as const, n),
    seed: Math.abs(n) + 1,
    findSpawning: pick([false, true], n >> 2),
    spawnFrames: 1 + pick([0, 1, 5], n >> 3),
    remainderFrames: pick([0, 1, 2, 9], n >> 5),
  };
}

/** SYZYGY_TTS_TIMING names a model for every table of a run; unset: "registration". */
export function defaultTiming(): Timing {
  const name = process.env.SYZYGY_TTS_TIMING;
  if (name === undefined || name === "") return BASE;
  const model = TIMING_MODELS[name];
  if (model === undefined) throw new Error(`SYZYGY_TTS_TIMING=${name}: use one of ${TIMING_NAMES.join(", ")}`);
  return model;
}
