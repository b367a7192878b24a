/** `syzygy build` on the command line: options, exit codes, summary, progress. */
import { describe, expect, it, vi, afterEach } from "vitest";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../src/cli";
import { parseBackOffset, parsePapers } from "../src/cli/commands/build";
import { capture, DATA, tempDir } from "./render-support";

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe("syzygy build", () => {
  it("parses --paper and --back-offset", () => {
    expect(parsePapers("both")).toEqual(["a4", "letter"]);
    expect(parsePapers("letter")).toEqual(["letter"]);
    expect(parsePapers("a3,tabloid,a3")).toEqual(["a3", "tabloid"]);
    expect(parseBackOffset("0.5,-1")).toEqual({ x: 0.5, y: -1 });
  });

  it.each([
    [["build", "--paper", "a5"], /--paper must be a4, letter, a3, tabloid/],
    [["build", "--paper", "__proto__"], /--paper must be a4, letter, a3, tabloid/],
    [["build", "--layout", "booklet"], /--layout must be duplex or fold/],
    [["build", "--back-offset", "1mm"], /--back-offset expects X,Y/],
    [["build", "--duplex", "top"], /--duplex must be long or short/],
    [["build", "chess"], /unknown game "chess"/],
  ])("usage errors exit 2: %j", async (argv, message) => {
    const io = capture();
    expect(await main([...argv, "--out", tempDir("cli-bad")])).toBe(2);
    expect(io.err()).toMatch(message);
  });

  it("bad data fails with the file and line, exit 1, and writes nothing", async () => {
    const data = tempDir("cli-data");
    cpSync(DATA, data, { recursive: true });
    const deck = join(data, "lunar-trick", "deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace("number: 7\n", "number: seven\n"));
    const out = tempDir("cli-baddata");
    const io = capture();
    expect(await main(["build", "lunar-trick", "--data", data, "--out", out])).toBe(1);
    expect(io.err()).toMatch(/deck\.yaml:\d+:\d+/);
    expect(io.err()).not.toMatch(/\n\s+at /);
    expect(readdirSync(out)).toEqual([]);
  });

  it("a --back-offset that would break the 5 mm margin is cut short, with a warning naming the pages (issue 40)", async () => {
    const out = tempDir("cli-offset");
    const io = capture();
    expect(await main(["build", "lunar-trick", "--no-png", "--no-tts", "--paper", "a4", "--bleed-mm", "0", "--back-offset", "-8,8", "--data", DATA, "--out", out])).toBe(0);
    expect(io.err()).toMatch(/warning: lunar-trick a4: --back-offset -8,8 would put Moon Cards \(backs\) within 5 mm of the paper edge, where printers cut art off: shifted by -[0-9.]+,[0-9.]+ instead/);
  });

  it("builds one game's PDFs with --no-png, reports progress on stderr and a summary on stdout", async () => {
    const out = tempDir("cli");
    const io = capture();
    const code = await main(["build", "solar-eclipse", "--no-png", "--paper", "letter", "--bleed", "--cut-lines", "--duplex", "short", "--back-offset", "0.5,0", "--data", DATA, "--out", out]);
    expect(code).toBe(0);
    expect(existsSync(join(out, "solar-eclipse/print/solar-eclipse-letter.pdf"))).toBe(true);
    expect(existsSync(join(out, "solar-eclipse/print/solar-eclipse-a4.pdf"))).toBe(false);
    expect(existsSync(join(out, "solar-eclipse/cards"))).toBe(false);
    expect(io.err()).toMatch(/solar-eclipse: PDF letter/);
    expect(io.out()).toMatch(/solar-eclipse: 0 PNGs .* 2 PDFs/);
    expect(io.out()).toMatch(/2 of 2 files written\n/);
  });
});
