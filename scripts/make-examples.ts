/**
 * Regenerates the whole-game example replays of src/engine/<game>/examples/ after an engine or
 * PRNG change. Each file keeps its header (game, players, seed, dealer, deal); its actions are
 * replayed while they stay legal and the game is continued by the game's greedy policy. A file
 * may ask for a property (`--find tie-broken-by-bonus`): then seeds `<seed>`, `<seed>-1`, … are
 * tried from scratch until a greedy game has it.
 *   npx tsx scripts/make-examples.ts src/engine/lunar-trick/examples/3p.json [--find tie-broken-by-bonus]
 * Given a game id instead, it plays every example of that game that has no actions yet (the one
 * `syzygy new <id> --engine` writes), leaving the others alone:
 *   npx tsx scripts/make-examples.ts <game>
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findGame } from "../src/engine/registry";
import { rngFromSeed } from "../src/engine/core/rng";
import type { ReplayAction, ReplayRequest } from "../src/engine/sim";

function play(req: ReplayRequest, keep: ReplayAction[]): { actions: ReplayAction[]; events: { type: string; [k: string]: unknown }[] } {
  const game = findGame(req.game);
  if (game === undefined) throw new Error(`unknown game ${req.game}`);
  const config = { players: req.players, options: { ...game.defaultOptions(), ...(req.options ?? {}) }, dealer: req.dealer ?? -1, deal: req.deal ?? [], setAside: req.setAside ?? [] };
  let state = game.setup(config, req.seed);
  const events = [...game.startEvents(state)] as { type: string }[];
  const actions: ReplayAction[] = [];
  for (const a of keep) {
    const res = game.apply(state, a.seat, a);
    if (!res.ok) break;
    actions.push(a);
    events.push(...res.events);
    state = res.state;
  }
  const rng = rngFromSeed(req.seed + "/example");
  for (let guard = 0; guard < 100000 && !game.result(state).over; guard++) {
    const seat = game.active(state)[0];
    const action = game.greedy(state, seat, game.legal(state, seat), rng);
    const res = game.apply(state, seat, action);
    if (!res.ok) throw new Error(`greedy chose an illegal action: ${res.rule} ${res.message}`);
    actions.push({ seat, ...action });
    events.push(...res.events);
    state = res.state;
  }
  return { actions, events: events as { type: string; [k: string]: unknown }[] };
}

/** A points tie at the end broken by more bonus cards in the final round (SE-10). */
function tieBrokenByBonus(events: { type: string; [k: string]: unknown }[]): boolean {
  const over = events.find((e) => e.type === "gameOver") as { winners: number[]; totals: number[] } | undefined;
  const rounds = events.filter((e) => e.type === "round") as unknown as { bonus: number[] }[];
  if (over === undefined || rounds.length === 0) return false;
  const best = Math.max(...over.totals);
  return over.totals.filter((t) => t === best).length > 1 && over.winners.length === 1;
}

const FINDERS: Record<string, (events: { type: string; [k: string]: unknown }[]) => boolean> = { "tie-broken-by-bonus": tieBrokenByBonus };

const [arg, flag, finder] = process.argv.slice(2);
if (arg === undefined) throw new Error("usage: make-examples.ts FILE [--find NAME] | GAME");
if (findGame(arg) !== undefined) {
  const dir = join("src/engine", arg, "examples");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : [];
  for (const f of files) {
    if ((JSON.parse(readFileSync(join(dir, f), "utf8")) as ReplayRequest).actions.length === 0) write(join(dir, f));
  }
} else {
  write(arg, flag, finder);
}

function write(file: string, flag?: string, finder?: string): void {
  const req = JSON.parse(readFileSync(file, "utf8")) as ReplayRequest & { [k: string]: unknown };
  let out: ReplayAction[];
  if (flag === "--find") {
    const wanted = FINDERS[finder ?? ""];
    const base = String(req.seed).replace(/-\d+$/, "");
    let found: { seed: string; actions: ReplayAction[] } | undefined;
    for (let i = 0; i < 5000 && found === undefined; i++) {
      const seed = i === 0 ? base : `${base}-${i}`;
      const r = play({ ...req, seed, deal: undefined, setAside: undefined }, []);
      if (wanted(r.events)) found = { seed, actions: r.actions };
    }
    if (found === undefined) throw new Error(`no seed found for ${finder}`);
    req.seed = found.seed;
    out = found.actions;
  } else {
    out = play(req, req.actions).actions;
  }
  req.actions = out;
  const text = format(req);
  writeFileSync(file + ".tmp", text + "\n");
  renameSync(file + ".tmp", file);
  process.stderr.write(`${file}: ${out.length} actions, seed ${req.seed}\n`);
}

/** One top-level key per line; arrays of arrays/objects (deal, actions) one element per line. */
function format(doc: Record<string, unknown>): string {
  const lines = Object.entries(doc).map(([k, v]) => {
    if (Array.isArray(v) && v.length > 0 && typeof v[0] === "object") return `  ${JSON.stringify(k)}: [\n${v.map((x) => `    ${JSON.stringify(x)}`).join(",\n")}\n  ]`;
    return `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  });
  return `{\n${lines.join(",\n")}\n}`;
}
