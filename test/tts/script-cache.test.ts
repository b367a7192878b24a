/**
 * The compiled TTS script cache (src/tts/script-cache.ts) is pruned when a new bundle is written:
 * the KEEP_PER_GAME most recently used bundles of each game stay, the file just written always
 * stays, a temp file of a write in progress is left alone, and nothing else in the folder is
 * touched. A cached file is used only when its bytes match the hash on its first line. Runs in its
 * own temp folder, never the real one. (Where the cache lives: test/tts/script-place.test.ts.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEEP_IN_ALL, KEEP_PER_GAME, STALE_TMP_MS, cacheFileName, cachedBundle, pruneScriptCache, stampedBundle } from "../../src/tts/script-cache";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-cache-test-"));
  dirs.push(d);
  return d;
}

const HOUR = 3600_000;
const NOW = Date.now();

/** Writes `name` in `dir` with its modification time `ageMs` ago. */
function put(dir: string, name: string, ageMs: number, text = name): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const t = new Date(NOW - ageMs);
  fs.utimesSync(file, t, t);
  return file;
}

const hash = (n: number): string => n.toString(16).padStart(16, "0");
/** The source hash the bundles of these tests were "compiled" from. */
const SRC = hash(50);

describe("TTS script cache pruning", () => {
  it("keeps each game's newest bundles and the one just written, and touches nothing else", () => {
    const dir = tempDir();
    expect(KEEP_PER_GAME).toBe(3);
    // Five lunar-trick bundles, 1 to 5 hours old; the one "just written" has an old time (a clock
    // set back, or a copy) and stays anyway, so two others stay beside it.
    const lt = [1, 2, 3, 4, 5].map((h) => put(dir, cacheFileName(hash(h), "lunar-trick"), h * HOUR));
    const written = put(dir, cacheFileName(hash(99), "lunar-trick"), 9 * HOUR);
    // Two solar-eclipse bundles: fewer than the limit, both stay.
    put(dir, cacheFileName(hash(11), "solar-eclipse"), 7 * HOUR);
    put(dir, cacheFileName(hash(12), "solar-eclipse"), 8 * HOUR);
    // Four of the old naming (one bundle for all games, no game in the name): a group of their own.
    for (const h of [21, 22, 23, 24]) put(dir, `syzygy-tts-${hash(h)}.lua`, (h - 20) * HOUR);
    // A write in progress (young temp file), one a killed process left, a lock, and unrelated files.
    put(dir, `${cacheFileName(hash(31), "eclipsed")}.4242.tmp`, 1000);
    put(dir, `${cacheFileName(hash(32), "eclipsed")}.4243.tmp`, STALE_TMP_MS + HOUR);
    put(dir, `${cacheFileName(hash(33), "eclipsed")}.lock`, 10 * HOUR);
    put(dir, "syzygy-tts-notahash.lua", 10 * HOUR);
    put(dir, "other.lua", 10 * HOUR);
    fs.mkdirSync(path.join(dir, "syzygy-tts-Ab12Cd"));

    const deleted = pruneScriptCache(dir, written, NOW);

    expect(deleted).toEqual(
      [
        path.basename(lt[2]),
        path.basename(lt[3]),
        path.basename(lt[4]),
        `syzygy-tts-${hash(24)}.lua`,
        `${cacheFileName(hash(32), "eclipsed")}.4243.tmp`,
      ].sort(),
    );
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        path.basename(lt[0]),
        path.basename(lt[1]),
        path.basename(written),
        cacheFileName(hash(11), "solar-eclipse"),
        cacheFileName(hash(12), "solar-eclipse"),
        `syzygy-tts-${hash(21)}.lua`,
        `syzygy-tts-${hash(22)}.lua`,
        `syzygy-tts-${hash(23)}.lua`,
        `${cacheFileName(hash(31), "eclipsed")}.4242.tmp`,
        `${cacheFileName(hash(33), "eclipsed")}.lock`,
        "syzygy-tts-notahash.lua",
        "other.lua",
        "syzygy-tts-Ab12Cd",
      ].sort(),
    );
  });

  it("keeps at most KEEP_IN_ALL bundles over all games, the most recently used", () => {
    const dir = tempDir();
    expect(KEEP_IN_ALL).toBe(16);
    // Ten games (scaffolded by tests, say) with two bundles each, game g's g + 1 and g + 1.5 hours old.
    const all: { name: string; age: number }[] = [];
    for (let g = 0; g < 10; g++) {
      for (const extra of [0, 0.5]) {
        const age = (g + 1 + extra) * HOUR;
        all.push({ name: path.basename(put(dir, cacheFileName(hash(g * 2 + (extra > 0 ? 1 : 0)), `game-${g}`), age)), age });
      }
    }
    const written = put(dir, cacheFileName(hash(999), "game-9"), 0);
    pruneScriptCache(dir, written, NOW);
    // game-9's own two stay below the per-game limit with the new one, but fall outside the 15 newest others.
    const newest = all.sort((a, b) => a.age - b.age).slice(0, KEEP_IN_ALL - 1).map((f) => f.name);
    expect(fs.readdirSync(dir).sort()).toEqual([...newest, path.basename(written)].sort());
  });

  it("a new bundle is written whole and prunes the older ones; a hit is read back and counts as recent", () => {
    const dir = tempDir();
    for (let h = 1; h <= 4; h++) put(dir, cacheFileName(hash(h), "lunar-trick"), h * HOUR);
    const file = path.join(dir, cacheFileName(hash(50), "lunar-trick"));
    let compiled = 0;
    const make = (): string => {
      compiled++;
      return `-- bundle ${compiled}\n`;
    };
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 1\n");
    expect(compiled).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual([cacheFileName(hash(1), "lunar-trick"), cacheFileName(hash(2), "lunar-trick"), path.basename(file)].sort());

    // A hit: no compile, and its time is refreshed, so pruning by another write keeps it.
    const old = new Date(NOW - 50 * HOUR);
    fs.utimesSync(file, old, old);
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 1\n");
    expect(compiled).toBe(1);
    expect(fs.statSync(file).mtimeMs).toBeGreaterThan(NOW - HOUR);
    const next = path.join(dir, cacheFileName(hash(60), "lunar-trick"));
    cachedBundle(next, SRC, make);
    expect(fs.readdirSync(dir).sort()).toEqual([cacheFileName(hash(1), "lunar-trick"), path.basename(file), path.basename(next)].sort());

    // Pruned by another process a moment ago: compiled again, not an error.
    fs.unlinkSync(file);
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 3\n");
    expect(stampedBundle(fs.readFileSync(file, "utf8"), SRC)).toBe("-- bundle 3\n");
    // No temp or lock file is left behind.
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp") || n.endsWith(".lock"))).toEqual([]);
  });

  it("a cached file whose bytes do not match its stamp, or from other sources, is compiled again, never used", () => {
    const dir = tempDir();
    const file = path.join(dir, cacheFileName(SRC, "lunar-trick"));
    let compiled = 0;
    const make = (): string => `-- bundle ${++compiled}\n`;
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 1\n");
    // Changed in place, stamp kept: another user's script, a damaged disk.
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("bundle 1", "print('planted')"));
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 2\n");
    // No stamp at all.
    fs.writeFileSync(file, "print('planted')\n");
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 3\n");
    // A whole, stamped file of other sources under this name.
    expect(cachedBundle(path.join(dir, cacheFileName(hash(51), "lunar-trick")), hash(51), make)).toBe("-- bundle 4\n");
    fs.copyFileSync(path.join(dir, cacheFileName(hash(51), "lunar-trick")), file);
    expect(cachedBundle(file, SRC, make)).toBe("-- bundle 5\n");
    expect(stampedBundle(fs.readFileSync(file, "utf8"), SRC)).toBe("-- bundle 5\n");
  });
});
