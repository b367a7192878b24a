/**
 * Issue 36, item 3 / issue 39, item 1: compiled TTS scripts live with the project. dist/lua's
 * bundle carries the hash of its sources and of its own text; a build never reads (or writes) a
 * script in the OS temp folder, where another local user could plant one under the expected name.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cacheFileName, stampedBundle } from "../../src/tts/script-cache";
import { REPO_ROOT, SCRIPT_CACHE_DIR, glueBundle, glueIsStale, sourceHash, writeGlueBundle } from "../../src/tts/script";

const GAME = "lunar-trick";
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-script-place-"));
  dirs.push(d);
  return d;
}

describe("TTS scripts are kept with the project (issues 36.3, 39.1)", () => {
  it("a script planted in the temp folder under the cache's name is never read, and nothing is written there", () => {
    const tmp = tempDir();
    const planted = path.join(tmp, cacheFileName(sourceHash(), GAME));
    fs.writeFileSync(planted, "print('PLANTED')\n");
    const probe = path.join(tempDir(), "probe.ts");
    fs.writeFileSync(probe, `import { glueBundle } from ${JSON.stringify(path.join(REPO_ROOT, "src/tts/script.ts"))};\nconst t = glueBundle(${JSON.stringify(GAME)});\nprocess.stdout.write(JSON.stringify({ planted: t.includes("PLANTED"), bytes: t.length }));\n`);
    const r = spawnSync(path.join(REPO_ROOT, "node_modules/.bin/tsx"), [probe], { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, TMPDIR: tmp } });
    expect(r.status, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout) as { planted: boolean; bytes: number };
    expect(seen.planted).toBe(false);
    expect(seen.bytes).toBe(glueBundle(GAME).length);
    expect(fs.readdirSync(tmp).filter((f) => f.startsWith("syzygy"))).toEqual([path.basename(planted)]);
  }, 120_000);

  it("the dist/lua copy carries its sources' hash and its text's; a changed copy is stale and not used", () => {
    const file = path.join(tempDir(), `syzygy-tts-${GAME}.lua`);
    writeGlueBundle(GAME, file);
    const text = fs.readFileSync(file, "utf8");
    expect(text.split("\n")[0]).toMatch(new RegExp(`^-- syzygy-tts sources=${sourceHash()} sha256=[0-9a-f]{64}$`));
    expect(stampedBundle(text, sourceHash())).toBe(glueBundle(GAME));
    expect(glueIsStale(file)).toBe(false);
    fs.writeFileSync(file, text.replace("SYZYGY", "SYZYGX"));
    expect(glueIsStale(file)).toBe(true);
    expect(stampedBundle(fs.readFileSync(file, "utf8"))).toBeUndefined();
  });

  it("the cache of bundles not in dist/lua is under the project, not the temp folder", () => {
    expect(path.relative(REPO_ROOT, SCRIPT_CACHE_DIR).startsWith("..")).toBe(false);
    // A project that itself lies in the temp folder (test:add-game's copy of the project) keeps its cache with it.
    const projectInTemp = !path.relative(os.tmpdir(), REPO_ROOT).startsWith("..");
    expect(path.relative(os.tmpdir(), SCRIPT_CACHE_DIR).startsWith("..")).toBe(!projectInTemp);
  });
});
