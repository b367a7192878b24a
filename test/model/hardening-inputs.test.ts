/**
 * Data files are read without trusting them (issue 18, "Input files"): encodings are detected and
 * named, the file is checked before it is read (regular file, size), every path stays inside the
 * data folder after resolving links, and each YAML problem is one located error.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import { MAX_FILE_BYTES, readDataText } from "../../src/model/read-text";
import { MAX_SYNTAX_ERRORS } from "../../src/model/yaml-source";
import { runCli, tempData, type TempData } from "./helpers";

const DECK = "lunar-trick/deck.yaml";

/** Diagnostics of lunar-trick, printed; the model is refused whenever there is one. */
function problems(t: TempData): string[] {
  const r = checkGame(t.data, "lunar-trick");
  if (r.diagnostics.length > 0) expect(r.model).toBeUndefined();
  return r.diagnostics.map(formatDiagnostic);
}

/** Diagnostics about one file only. */
function about(t: TempData, rel: string): string[] {
  return problems(t).filter((p) => p.startsWith(t.path(rel)));
}

describe("encodings", () => {
  it("invalid UTF-8 is a located error naming the byte offset, never a silent U+FFFD", () => {
    const t = tempData();
    const text = t.read(DECK);
    const at = text.indexOf('"Rising Moon 5"') + 1;
    const bytes = Buffer.from(text, "utf8");
    const offset = Buffer.byteLength(text.slice(0, at));
    const [line, col] = t.loc(DECK, '"Rising Moon 5"', 1).split(":").slice(-2);
    bytes[offset] = 0xff;
    writeFileSync(t.path(DECK), bytes);
    expect(about(t, DECK)).toEqual([
      `${t.path(DECK)}:${line}:${col}: invalid UTF-8 at byte offset ${offset} (byte 0xff); data files must be UTF-8: re-save the file as UTF-8`,
    ]);
  });

  it("a UTF-16 file (with a BOM) is one short error naming UTF-16, not the whole file", () => {
    const t = tempData();
    const text = t.read(DECK);
    writeFileSync(t.path(DECK), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const got = about(t, DECK);
    expect(got).toEqual([`${t.path(DECK)}:1:1: the file is encoded as UTF-16; data files must be UTF-8: re-save it as UTF-8`]);
  });

  it("UTF-16 without a BOM is named too", () => {
    const t = tempData();
    writeFileSync(t.path(DECK), Buffer.from(t.read(DECK), "utf16le"));
    const got = about(t, DECK);
    expect(got).toHaveLength(1);
    expect(got[0]).toContain("UTF-16 or UTF-32 (without a byte order mark)");
  });

  it("a UTF-8 byte order mark is accepted and positions stay those the editor shows", () => {
    const t = tempData();
    writeFileSync(t.path(DECK), "\uFEFF" + t.read(DECK).replace("number: 4\n", 'number: "x"\n'));
    expect(about(t, DECK)).toEqual([`${t.loc(DECK, '"x"')}: cards[3].number: expected an integer 1..30, got "x"`]);
  });

  it("a raw NUL byte is a located encoding error", () => {
    const t = tempData();
    t.replace(DECK, '"Rising Moon 5"', '"Rising \u0000Moon 5"');
    const got = about(t, DECK);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`^${t.path(DECK)}:${t.loc(DECK, "Rising \u0000").split(":")[1]}:\\d+: NUL byte at byte offset \\d+`));
  });
});

describe("what a data path may point at", () => {
  it("a link to a file outside data/ is refused and its contents never printed", async () => {
    const t = tempData();
    const secret = join(t.root, "secret.yaml");
    writeFileSync(secret, "cards:\n  - id: top-secret-value\n");
    rmSync(t.path(DECK));
    symlinkSync(secret, t.path(DECK));
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${t.path(DECK)}: this path is a link that leads outside the data folder`);
    expect(r.stderr + r.stdout).not.toContain("top-secret-value");
  });

  it("a link to /etc/passwd is refused, never echoed", async () => {
    const t = tempData();
    rmSync(t.path(DECK));
    symlinkSync("/etc/passwd", t.path(DECK));
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${t.path(DECK)}: this path is a link that leads outside the data folder`);
    expect(r.stderr + r.stdout).not.toMatch(/root:/);
  });

  it("a link inside data/ is followed", () => {
    const t = tempData();
    const copy = t.path("lunar-trick/deck-copy.yaml");
    writeFileSync(copy, t.read(DECK));
    rmSync(t.path(DECK));
    symlinkSync(copy, t.path(DECK));
    expect(problems(t)).toEqual([]);
  });

  it("a link to /dev/zero is refused before reading (no growth, no hang)", () => {
    const t = tempData();
    rmSync(t.path(DECK));
    symlinkSync("/dev/zero", t.path(DECK));
    expect(about(t, DECK)).toEqual([
      `${t.path(DECK)}: this path is a link that leads outside the data folder; data files must be inside data/ (copy the file in instead of linking to it)`,
    ]);
  });

  it("a device is refused by its type, before any byte is read", () => {
    const r = readDataText("/dev/zero", "zero.yaml");
    expect(r.ok ? "read" : formatDiagnostic(r.diagnostic)).toBe("zero.yaml: expected a regular file, found a device; replace it with the YAML file");
  });

  it("a FIFO is refused without waiting for a writer", () => {
    const t = tempData();
    rmSync(t.path(DECK));
    execFileSync("mkfifo", [t.path(DECK)]);
    expect(about(t, DECK)).toEqual([`${t.path(DECK)}: expected a regular file, found a named pipe (FIFO); replace it with the YAML file`]);
  });

  it("a folder in place of the file is named", () => {
    const t = tempData();
    rmSync(t.path(DECK));
    mkdirSync(t.path(DECK));
    expect(about(t, DECK)).toEqual([`${t.path(DECK)}: expected a regular file, found a folder; replace it with the YAML file`]);
  });

  it("the size limit is checked before reading", () => {
    const t = tempData();
    // A sparse file: were it read first, the check would come after allocating it all.
    truncateSync(t.path(DECK), 64 * MAX_FILE_BYTES);
    expect(about(t, DECK)).toEqual([
      `${t.path(DECK)}: the file is ${64 * MAX_FILE_BYTES} bytes; the limit is ${MAX_FILE_BYTES} bytes (1 MiB): split the data or shorten it`,
    ]);
  });
});

describe("YAML shapes: one located error per cause", () => {
  const warnings: unknown[] = [];
  const onWarning = (w: unknown) => warnings.push(w);
  afterEach(() => {
    process.off("warning", onWarning);
    vi.restoreAllMocks();
  });

  it("a list as a mapping key is one located error and no Node warning", () => {
    const t = tempData();
    const emit = vi.spyOn(process, "emitWarning");
    process.on("warning", onWarning);
    t.replace(DECK, "cards:\n", "? [a, b]\n: 1\ncards:\n");
    const got = about(t, DECK);
    expect(got).toEqual([`${t.path(DECK)}:${t.loc(DECK, "? [a, b]").split(":")[1]}:3: a mapping key must be plain text, got a list; write the key as a word, e.g. \`name: value\``]);
    expect(emit).not.toHaveBeenCalled();
    expect(warnings).toEqual([]);
  });

  it("an empty (null) key is located at the key", () => {
    const t = tempData();
    t.replace(DECK, "cards:\n", ": 1\ncards:\n");
    const line = t.loc(DECK, ": 1").split(":")[1];
    expect(about(t, DECK)).toEqual([`${t.path(DECK)}:${line}:1: a mapping key must be plain text, got an empty key; write the key as a word, e.g. \`name: value\``]);
  });

  it("!!binary is named as the tag, not reported as a mapping", () => {
    const t = tempData();
    t.replace(DECK, 'name: "Rising Moon 5"', "name: !!binary aGVsbG8=");
    expect(about(t, DECK)).toEqual([
      `${t.loc(DECK, "!!binary")}: YAML tag !!binary is not supported: data files hold only text, numbers, true/false, lists and mappings; remove the tag`,
    ]);
  });

  it("!!set and !!timestamp are named too; !!str is fine", () => {
    const t = tempData();
    t.replace(DECK, 'name: "Rising Moon 5"', "name: !!timestamp 2001-12-14");
    t.replace(DECK, 'name: "Rising Moon 6"', "name: !!str Rising Moon 6");
    expect(about(t, DECK)).toEqual([`${t.loc(DECK, "!!timestamp")}: YAML tag !!timestamp is not supported: data files hold only text, numbers, true/false, lists and mappings; remove the tag`]);
  });

  it("an empty file is one error at 1:1", () => {
    const t = tempData();
    t.write(DECK, "");
    expect(about(t, DECK)).toEqual([`${t.path(DECK)}:1:1: the file is empty (or only comments); expected a mapping`]);
  });

  it("lists nested thousands deep are one located error, not a stack overflow", () => {
    const t = tempData();
    t.replace(DECK, "cards:\n", `deep: ${"[".repeat(5000)}${"]".repeat(5000)}\ncards:\n`);
    const got = about(t, DECK);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`^${t.path(DECK)}:\\d+:\\d+: lists or mappings nested too deeply to read`));
  });

  it("a file that is not YAML at all gives the first 20 errors and a count, not one a line", () => {
    const t = tempData();
    t.write(DECK, Array.from({ length: 500 }, (_, i) => `k${i}: [unclosed\n  - ]]`).join("\n") + "\n");
    const got = about(t, DECK);
    expect(got.length).toBeLessThanOrEqual(MAX_SYNTAX_ERRORS + 1);
    expect(got[got.length - 1]).toMatch(/: \d+ more YAML syntax error\(s\) from here on, not listed; fix the ones above first/);
  });

  it("an alias inside the value it names is one located error, not a value that contains itself", () => {
    const t = tempData();
    t.replace("lunar-trick/rules.yaml", "rules:\n", "loop: &loop { again: *loop }\nrules:\n");
    const got = about(t, "lunar-trick/rules.yaml");
    expect(got).toEqual([
      `${t.loc("lunar-trick/rules.yaml", "*loop")}: alias *loop is inside the value it names, which would make the value contain itself; write the value out instead`,
    ]);
  });

  it("one tab used for indentation is one error, not a cascade", () => {
    const t = tempData();
    t.replace(DECK, '    name: "Rising Moon 5"', '\tname: "Rising Moon 5"');
    const line = t.loc(DECK, '\tname: "Rising Moon 5"').split(":")[1];
    expect(about(t, DECK)).toEqual([`${t.path(DECK)}:${line}:1: YAML syntax error (TAB_AS_INDENT): Tabs are not allowed as indentation`]);
  });
});
