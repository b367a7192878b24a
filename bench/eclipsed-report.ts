/**
 * Eclipsed simulation report (docs/simulation/eclipsed.md): plays N games exactly as
 * `syzygy simulate eclipsed --policy greedy` does (same seeds `<seed>#i`, same seat order, same
 * policy; the printed eventsHash equals the simulate report's) and measures what the rulebook's
 * design notes claim: rounds per game, points per player per round, turns per round and win
 * rate by alignment of the fate Edict.
 *
 *   npx tsx bench/eclipsed-report.ts [--games 2000] [--players 2] [--seed eclipsed-report]
 *     [--policy greedy|random] [--format standard|quick|long] [--patience N] [--json]
 * --patience N: the greedy bot declines to go out before its own Nth turn of a round (a
 *   sensitivity run for the turns-per-round claim; the rules are unchanged). Not simulate's bot.
 */
import { rngFromSeed, rngInt } from "../src/engine/core/rng";
import { canonical, hasherAdd, hasherHex, hasherNew } from "../src/engine/core/serialize";
import { randomSeat } from "../src/engine/sim";
import { eclipsed } from "../src/engine/eclipsed/index";
import type { Event as EclipsedEvent, Options as EclipsedOptions, State as EclipsedState } from "../src/engine/eclipsed/index";
import type { RoundEvent } from "../src/engine/eclipsed/types";
import { alignmentOf, cardOf } from "../src/engine/eclipsed/cards";

type Align = "light" | "dark";

interface RoundFacts {
  fate: Align;
  /** Majority alignment of each seat's melded cards this round ("none" without melds or on a tie). */
  leaning: (Align | "none")[];
  points: number[];
  turns: number;
  wentOut: boolean;
  melds: number;
  burned: number;
}

export interface Report {
  players: number;
  games: number;
  seed: string;
  policy: string;
  format: string;
  patience: number;
  eventsHash: string;
  rounds: { mean: number; histogram: [number, number][] };
  pointsPerPlayerRound: { mean: number; median: number; p10: number; p90: number; meldPoints: number; deadwood: number; bonus: number };
  turnsPerRound: { total: number; perPlayer: number };
  roundsEndedBy: { goingOut: number; emptyPile: number };
  meldsPerPlayerRound: number;
  burnedShare: number;
  meldTypes: [string, number, number][];
  winRateBySeat: number[];
  /** Game winner's share by the alignment of the first round's fate Edict (is the game start balanced?). */
  firstFate: { light: { games: number; startingSeatWins: number }; dark: { games: number; startingSeatWins: number } };
  /** Rounds won (highest round points, ties excluded) by meld leaning, split by the fate Edict's alignment. */
  roundWins: { fate: Align; rounds: number; lightLeaningWins: number; darkLeaningWins: number; lightLeaningShare: number; darkLeaningShare: number }[];
  /** Games won by each player's overall meld leaning (more Light or Dark cards melded over the game). */
  gameWinsByLeaning: { light: { players: number; wins: number }; dark: { players: number; wins: number } };
  ms: number;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf("--" + name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

function leaningOf(light: number, dark: number): Align | "none" {
  if (light > dark) return "light";
  if (dark > light) return "dark";
  return "none";
}

export function runReport(
  games: number,
  players: number,
  seed: string,
  policy: "greedy" | "random",
  format: EclipsedOptions["format"],
  patience = 0,
): Report {
  const t0 = Date.now();
  const hasher = hasherNew();
  const rounds: RoundFacts[] = [];
  const roundsPerGame: number[] = [];
  const wins = Array(players).fill(0);
  const firstFate = { light: { games: 0, startingSeatWins: 0 }, dark: { games: 0, startingSeatWins: 0 } };
  const gameLeaning = { light: { players: 0, wins: 0 }, dark: { players: 0, wins: 0 } };
  const typeCount = new Map<string, { n: number; sum: number }>();
  let meldPts = 0;
  let deadwoodPts = 0;
  let bonusPts = 0;
  const allPoints: number[] = [];

  for (let g = 0; g < games; g++) {
    const gameSeed = seed + "#" + g;
    const policyRng = rngFromSeed(gameSeed + "/policy");
    let state: EclipsedState = eclipsed.setup({ players, options: { format }, dealer: -1, deal: [], setAside: [] }, gameSeed);
    hasherAdd(hasher, "game " + g + "\n");
    const record = (e: EclipsedEvent) => {
      hasherAdd(hasher, canonical(e));
      hasherAdd(hasher, "\n");
    };
    let turns = 0;
    let fate: Align = alignmentOf(cardOf(state.fate).suit);
    const firstRoundFate = fate;
    const firstSeat = (state.dealer + 1) % players;
    const gameLight = Array(players).fill(0);
    const gameDark = Array(players).fill(0);
    let roundCount = 0;
    const onRound = (e: RoundEvent) => {
      roundCount++;
      const light = Array(players).fill(0);
      const dark = Array(players).fill(0);
      let burned = 0;
      for (const m of e.melds) {
        if (m.burned) burned++;
        const t = typeCount.get(m.type) ?? { n: 0, sum: 0 };
        t.n++;
        t.sum += m.value;
        typeCount.set(m.type, t);
        meldPts += m.value;
        for (const id of m.cards) {
          if (alignmentOf(cardOf(id).suit) === "light") light[m.seat]++;
          else dark[m.seat]++;
        }
      }
      for (const b of e.bonuses) bonusPts += b.value;
      for (const d of e.deadwood) deadwoodPts += d.points;
      for (let s = 0; s < players; s++) {
        gameLight[s] += light[s];
        gameDark[s] += dark[s];
        allPoints.push(e.points[s]);
      }
      rounds.push({
        fate,
        leaning: light.map((l, s) => leaningOf(l, dark[s])),
        points: e.points,
        turns,
        wentOut: e.wentOut >= 0,
        melds: e.melds.length,
        burned,
      });
      turns = 0;
    };
    if (eclipsed.startEvents !== undefined) for (const e of eclipsed.startEvents(state)) record(e);
    for (let n = 0; ; n++) {
      const active = eclipsed.active(state);
      if (active.length === 0) break;
      if (n > 100000) throw new Error(`game ${g} did not end within 100000 actions (round ${state.round}, totals ${state.totals.join("/")})`);
      const seat = randomSeat(active, policyRng);
      const legal = eclipsed.legal(state, seat);
      let action = policy === "greedy" ? eclipsed.greedy(state, seat, legal, policyRng) : legal[rngInt(policyRng, legal.length)];
      // --patience N: a sensitivity variant of the bot that declines to go out before its Nth turn
      if (action.type === "discard" && action.goOut === true && state.turns[seat] < patience) action = { type: "discard", card: action.card };
      const r = eclipsed.apply(state, seat, action);
      if (!r.ok) throw new Error(`game ${g}: ${r.rule} ${r.message}`);
      for (const e of r.events) {
        record(e);
        if (e.type === "draw") turns++;
        if (e.type === "round") onRound(e);
        if (e.type === "roundStart") fate = alignmentOf(cardOf(e.fate).suit);
      }
      state = r.state;
    }
    roundsPerGame.push(roundCount);
    if (process.env.PROGRESS !== undefined && g % 200 === 0) process.stderr.write(`game ${g} ${Date.now() - t0} ms\n`);
    const result = eclipsed.result(state);
    for (const w of result.winners) wins[w]++;
    const ff = firstFate[firstRoundFate];
    ff.games++;
    if (result.winners.includes(firstSeat)) ff.startingSeatWins++;
    for (let s = 0; s < players; s++) {
      const lean = leaningOf(gameLight[s], gameDark[s]);
      if (lean === "none") continue;
      gameLeaning[lean].players++;
      if (result.winners.includes(s)) gameLeaning[lean].wins++;
    }
  }

  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const sorted = [...allPoints].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const hist = new Map<number, number>();
  for (const r of roundsPerGame) hist.set(r, (hist.get(r) ?? 0) + 1);
  const seatRounds = rounds.length * players;
  const roundWins = (["light", "dark"] as Align[]).map((f) => {
    const rs = rounds.filter((r) => r.fate === f);
    let lightWins = 0;
    let darkWins = 0;
    let lightSeats = 0;
    let darkSeats = 0;
    for (const r of rs) {
      const top = Math.max(...r.points);
      const winners = r.points.map((p, s) => (p === top ? s : -1)).filter((s) => s >= 0);
      for (const l of r.leaning) {
        if (l === "light") lightSeats++;
        if (l === "dark") darkSeats++;
      }
      if (winners.length !== 1) continue;
      if (r.leaning[winners[0]] === "light") lightWins++;
      if (r.leaning[winners[0]] === "dark") darkWins++;
    }
    return {
      fate: f,
      rounds: rs.length,
      lightLeaningWins: lightWins,
      darkLeaningWins: darkWins,
      // share of Light-leaning (Dark-leaning) seat-rounds that won their round
      lightLeaningShare: round4(lightSeats === 0 ? 0 : lightWins / lightSeats),
      darkLeaningShare: round4(darkSeats === 0 ? 0 : darkWins / darkSeats),
    };
  });
  return {
    players,
    games,
    seed,
    policy,
    format,
    patience,
    eventsHash: hasherHex(hasher),
    rounds: { mean: round4(mean(roundsPerGame)), histogram: [...hist.entries()].sort((a, b) => a[0] - b[0]) },
    pointsPerPlayerRound: {
      mean: round4(mean(allPoints)),
      median: q(0.5),
      p10: q(0.1),
      p90: q(0.9),
      meldPoints: round4(meldPts / seatRounds),
      deadwood: round4(deadwoodPts / seatRounds),
      bonus: round4(bonusPts / seatRounds),
    },
    turnsPerRound: { total: round4(mean(rounds.map((r) => r.turns))), perPlayer: round4(mean(rounds.map((r) => r.turns)) / players) },
    roundsEndedBy: {
      goingOut: round4(rounds.filter((r) => r.wentOut).length / rounds.length),
      emptyPile: round4(rounds.filter((r) => !r.wentOut).length / rounds.length),
    },
    meldsPerPlayerRound: round4(rounds.reduce((a, r) => a + r.melds, 0) / seatRounds),
    burnedShare: round4(rounds.reduce((a, r) => a + r.burned, 0) / Math.max(1, rounds.reduce((a, r) => a + r.melds, 0))),
    meldTypes: [...typeCount.entries()].sort((a, b) => b[1].n - a[1].n).map(([t, v]) => [t, v.n, round4(v.sum / v.n)]),
    winRateBySeat: wins.map((w) => round4(w / games)),
    firstFate,
    roundWins,
    gameWinsByLeaning: gameLeaning,
    ms: Date.now() - t0,
  };
}

const isMain = process.argv[1] !== undefined && process.argv[1].endsWith("eclipsed-report.ts");
if (isMain) {
  const report = runReport(
    Number(arg("games", "2000")),
    Number(arg("players", "2")),
    arg("seed", "eclipsed-report"),
    arg("policy", "greedy") === "random" ? "random" : "greedy",
    arg("format", "standard") as EclipsedOptions["format"],
    Number(arg("patience", "0")),
  );
  if (process.argv.includes("--json")) process.stdout.write(JSON.stringify(report) + "\n");
  else process.stdout.write(JSON.stringify(report, null, 2) + "\n");
}
