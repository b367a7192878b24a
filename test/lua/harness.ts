/**
 * Shared helpers of the Lua parity tests: which games and player counts to cover (every engine
 * in the registry, every count it supports — engines that land later are covered without
 * edits) and the event-by-event comparison of two playthroughs.
 */
import { allGames, canonical, templateEngines, type Playthrough } from "../../src/engine/lua-api";

export interface ParityConfig {
  game: string;
  players: number;
}

/** Every registered engine and template engine (`syzygy new --engine`'s) × every player count in [minPlayers, maxPlayers]. */
export function parityConfigs(): ParityConfig[] {
  const out: ParityConfig[] = [];
  for (const g of [...allGames(), ...templateEngines()]) {
    for (let p = g.minPlayers; p <= g.maxPlayers; p++) out.push({ game: g.id, players: p });
  }
  return out;
}

/**
 * Games per setup: 4 in `npm test` (a quick check that fits its time budget), 1 000 in
 * `npm run test:parity`, which CI also runs (SYZYGY_PARITY_GAMES).
 */
export function parityGameCount(): number {
  const fromEnv = Number(process.env.SYZYGY_PARITY_GAMES);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 4;
}

/**
 * Which part of every setup's seeds this run plays: SYZYGY_PARITY_PART="k/n" (vitest.config.ts
 * runs the parity file as n projects, so the parts play on different workers); all when unset.
 */
export function parityPart(): { index: number; count: number } {
  const text = process.env.SYZYGY_PARITY_PART ?? "1/1";
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (m === null || n < 1 || k < 1 || k > n) throw new Error(`SYZYGY_PARITY_PART must be k/n with 1 ≤ k ≤ n, got "${text}"`);
  return { index: k - 1, count: n };
}

/** Part `index` of `count` of the range [0, total): contiguous, the parts together cover it once. */
export function partOf(total: number, part: { index: number; count: number }): { from: number; to: number } {
  return { from: Math.floor((total * part.index) / part.count), to: Math.floor((total * (part.index + 1)) / part.count) };
}

function show(value: unknown): string {
  const text = canonical(value);
  return text.length > 600 ? text.slice(0, 600) + `… (${text.length} chars)` : text;
}

/**
 * The first place where the Node and Lua runs of one seeded game differ — with game, players,
 * seed, step and both sides — or undefined when they are identical.
 */
export function firstDifference(node: Playthrough, lua: Playthrough): string | undefined {
  const where = `${node.game} ${node.players}p seed "${node.seed}"`;
  const differ = (what: string, a: unknown, b: unknown): string | undefined =>
    canonical(a) === canonical(b) ? undefined : `${where} ${what}:\n  node: ${show(a)}\n  lua:  ${show(b)}`;
  const head = differ("setup state hash", node.start, lua.start) ?? differ("start events", node.startEvents, lua.startEvents);
  if (head !== undefined) return head;
  const n = Math.max(node.steps.length, lua.steps.length);
  for (let i = 0; i < n; i++) {
    const a = node.steps[i];
    const b = lua.steps[i];
    if (a === undefined || b === undefined) {
      return `${where} step ${i}: one side ended early\n  node: ${show(a ?? "(no step)")}\n  lua:  ${show(b ?? "(no step)")}`;
    }
    const d = differ(`step ${i}`, a, b);
    if (d !== undefined) return d;
  }
  return (
    differ("end state hash", node.end, lua.end) ??
    differ("result", node.result, lua.result) ??
    differ("stop reason", node.error, lua.error)
  );
}

