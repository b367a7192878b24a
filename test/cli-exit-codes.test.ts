/**
 * One exit code rule for every command (README "Exit codes"): 0 done, 1 bad input (the content
 * of a file or stdin, bad JSON included, or work that failed), 2 a wrong command line (unknown
 * command or flag, a bad flag value, a path that does not exist or is a folder).
 */
import { afterEach, describe, expect, it } from "vitest";
import { cpSync, appendFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, run, tempFile, request } from "./cli-support";

afterEach(() => {
  process.exitCode = undefined;
});

function badData(): string {
  const data = join(mkdtempSync(join(tmpdir(), "syzygy-exit-")), "data");
  cpSync(join(ROOT, "data"), data, { recursive: true });
  appendFileSync(join(data, "lunar-trick", "deck.yaml"), "\ncards: [\n");
  return data;
}

describe("exit codes", () => {
  it("bad input exits 1 in every command", async () => {
    const cases: [string, string[]][] = [
      ["bad JSON", ["replay", tempFile("bad.json", "{")]],
      ["a wrong request shape", ["replay", tempFile("shape.json", '{"game":1}')]],
      ["a request the engine refuses", ["replay", tempFile("p.json", request({ players: 9 }))]],
      ["a refused action", ["replay", tempFile("a.json", request({ actions: [{ seat: 0, type: "fly" }] }))]],
      ["not a meld", ["meld", "solar-1", "arc-9", "void-13"]],
      ["invalid YAML data", ["validate", "--data", badData()]],
    ];
    for (const [what, argv] of cases) {
      const r = await run(...argv);
      expect({ what, code: r.code }).toEqual({ what, code: 1 });
      expect(r.err).not.toMatch(/internal error|\n\s+at /);
    }
  });

  it("a wrong command line exits 2 in every command", async () => {
    const file = tempFile("ok.json", request());
    const cases: [string, string[]][] = [
      ["unknown command", ["replya", file]],
      ["unknown flag", ["replay", file, "--veiw", "1"]],
      ["missing file", ["replay", join(tmpdir(), "no-such-syzygy.json")]],
      ["bad --view", ["replay", file, "--view", "9"]],
      ["bad --runtime", ["replay", file, "--runtime", "py"]],
      ["bad --games", ["simulate", "lunar-trick", "--games", "x"]],
      ["unknown option", ["simulate", "lunar-trick", "--option", "__proto__=1"]],
      ["unknown card", ["meld", "solar-99"]],
      ["bad --meter", ["meld", "solar-4", "solar-5", "solar-6", "--meter", ""]],
      ["missing data folder", ["validate", "--data", join(tmpdir(), "no-such-syzygy-data")]],
    ];
    for (const [what, argv] of cases) {
      const r = await run(...argv);
      expect({ what, code: r.code }).toEqual({ what, code: 2 });
    }
  });
});
