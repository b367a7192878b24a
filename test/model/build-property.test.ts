/**
 * Property (issue 18): whatever validates, builds. Generated edits push a component's size, kind,
 * copies, corner radius, slice angle and text to and past the limits of src/model/limits.ts; when
 * validate accepts the result, `syzygy build --no-tts --paper a4` must succeed in a child process
 * whose JavaScript heap is capped (so a case validate lets through but no build can hold, such as
 * 100 000 000 copies, fails). When it refuses, every problem is located.
 *
 * `npm test` runs two cases; SYZYGY_FUZZ_RUNS=<n> runs n/50 builds (a build takes seconds, a
 * loader case microseconds) with a fresh seed — see `npm run fuzz`.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { checkGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import { MAX_BOARD_MM, MAX_COPIES, MAX_PIECE_MM, MAX_TEXT_CHARS, MIN_SIZE_MM } from "../../src/model/limits";
import { REPO, tempData } from "./helpers";

const RUNS = Math.ceil(Number(process.env.SYZYGY_FUZZ_RUNS ?? 0) / 50);
/** A hang guard, not a speed assertion: a build at the limits takes well under a minute. */
const HANG_GUARD_MS = 300_000;
/** The JavaScript heap a build may use (MB); the builds at the limits peak far below it. */
const HEAP_MB = 1536;

const TARGETS = ["dividers", "moon-phase-sheet", "moon-markers", "point-tokens"] as const;
const OTHERS = ["moon-cards", "trump-status", "reference"] as const;

/** Mostly values a build can meet (so builds run), sometimes the limits and past them. */
const side = fc.oneof(
  { arbitrary: fc.double({ min: MIN_SIZE_MM, max: MAX_PIECE_MM, noNaN: true }).map((x) => Math.round(x * 10) / 10), weight: 4 },
  { arbitrary: fc.constantFrom(MIN_SIZE_MM, MAX_PIECE_MM, MAX_BOARD_MM, 0.0001, 2000, 400), weight: 1 },
);
const copies = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 30 }), weight: 4 },
  { arbitrary: fc.constantFrom(MAX_COPIES, MAX_COPIES + 1, 100_000_000), weight: 1 },
);
const text = fc.oneof(
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 100 }), weight: 1 },
  { arbitrary: fc.constantFrom("a\u0007b", "nul\u0000", "x".repeat(MAX_TEXT_CHARS), "word ".repeat(MAX_TEXT_CHARS / 5 + 1), "\uD800"), weight: 1 },
);

const edit = fc.record({
  target: fc.constantFrom(...TARGETS),
  others: fc.subarray([...OTHERS], { maxLength: 1 }),
  kind: fc.option(fc.constantFrom("card", "token", "board", "sheet"), { nil: undefined }),
  width: side,
  height: side,
  copies,
  radius: fc.option(fc.constantFrom(0, 3, 40, 1000), { nil: undefined }),
  degrees: fc.option(fc.constantFrom(0.0001, 10, 72, 360), { nil: undefined }),
  text: fc.option(text, { nil: undefined }),
});

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

interface ComponentDoc {
  id: string;
  kind: string;
  count: number;
  size: { width: number; height: number };
  shape?: { kind: string; cornerRadius?: number; degrees?: number };
  items?: { copies?: number; text?: string }[];
}

function apply(game: { components: ComponentDoc[] }, e: Edit): void {
  game.components = game.components.filter((c) => c.id === e.target || (e.others as string[]).includes(c.id));
  const c = game.components.find((x) => x.id === e.target);
  if (c === undefined || c.items === undefined) throw new Error(`test setup: ${e.target} has no inline items`);
  if (e.kind !== undefined) c.kind = e.kind;
  c.size = { width: e.width, height: e.height };
  c.items = [c.items[0]];
  c.items[0].copies = e.copies;
  c.count = e.copies;
  if (e.text !== undefined) c.items[0].text = e.text;
  if (e.radius !== undefined && c.shape?.kind === "rect") c.shape.cornerRadius = e.radius;
  if (e.degrees !== undefined && c.shape?.kind === "sector") c.shape.degrees = e.degrees;
}

describe("whatever validates, builds", () => {
  it("generated edits at and past the limits either fail validate (located) or build", () => {
    const t = tempData();
    cpSync(join(REPO, "templates"), t.templates, { recursive: true });
    const gameFile = t.path("lunar-trick/game.yaml");
    const original = t.read("lunar-trick/game.yaml");
    const out = join(t.root, "out");
    let built = 0;
    fc.assert(
      fc.property(edit, (e) => {
        const game = parse(original) as { components: ComponentDoc[] };
        apply(game, e);
        t.write("lunar-trick/game.yaml", stringify(game));
        const r = checkGame(t.data, "lunar-trick");
        if (r.model === undefined) {
          expect(r.diagnostics.length).toBeGreaterThan(0);
          for (const d of r.diagnostics) expect(d.location.line, formatDiagnostic(d)).toBeGreaterThan(0);
          return;
        }
        rmSync(out, { recursive: true, force: true });
        const run = spawnSync(
          process.execPath,
          [`--max-old-space-size=${HEAP_MB}`, "--import", "tsx", join(REPO, "src/cli.ts"), "build", "lunar-trick", "--data", t.data, "--out", out, "--no-tts", "--paper", "a4"],
          { cwd: REPO, encoding: "utf8", timeout: HANG_GUARD_MS, env: { ...process.env, NODE_OPTIONS: "" } },
        );
        expect(run.status, `${gameFile}\n${run.stderr}`).toBe(0);
        expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
        const pdfs = readdirSync(join(out, "lunar-trick", "print")).filter((f) => f.endsWith(".pdf"));
        expect(pdfs.length).toBeGreaterThan(0);
        expect(existsSync(join(out, "lunar-trick", "cards", e.target))).toBe(true);
        built++;
      }),
      RUNS > 0 ? { numRuns: RUNS } : { numRuns: 2, seed: 18 },
    );
    // The default seed must exercise a build, not only refusals.
    if (RUNS === 0) expect(built).toBeGreaterThan(0);
  }, 60 * 60_000);
});
