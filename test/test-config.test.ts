/** The test set-up itself (vitest.config.ts): files that mock modules get a module graph of their own. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { madeByTests } from "./setup/temp-dirs";
import { ALONE, ISOLATED, LONG_FILES, SCALED } from "../vitest.config";
import { LONG, longOr } from "./long";

const ROOT = path.join(import.meta.dirname, "..");

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(rel));
    else if (entry.name.endsWith(".test.ts")) out.push(rel);
  }
  return out;
}

describe("vitest.config.ts", () => {
  it("isolates every test file that mocks a module (shared modules would ignore or leak the mock)", () => {
    const files = testFiles("test");
    expect(files.length).toBeGreaterThan(50);
    const mocking = files.filter((f) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !ISOLATED.includes(f))).toEqual([]);
    for (const f of ISOLATED) expect(files, f).toContain(f);
  });

  it("names only existing files for test:long, and npm test samples what uses LONG (test/long.ts)", () => {
    const files = testFiles("test");
    for (const f of [...LONG_FILES, ...SCALED]) expect(files, f).toContain(f);
    // The scaled files read LONG; nothing else needs to (a file that does is listed).
    const reading = files.filter((f) => /from "\.\.?\/(\.\.\/)?long"/.test(fs.readFileSync(path.join(ROOT, f), "utf8")) && f !== "test/test-config.test.ts");
    expect(reading.filter((f) => !SCALED.includes(f))).toEqual([]);
    expect(LONG).toBe(process.env.SYZYGY_LONG === "1");
    expect(longOr([1, 2, 3, 4], (n) => n % 2 === 0)).toEqual(LONG ? [1, 2, 3, 4] : [2, 4]);
  });

  it("npm test alone leaves LONG_FILES out; the scripts that name their files (fuzz, test:parity) name files that exist", () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    // scripts/npm-test.mjs runs scripts/pretest.mjs, then vitest with SYZYGY_NPM_TEST=1 (test/test-budget.test.ts).
    expect(scripts.test).toBe("node scripts/npm-test.mjs");
    // test:long runs each ALONE file by itself after the rest.
    for (const f of ALONE) expect(scripts["test:long"]).toContain(`vitest run ${f}`);
    for (const name of ["fuzz", "test:parity"]) {
      const named = scripts[name].match(/test\/[\w./-]+\.test\.ts/g) ?? [];
      expect(named.length, name).toBeGreaterThan(0);
      for (const f of named) expect(fs.existsSync(path.join(ROOT, f)), `${name}: ${f}`).toBe(true);
    }
  });

  it("npm test readies, before vitest, the type check of everything tsconfig.json names, the Lua bundle, dist/ and the TTS scripts", async () => {
    // @ts-expect-error a plain .mjs script without declarations
    const { STEPS } = (await import("../scripts/pretest.mjs")) as { STEPS: { what: string; cmd: string; args: string[] }[] };
    const line = (what: string): string => {
      const step = STEPS.find((s) => s.what === what);
      expect(step, what).toBeDefined();
      return [path.basename(step!.cmd), ...step!.args].join(" ");
    };
    expect(line("type check")).toMatch(/^tsc -p tsconfig\.json --noEmit --incremental/);
    expect(line("Lua bundle")).toBe("tsx src/lua-host/build.ts --if-stale");
    expect(line("dist/")).toMatch(/bin\/syzygy\.js --version$/);
    expect(line("TTS scripts")).toBe("tsx scripts/warm-tts-scripts.ts");
    expect(fs.existsSync(path.join(ROOT, "scripts/warm-tts-scripts.ts"))).toBe(true);
  });
});

describe("temp folders of a run (test/setup/temp-dirs.ts)", () => {
  it("the folders a test makes with fs.mkdtempSync are listed for removal at the end of the run", () => {
    const list = inject("tempDirList");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-config-"));
    expect(fs.readFileSync(list, "utf8").split("\n")).toContain(dir);
    expect(madeByTests(list)).toContain(dir);
  });

  it("only folders named syzygy-… directly in the OS temp folder are removed, whatever the list says", () => {
    const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-config-")), "list");
    const temp = os.tmpdir();
    fs.writeFileSync(list, [path.join(temp, "syzygy-a1"), path.join(temp, "other-b2"), path.join(temp, "syzygy-x", "syzygy-c3"), "/syzygy-d4", path.join(temp, "syzygy-a1"), ""].join("\n"));
    expect(madeByTests(list, temp)).toEqual([path.join(temp, "syzygy-a1")]);
  });
});
