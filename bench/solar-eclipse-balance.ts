/**
 * Solar Eclipse bid balance (docs/balance/solar-eclipse.md): plays N games per player count
 * exactly as `syzygy simulate solar-eclipse --policy greedy` does (same seeds, same seat order,
 * same policy; the reported eventsHash matches the simulate report) and tabulates, per bid
 * card: how often it is chosen, how often it is hit, and the points it brings.
 *
 *   npx tsx bench/solar-eclipse-balance.ts [--games 10000] [--players 2|3] [--seed balance] [--json]
 *     [--seat0 greedy|random-rivals|grabber]
 * --seat0 random-rivals: seat 0 greedy, every other seat random (does greedy play well?);
 * --seat0 grabber: seat 0 bids like greedy but then tries to win every trick, against greedy
 *   seats (is the bid worth playing for, or do bonus cards outweigh it?).
 *   npx tsx bench/solar-eclipse-balance.ts --fit [--games 2000]
 * --fit: least-squares fit of tricks taken on hand features (the greedy bid estimator's weights),
 *   with R² and the residual: how much of a round the dealt hand explains.
 */
import { rngFromSeed, rngInt } from "../src/engine/core/rng";
import { canonical, hasherAdd, hasherHex, hasherNew } from "../src/engine/core/serialize";
import type { GameConfig } from "../src/engine/core/types";
import { randomSeat } from "../src/engine/sim";
import { solarEclipse } from "../src/engine/solar-eclipse/index";
import { greedyPolicy } from "../src/engine/solar-eclipse/policy";
import type { RoundEvent, Action as SolarEclipseAction, Options as SolarEclipseOptions, State as SolarEclipseState } from "../src/engine/solar-eclipse/index";
import { RULES } from "../src/engine/solar-eclipse/data.gen";
import { cardOf, rankOf, suitOf } from "../src/engine/solar-eclipse/cards";

export interface BidStats {
  tricks: number;
  points: number;
  chosen: number;
  hit: number;
  /** Share of rounds in which this bid was chosen. */
  chosenRate: number;
  hitRate: number;
  /** Mean bid points per choice (points × hit rate). */
  bidPointsPerChoice: number;
  /** Mean round points (bid points + bonus cards) of the seats that chose it. */
  roundPointsPerChoice: number;
  /** If every seat had bid this card every round, given the tricks actually taken: mean bid points. */
  alwaysThisBid: number;
}

export interface BalanceReport {
  players: number;
  games: number;
  seed: string;
  policy: string;
  eventsHash: string;
  seatRounds: number;
  hitRate: number;
  meanRoundPoints: number;
  meanBidPoints: number;
  meanBonusPoints: number;
  tricksHistogram: number[];
  winRate: number[];
  sharedWins: number;
  bids: BidStats[];
}

export type Seat0 = "greedy" | "random-rivals" | "grabber";

const POLICY_NAMES: { [mode: string]: string } = {
  greedy: "greedy",
  "random-rivals": "greedy seat 0, random seats 1+",
  grabber: "grabber seat 0 (bids greedy, then plays to win every trick), greedy seats 1+",
};

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

export function balance(players: number, games: number, seed: string, seat0: Seat0 = "greedy"): BalanceReport {
  const table = RULES.bids.filter((t) => t.players === players)[0].cards;
  const chosen = table.map(() => 0);
  const hit = table.map(() => 0);
  const roundPoints = table.map(() => 0);
  const tricksHistogram: number[] = [];
  for (let t = 0; t <= RULES.tricksPerRound; t++) tricksHistogram.push(0);
  const wins: number[] = [];
  for (let s = 0; s < players; s++) wins.push(0);
  let sharedWins = 0;
  let seatRounds = 0;
  let hits = 0;
  let bidPoints = 0;
  let bonusPoints = 0;
  const hasher = hasherNew();
  const config: GameConfig<SolarEclipseOptions> = { players, options: {}, dealer: -1, deal: [], setAside: [] };

  for (let index = 0; index < games; index++) {
    const gameSeed = seed + "#" + index;
    const rng = rngFromSeed(gameSeed + "/policy");
    const choose = (state: SolarEclipseState, seat: number, legal: SolarEclipseAction[]): SolarEclipseAction => {
      if (seat !== 0 && seat0 === "random-rivals") return legal[rngInt(rng, legal.length)];
      if (seat === 0 && seat0 === "grabber" && state.phase !== "bid") {
        // a bid it can never reach makes the greedy player try to win every trick
        const view = solarEclipse.view(state, seat);
        return greedyPolicy({ ...view, bids: view.bids.map(() => 99) }, legal);
      }
      return solarEclipse.greedy(state, seat, legal, rng);
    };
    let state = solarEclipse.setup(config, gameSeed);
    hasherAdd(hasher, "game " + index + "\n");
    for (const e of solarEclipse.startEvents(state)) hasherAdd(hasher, canonical(e) + "\n");
    let seats = solarEclipse.active(state);
    while (seats.length > 0) {
      const seat = randomSeat(seats, rng);
      const legal = solarEclipse.legal(state, seat);
      const res = solarEclipse.apply(state, seat, choose(state, seat, legal));
      if (!res.ok) throw new Error(`game ${index}: ${res.rule} ${res.message}`);
      for (const e of res.events) {
        hasherAdd(hasher, canonical(e) + "\n");
        if (e.type !== "round") continue;
        const r = e as RoundEvent;
        for (let s = 0; s < players; s++) {
          const i = table.findIndex((b) => b.tricks === r.bids[s]);
          chosen[i] += 1;
          roundPoints[i] += r.points[s];
          tricksHistogram[r.tricks[s]] += 1;
          seatRounds += 1;
          bonusPoints += r.bonus[s] * RULES.pointsPerBonusCard;
          if (r.made[s]) {
            hit[i] += 1;
            hits += 1;
            bidPoints += table[i].points;
          }
        }
      }
      state = res.state;
      seats = solarEclipse.active(state);
    }
    const result = solarEclipse.result(state);
    for (const w of result.winners) wins[w] += 1;
    if (result.winners.length > 1) sharedWins += 1;
  }

  const bids: BidStats[] = table.map((b, i) => ({
    tricks: b.tricks,
    points: b.points,
    chosen: chosen[i],
    hit: hit[i],
    chosenRate: round4(chosen[i] / seatRounds),
    hitRate: chosen[i] === 0 ? 0 : round4(hit[i] / chosen[i]),
    bidPointsPerChoice: chosen[i] === 0 ? 0 : round4((hit[i] * b.points) / chosen[i]),
    roundPointsPerChoice: chosen[i] === 0 ? 0 : round4(roundPoints[i] / chosen[i]),
    alwaysThisBid: round4(((b.tricks < tricksHistogram.length ? tricksHistogram[b.tricks] : 0) * b.points) / seatRounds),
  }));
  return {
    players,
    games,
    seed,
    policy: POLICY_NAMES[seat0],
    eventsHash: hasherHex(hasher),
    seatRounds,
    hitRate: round4(hits / seatRounds),
    meanRoundPoints: round4((bidPoints + bonusPoints) / seatRounds),
    meanBidPoints: round4(bidPoints / seatRounds),
    meanBonusPoints: round4(bonusPoints / seatRounds),
    tricksHistogram,
    winRate: wins.map((w) => round4(w / games)),
    sharedWins,
    bids,
  };
}

function pct(x: number): string {
  return (x * 100).toFixed(1) + " %";
}

export function markdown(r: BalanceReport): string {
  const lines = [
    `### ${r.players} players — ${r.games} games, policy ${r.policy}, seed "${r.seed}" (eventsHash ${r.eventsHash})`,
    "",
    `Bids hit: ${pct(r.hitRate)} of ${r.seatRounds} seat-rounds. Mean points per seat-round: ${r.meanRoundPoints} ` +
      `(bids ${r.meanBidPoints}, bonus cards ${r.meanBonusPoints}). Win rate by seat: ${r.winRate.map(pct).join(", ")}; shared victories: ${r.sharedWins}.`,
    "",
    "| bid card (tricks → points) | chosen | hit rate | bid points per choice | round points per choice | if always bid |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const b of r.bids) {
    lines.push(
      `| ${b.tricks} → ${b.points} | ${pct(b.chosenRate)} | ${b.chosen === 0 ? "—" : pct(b.hitRate)} | ${b.bidPointsPerChoice.toFixed(2)} | ${b.roundPointsPerChoice.toFixed(2)} | ${b.alwaysThisBid.toFixed(2)} |`,
    );
  }
  lines.push("", `Tricks taken per seat-round: ${r.tricksHistogram.map((n, t) => `${t}: ${pct(n / r.seatRounds)}`).join(", ")}.`);
  return lines.join("\n");
}

const FEATURES = ["1", "pairs 15-21", "pairs 8-14", "pairs 1-7", "unpaired 16-21", "unpaired 12-15"];

/** The estimator's features of a dealt hand (see estimateTricksTenths in policy.ts). */
function handFeatures(hand: string[]): number[] {
  const f = [1, 0, 0, 0, 0, 0];
  for (const c of hand) {
    const r = rankOf(c);
    const paired = hand.includes(cardOf(suitOf(c) === "sun" ? "moon" : "sun", r));
    if (paired && suitOf(c) === "sun") f[r >= 15 ? 1 : r >= 8 ? 2 : 3] += 1;
    if (!paired && r >= 16) f[4] += 1;
    else if (!paired && r >= 12) f[5] += 1;
  }
  return f;
}

/** Solves the normal equations (Gauss–Jordan with partial pivoting). */
function leastSquares(xs: number[][], ys: number[]): number[] {
  const k = xs[0].length;
  const a = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const b = new Array<number>(k).fill(0);
  xs.forEach((x, n) => {
    for (let i = 0; i < k; i++) {
      b[i] += x[i] * ys[n];
      for (let j = 0; j < k; j++) a[i][j] += x[i] * x[j];
    }
  });
  for (let i = 0; i < k; i++) {
    let p = i;
    for (let r = i + 1; r < k; r++) if (Math.abs(a[r][i]) > Math.abs(a[p][i])) p = r;
    [a[i], a[p]] = [a[p], a[i]];
    [b[i], b[p]] = [b[p], b[i]];
    for (let r = 0; r < k; r++) {
      if (r === i) continue;
      const m = a[r][i] / a[i][i];
      for (let j = i; j < k; j++) a[r][j] -= m * a[i][j];
      b[r] -= m * b[i];
    }
  }
  return b.map((v, i) => v / a[i][i]);
}

export function fitEstimator(players: number, games: number, seed: string): string {
  const xs: number[][] = [];
  const ys: number[] = [];
  const config: GameConfig<SolarEclipseOptions> = { players, options: {}, dealer: -1, deal: [], setAside: [] };
  for (let index = 0; index < games; index++) {
    const rng = rngFromSeed(`${seed}#${index}/policy`);
    let state = solarEclipse.setup(config, `${seed}#${index}`);
    let dealt = state.hands;
    while (solarEclipse.active(state).length > 0) {
      const seat = randomSeat(solarEclipse.active(state), rng);
      const res = solarEclipse.apply(state, seat, solarEclipse.greedy(state, seat, solarEclipse.legal(state, seat), rng));
      if (!res.ok) throw new Error(res.message);
      for (const e of res.events) {
        if (e.type === "round") for (let s = 0; s < players; s++) {
          xs.push(handFeatures(dealt[s]));
          ys.push((e as RoundEvent).tricks[s]);
        }
      }
      state = res.state;
      if (res.events.some((e) => e.type === "deal")) dealt = state.hands;
    }
  }
  const w = leastSquares(xs, ys);
  const mean = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sse = 0;
  let sst = 0;
  xs.forEach((x, n) => {
    const predicted = x.reduce((a, v, i) => a + v * w[i], 0);
    sse += (predicted - ys[n]) ** 2;
    sst += (ys[n] - mean) ** 2;
  });
  const weights = FEATURES.map((f, i) => `${f}: ${w[i].toFixed(2)}`).join(", ");
  return `${players} players, ${ys.length} seat-rounds: tricks ≈ ${weights}; R² ${(1 - sse / sst).toFixed(3)}, residual ${Math.sqrt(sse / ys.length).toFixed(2)} tricks`;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

if (process.argv[1] !== undefined && process.argv[1].endsWith("solar-eclipse-balance.ts")) {
  const games = Number(arg("--games", "10000"));
  const seed = arg("--seed", "balance");
  const only = arg("--players", "");
  const counts = only === "" ? [2, 3] : [Number(only)];
  if (process.argv.includes("--fit")) {
    const fitGames = Number(arg("--games", "2000"));
    for (const p of counts) process.stdout.write(fitEstimator(p, fitGames, seed) + "\n");
    process.exit(0);
  }
  const seat0 = arg("--seat0", "greedy") as Seat0;
  if (POLICY_NAMES[seat0] === undefined) {
    process.stderr.write(`--seat0 must be greedy, random-rivals or grabber, not ${seat0}\n`);
    process.exit(2);
  }
  const reports = counts.map((p) => balance(p, games, seed, seat0));
  if (process.argv.includes("--json")) process.stdout.write(JSON.stringify(reports, null, 2) + "\n");
  else process.stdout.write(reports.map(markdown).join("\n\n") + "\n");
}
