/**
 * Property tests over the CLI's JSON and argument inputs (issue 18): whatever a replay file or a
 * meld command line holds, the answer is a result or located errors — never a crash, a stack
 * trace or "undefined". Node and Lua refuse the same actions with the same bytes.
 *
 * Bounded for `npm test`; `SYZYGY_FUZZ_RUNS=N npm run fuzz` runs N cases per property with a
 * fresh seed (fast-check prints the seed of a failure to replay it).
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonical } from "../src/engine/core/serialize";
import { findGame, GAME_IDS } from "../src/engine/registry";
import { replayGame, type ReplayAction, type ReplayRequest } from "../src/engine/sim";
import { allCardIds } from "../src/engine/eclipsed/cards";
import { LuaEngine } from "../src/lua-host/index";
import { meldReport } from "../src/cli/commands/meld";
import { CliError } from "../src/cli/errors";
import { checkReplayRequest } from "../src/cli/replay-request";
import { ROOT, run } from "./cli-support";
import { exampleFiles, examplesDir } from "./games";

const FROM_ENV = Number(process.env.SYZYGY_FUZZ_RUNS);
const LONG = Number.isInteger(FROM_ENV) && FROM_ENV > 0;
/** Cases per property: small in `npm test`, SYZYGY_FUZZ_RUNS in `npm run fuzz`. */
const runs = (quick: number): fc.Parameters<unknown> => (LONG ? { numRuns: FROM_ENV } : { numRuns: quick, seed: 20261201 });

// One whole-game example of every engine game (not the refused ones).
const EXAMPLES = exampleFiles().filter((e) => !e.file.endsWith("illegal.json")).map((e) => readFileSync(e.file, "utf8"));
const BAD_OUTPUT = /internal error|Maximum call stack|undefined|\[object Object\]|NaN|\n\s+at /;

const dir = mkdtempSync(join(tmpdir(), "syzygy-fuzz-"));
let fileNo = 0;

afterEach(() => {
  process.exitCode = undefined;
});

/** Runs `syzygy replay` on `text`; checks the answer is a report or located errors. */
async function replayAnswers(text: string | Buffer): Promise<void> {
  const file = join(dir, `case-${fileNo++ % 8}.json`);
  writeFileSync(file, text);
  const { code, out, err } = await run("replay", file);
  expect([0, 1]).toContain(code);
  expect(err).not.toMatch(BAD_OUTPUT);
  if (code === 0) {
    expect(JSON.parse(out).ok).toBe(true);
    return;
  }
  expect(err).not.toBe("");
  for (const line of err.trimEnd().split("\n")) {
    if (line.startsWith(`${file}: … and `)) continue;
    expect(line.startsWith(file + ":"), line).toBe(true);
    expect(line.slice(file.length), line).toMatch(/^:\d+:\d+: \S/);
  }
  if (out !== "") expect(JSON.parse(out)).toMatchObject({ ok: false });
}

/** Text edits a careless hand makes: cut, insert, duplicate, truncate, nest. */
const textEdit = fc.oneof(
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), len: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), what: fc.constantFrom(..."{}[],:\"\\ \n\t0-.eE\u0000\ufeff\u00e9x".split(""), "null", "true", "[[[[", "}}") }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat(), len: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("nest" as const), depth: fc.integer({ min: 1, max: 200 }) }),
);

function applyEdit(text: string, e: { kind: string; at?: number; len?: number; what?: string; depth?: number }): string {
  const at = e.at === undefined ? 0 : e.at % (text.length + 1);
  switch (e.kind) {
    case "cut":
      return text.slice(0, at) + text.slice(at + (e.len ?? 1));
    case "insert":
      return text.slice(0, at) + (e.what ?? "") + text.slice(at);
    case "duplicate":
      return text.slice(0, at) + text.slice(at, at + (e.len ?? 1)) + text.slice(at);
    case "truncate":
      return text.slice(0, at);
    default:
      return "[".repeat(e.depth ?? 1) + text + "]".repeat(e.depth ?? 1);
  }
}

/** A legal game prefix from the engine, so corruptions reach deep rule paths. */
function legalPrefix(gameId: string, players: number, seed: string, picks: number[]): ReplayAction[] {
  const game = findGame(gameId);
  if (game === undefined) throw new Error(`no game ${gameId}`);
  let state = game.setup({ players, options: game.defaultOptions(), dealer: -1, deal: [], setAside: [] }, seed);
  const actions: ReplayAction[] = [];
  for (const pick of picks) {
    const seats = game.active(state);
    if (seats.length === 0) break;
    const seat = seats[pick % seats.length];
    const legal = game.legal(state, seat);
    const action = legal[pick % legal.length];
    const res = game.apply(state, seat, action);
    if (!res.ok) throw new Error(`legal action refused: ${res.message}`);
    actions.push({ ...action, seat } as ReplayAction);
    state = res.state;
  }
  return actions;
}

const oddValue = fc.oneof(
  fc.integer({ min: -3, max: 6 }),
  fc.constantFrom("", "x", "rising-4", "solar-3", "lunar-eclipse", "constructor", "__proto__", "toString"),
  fc.double(),
  fc.boolean(),
  fc.array(fc.constantFrom("rising-4", "solar-3", "arc-5", "x"), { maxLength: 4 }),
  fc.constant({}),
);

/** One corruption of one action: a field changed, removed or added. */
const corruption = fc.record({
  index: fc.nat(),
  field: fc.constantFrom("seat", "type", "card", "cards", "bid", "meld", "extra", "constructor", "__proto__"),
  remove: fc.boolean(),
  value: oddValue,
});

function setup(): { games: { id: string; players: number }[] } {
  const games: { id: string; players: number }[] = [];
  for (const id of GAME_IDS) {
    const g = findGame(id);
    if (g !== undefined) for (let p = g.minPlayers; p <= g.maxPlayers; p++) games.push({ id, players: p });
  }
  return { games };
}

const { games: CONFIGS } = setup();

const SOME_CARDS = ["rising-4", "falling-20", "lunar-eclipse", "solar-eclipse", "solar-3", "arc-12", "void-1", "sun-5", "moon-7", "x"];

/** Request-level fields beside the actions: first dealer, explicit deal, options, view. */
const requestExtras = fc.record(
  {
    dealer: oddValue,
    viewAs: oddValue,
    options: fc.dictionary(fc.constantFrom("highestAnySuit", "target", "series", "constructor", "__proto__", "x"), oddValue, { maxKeys: 2 }),
    deal: fc.array(fc.array(fc.constantFrom(...SOME_CARDS), { maxLength: 12 }), { maxLength: 5 }),
    setAside: fc.array(fc.constantFrom(...SOME_CARDS), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

const corruptedRequest = fc
  .record({
    config: fc.constantFrom(...CONFIGS),
    seed: fc.constantFrom("a", "b", "fuzz"),
    picks: fc.array(fc.nat(), { maxLength: 60 }),
    corruptions: fc.array(corruption, { maxLength: 3 }),
    extras: fc.option(requestExtras, { freq: 3 }),
  })
  .map(({ config, seed, picks, corruptions, extras }) => {
    const actions = legalPrefix(config.id, config.players, seed, picks);
    for (const c of corruptions) {
      if (actions.length === 0) break;
      const a = actions[c.index % actions.length] as Record<string, unknown>;
      if (c.remove) delete a[c.field];
      else Object.defineProperty(a, c.field, { value: c.value, enumerable: true, writable: true, configurable: true });
    }
    const req: ReplayRequest = { game: config.id, players: config.players, seed, actions };
    if (extras !== null) for (const [k, v] of Object.entries(extras)) Object.defineProperty(req, k, { value: v, enumerable: true, writable: true, configurable: true });
    return req;
  });

describe("fuzz: replay input", () => {
  it("edited example files: a result or located errors, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: EXAMPLES.length - 1 }), fc.array(textEdit, { minLength: 1, maxLength: 4 }), async (which, edits) => {
        let text = EXAMPLES[which];
        for (const e of edits) text = applyEdit(text, e);
        await replayAnswers(text);
      }),
      runs(150),
    );
  }, 120_000);

  it("a card id holding an escaped newline: the refusal stays one located line, the same in Lua", async () => {
    // found by `npm run fuzz`: a backslash typed before "n" in "rising-1" made the id "risi\ng-1"
    const req = JSON.parse(readFileSync(join(examplesDir("lunar-trick"), "3p.json"), "utf8")) as ReplayRequest;
    const at = req.actions.findIndex((a) => a.type === "play");
    req.actions[at] = { ...req.actions[at], card: "risi\ng-1" };
    await replayAnswers(JSON.stringify(req, null, 2));
    const { err } = await run("replay", join(dir, `case-${(fileNo - 1) % 8}.json`));
    expect(err).toContain('"risi\\ng-1"');
    const lua = new LuaEngine();
    try {
      expect(lua.callText("replayGame", req)).toBe(canonical(replayGame(req)));
    } finally {
      lua.close();
    }
  });

  it("any JSON value or any bytes: a result or located errors", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json().map((t) => Buffer.from(t)),
          fc.string().map((t) => Buffer.from(t)),
          fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
        ),
        async (bytes) => replayAnswers(bytes),
      ),
      runs(150),
    );
  }, 120_000);

  it("legal games with corrupted actions: refused with a rule or replayed, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(corruptedRequest, async (req) => replayAnswers(JSON.stringify(req))),
      runs(120),
    );
  }, 120_000);
});

describe("fuzz: Node and Lua agree on corrupted actions", () => {
  const lua = new LuaEngine();
  afterAll(() => lua.close());

  it("the same report bytes in both runtimes", () => {
    fc.assert(
      fc.property(corruptedRequest, (req) => {
        // what the CLI sends: JSON-shaped data that passed its shape check
        const sent = JSON.parse(JSON.stringify(req)) as ReplayRequest;
        fc.pre(checkReplayRequest(sent).length === 0);
        expect(lua.callText("replayGame", sent)).toBe(canonical(replayGame(sent)));
      }),
      runs(25),
    );
  }, 120_000);
});

describe("fuzz: meld arguments", () => {
  const ids = allCardIds();
  const cardArg = fc.oneof(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom("", "x", "solar-0", "arc-14", "SOLAR-4", "void-1 "), fc.string({ maxLength: 8 }));
  it("a report, a refusal, or a usage error naming the problem", () => {
    fc.assert(
      fc.property(
        fc.array(cardArg, { minLength: 1, maxLength: 7 }),
        fc.option(fc.array(cardArg, { maxLength: 8 }).map((xs) => xs.join(","))),
        fc.option(fc.oneof(fc.integer({ min: -5, max: 5 }).map(String), fc.string({ maxLength: 4 }))),
        fc.boolean(),
        fc.boolean(),
        (cards, edicts, meter, travelerHigh, firstMeld) => {
          try {
            const r = meldReport(cards, { edicts: edicts ?? undefined, meter: meter ?? undefined, travelerHigh, firstMeld });
            if (r.ok) {
              expect(Number.isInteger(r.value) && r.value >= 0).toBe(true);
              for (const s of r.steps) expect(Number.isFinite(s.value)).toBe(true);
            } else expect(r.reason).not.toMatch(BAD_OUTPUT);
          } catch (err) {
            expect(err).toBeInstanceOf(CliError);
            expect((err as CliError).message).toMatch(/^syzygy meld: /);
            expect((err as CliError).message).not.toMatch(BAD_OUTPUT);
          }
        },
      ),
      runs(400),
    );
  });
});
