/**
 * Issue 26 item 7: a `syzygy build` with nothing changed since the last build with the same
 * command line answers from <out>/.cache/noop-stamp.json before loading the build
 * (src/pipeline/noop-stamp.ts); any change of an input, an output or the command line runs the full
 * build, which still verifies every kept output by content. Speed is measured by `npm run bench`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../src/cli";
import { noopBuild, rememberBuildCommandLine, startStamp } from "../src/pipeline/noop-stamp";
import { capture, DATA, tempDir } from "./render-support";

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** A fake project: data/g, templates/g, out/g, and a build "run" that stamps them. */
function fixture() {
  const root = tempDir("noop");
  const data = join(root, "data");
  const templates = join(root, "templates");
  const out = join(root, "out");
  for (const d of [join(data, "g"), join(templates, "g"), join(out, "g", "print")]) mkdirSync(d, { recursive: true });
  writeFileSync(join(data, "g", "game.yaml"), "id: g\n");
  writeFileSync(join(templates, "g", "face.svg.hbs"), "<svg/>\n");
  writeFileSync(join(out, "g", "print", "g-a4.pdf"), "%PDF");
  const argv = ["build", "--data", data, "--out", out];
  const build = (args: string[] = argv, during?: () => void) => {
    rememberBuildCommandLine(args);
    const pending = startStamp();
    during?.();
    pending?.finish(["g"], "g: 0 PNGs in out/g/cards/, 1 PDF (up to date)\n0 of 1 files written (1 already up to date)\n", "warning: w\n");
  };
  return { root, data, templates, out, argv, build };
}

describe("no-op build stamp", () => {
  it("the same command line with nothing changed answers with the summary and the warnings", () => {
    const f = fixture();
    expect(noopBuild(f.argv)).toBeUndefined(); // no build yet
    f.build();
    expect(noopBuild(f.argv)).toEqual({ stdout: expect.stringContaining("0 of 1 files written (1 already up to date)"), stderr: "warning: w\n" });
  });

  it("an input touched, added or removed (data, templates) runs the full build", () => {
    for (const change of [
      (f: ReturnType<typeof fixture>) => utimesSync(join(f.data, "g", "game.yaml"), new Date(), new Date(Date.now() + 5000)),
      (f: ReturnType<typeof fixture>) => writeFileSync(join(f.data, "g", "deck.yaml"), "cards: []\n"),
      (f: ReturnType<typeof fixture>) => rmSync(join(f.templates, "g", "face.svg.hbs")),
      (f: ReturnType<typeof fixture>) => writeFileSync(join(f.templates, "g", "face.svg.hbs"), "<svg></svg>\n"),
    ]) {
      const f = fixture();
      f.build();
      change(f);
      expect(noopBuild(f.argv)).toBeUndefined();
    }
  });

  it("an output deleted or rewritten runs the full build", () => {
    const f = fixture();
    f.build();
    writeFileSync(join(f.out, "g", "print", "g-a4.pdf"), "%PDF-1.7");
    expect(noopBuild(f.argv)).toBeUndefined();
    const g = fixture();
    g.build();
    rmSync(join(g.out, "g", "print", "g-a4.pdf"));
    expect(noopBuild(g.argv)).toBeUndefined();
  });

  it("an output damaged with its size and modification time put back runs the full build (its change time moved)", async () => {
    const f = fixture();
    const pdf = join(f.out, "g", "print", "g-a4.pdf");
    const when = new Date("2025-01-01T00:00:00Z");
    utimesSync(pdf, when, when);
    f.build();
    expect(noopBuild(f.argv)).toBeDefined();
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(pdf, "%PDX");
    utimesSync(pdf, when, when);
    expect(statSync(pdf).mtimeMs).toBe(when.getTime());
    expect(noopBuild(f.argv)).toBeUndefined();
  });

  it("an input edited while the build ran is not stamped as built", () => {
    const f = fixture();
    f.build(f.argv, () => writeFileSync(join(f.data, "g", "game.yaml"), "id: g\nname: G\n"));
    expect(noopBuild(f.argv)).toBeUndefined();
  });

  it("another command line, --pod, a held lock or a half-moved build runs the full build", () => {
    const f = fixture();
    f.build();
    expect(noopBuild([...f.argv, "--paper", "a4"])).toBeUndefined();
    expect(noopBuild([...f.argv, "--pod", "tgc"])).toBeUndefined();
    writeFileSync(join(f.out, ".syzygy.lock"), "1");
    expect(noopBuild(f.argv)).toBeUndefined();
    rmSync(join(f.out, ".syzygy.lock"));
    mkdirSync(join(f.out, ".staging"));
    expect(noopBuild(f.argv)).toBeUndefined();
    rmSync(join(f.out, ".staging"), { recursive: true });
    expect(noopBuild(f.argv)).toBeDefined();
  });

  it("`syzygy build` stamps its run; the same build again answers from the stamp; a deleted output is rebuilt", async () => {
    const out = tempDir("noop-cli");
    const argv = ["build", "solar-eclipse", "--no-png", "--paper", "letter", "--data", DATA, "--out", out];
    let io = capture();
    expect(await main(argv)).toBe(0);
    expect(io.out()).toMatch(/\b([1-9]\d*) of \1 files written\n/);
    vi.restoreAllMocks();
    io = capture();
    expect(await main(argv)).toBe(0);
    // The full build prints its timings; the stamp's answer says "up to date".
    expect(io.out()).toMatch(/solar-eclipse: 0 PNGs .* \d+ PDFs? \(up to date\)\n/);
    expect(io.out()).toMatch(/\b0 of (\d+) files written \(\1 already up to date\)\n/);
    vi.restoreAllMocks();
    rmSync(join(out, "solar-eclipse/print/solar-eclipse-letter.pdf"));
    io = capture();
    expect(await main(argv)).toBe(0);
    expect(io.out()).toMatch(/\b1 of \d+ files written \(\d+ already up to date\)\n/);
  }, 120_000);

  it("after a build that kept outputs (an edit), the same build again answers from the stamp", async () => {
    // The staging held hard links to every kept output: dropping them after the stamp changed
    // each kept file's change time (its link count), so the stamp never matched again.
    const root = tempDir("noop-edit");
    const data = join(root, "data");
    const out = join(root, "out");
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    expect(await main(["new", "g", "--data", data])).toBe(0);
    vi.restoreAllMocks();
    const argv = ["build", "g", "--no-png", "--no-tts", "--paper", "a4", "--data", data, "--out", out];
    let io = capture();
    expect(await main(argv)).toBe(0);
    vi.restoreAllMocks();
    const deck = join(data, "g", "deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace(/(\n {4}index: "A"\n)/, '$1    text: "Edited"\n'));
    io = capture();
    expect(await main(argv)).toBe(0);
    expect(io.out()).toMatch(/\b1 of (\d+) files written \(\d+ already up to date\)\n/); // the deck's PDF; the alignment test and gallery kept
    vi.restoreAllMocks();
    expect(noopBuild(argv)).toBeDefined();
    io = capture();
    expect(await main(argv)).toBe(0);
    expect(io.out()).toMatch(/g: 0 PNGs .* \d+ PDFs? \(up to date\)\n/);
  }, 120_000);
});
