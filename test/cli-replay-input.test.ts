/**
 * `syzygy replay` on hostile or careless input (issue 18): every problem is one located message
 * (file:line:col), exit 1 for bad input and 2 for a wrong command line, never a stack trace.
 */
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { parseJson, scanJson, MAX_JSON_DEPTH } from "../src/cli/json-locate";
import { mkfifoSync, run, tempFile, request } from "./cli-support";
import { seedCommitment } from "../src/table/commitment";

afterEach(() => {
  process.exitCode = undefined;
});

const NO_TRACE = /internal error|Maximum call stack|\n\s+at /;

describe("replay input is located, whatever it is", () => {
  it("20 000 malformed actions: the first problems located, the rest counted (one pass, no rescans)", async () => {
    const actions = Array.from({ length: 20_000 }, () => ({ seat: "x", type: 1 }));
    const file = tempFile("many.json", request({ actions }));
    const { code, err } = await run("replay", file);
    expect(code).toBe(1);
    const lines = err.trim().split("\n");
    expect(lines[0]).toMatch(/many\.json:1:\d+: actions\[0\]\.seat: expected a seat number/);
    expect(lines).toHaveLength(51);
    expect(lines[50]).toBe(`${file}: … and 39950 more problems`);
  });

  it("deeply nested JSON: a located error naming the limit, not a stack overflow", async () => {
    const depth = 200_000;
    const file = tempFile("deep.json", "[".repeat(depth) + "]".repeat(depth));
    const { code, err } = await run("replay", file);
    expect(code).toBe(1);
    expect(err).toBe(`${file}:1:${MAX_JSON_DEPTH + 1}: invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels (a replay request needs at most 4)\n`);
    const inAction = tempFile("deep-action.json", request({ actions: [{ seat: 0, type: "play", card: JSON.parse("[".repeat(70) + "]".repeat(70)) }] }, 1));
    const r = await run("replay", inAction);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/deep-action\.json:\d+:\d+: invalid JSON: nested deeper than 64/);
    expect(r.err).not.toMatch(NO_TRACE);
  });

  it("a UTF-8 byte order mark is skipped; columns count from after it", async () => {
    const file = tempFile("bom.json", "\ufeff" + request({ viewAs: 7 }));
    const { code, err } = await run("replay", file);
    expect(code).toBe(1);
    const column = request({ viewAs: 7 }).indexOf("7") + 1;
    expect(err).toBe(`${file}:1:${column}: viewAs: the view must be a seat 0 to 2 (3 players) or -1 for the public view, got 7\n`);
    const ok = await run("replay", tempFile("bom-ok.json", "\ufeff" + request()));
    expect(ok.code).toBe(0);
  });

  it.each([
    ["YAML instead of JSON", "game: lunar-trick\n", /:1:1: invalid JSON: expected a JSON value .* got "g"/],
    ["an empty file", "", /:1:1: invalid JSON: the text is empty/],
    ["a trailing comma", '{"game":"x",\n}', /:2:1: invalid JSON: a "," before "}"/],
    ["a second value", '{"game":"x"}\n{"game":"y"}', /:2:1: invalid JSON: unexpected "\{" after the JSON value/],
    ["a raw tab in a string", '{"seed":"a\tb"}', /:1:11: invalid JSON: control character U\+0009 inside a string/],
    ["a NUL byte", '{"seed":1}\u0000', /:1:11: invalid JSON: unexpected control character U\+0000 \(a NUL byte: is the file UTF-16\?/],
    ["a bad escape", '{"seed":"\\x41"}', /:1:10: invalid JSON: invalid escape/],
    ["a truncated array", '{"actions":[1,\n2', /:2:2: invalid JSON: the text ends inside an array \(missing "\]"\)/],
    ["an unquoted key", "{seed:1}", /:1:2: invalid JSON: expected a property name in double quotes, got "s"/],
  ])("%s", async (_what, text, message) => {
    const { code, out, err } = await run("replay", tempFile("in.json", text));
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toMatch(message);
    expect(err).not.toMatch(NO_TRACE);
  });

  it("UTF-16 and invalid UTF-8 are named with their place, not turned into \uFFFD", async () => {
    const utf16 = tempFile("u16.json", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(request(), "utf16le")]));
    expect((await run("replay", utf16)).err).toBe(`${utf16}:1:1: the file is UTF-16 encoded; save it as UTF-8\n`);
    const latin1 = tempFile("l1.json", Buffer.concat([Buffer.from('{\n  "seed": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
    const r = await run("replay", latin1);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${latin1}:2:15: not valid UTF-8 (byte 0xE9); save the file as UTF-8\n`);
  });

  it("an endless device is cut at the size limit (8 MB) instead of filling memory", async () => {
    const r = await run("replay", "/dev/zero");
    expect(r).toMatchObject({ code: 1, out: "", err: "/dev/zero: larger than 8 MB, the most an input file may have\n" });
  });

  it("a folder or a missing file is a usage error (2); a FIFO is read like stdin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "syzygy-cli-"));
    expect(await run("replay", dir)).toMatchObject({ code: 2, err: `${dir}: is a folder (give a JSON file, or - for stdin)\n` });
    expect((await run("replay", join(dir, "none.json"))).code).toBe(2);
    const fifo = mkfifoSync(join(dir, "pipe.json"), request());
    const r = await run("replay", fifo);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).ok).toBe(true);
  });
});

describe("actions the engine would print differently in Lua", () => {
  it("a seat outside the game is refused by the replay itself (not each game's own message)", async () => {
    const file = tempFile("seat.json", request({ actions: [{ seat: 9, type: "commit", card: "rising-4" }] }, 2));
    const r = await run("replay", file);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, index: 0, rule: "SIM-action", message: "action 0: the seat must be 0 to 2 (3 players)" });
    expect(r.err).toMatch(/seat\.json:\d+:\d+: action 0 \(seat 9 commit rising-4\) refused by SIM-action/);
    const huge = await run("replay", tempFile("huge.json", request({ actions: [{ seat: 2235804057824995, type: "commit" }] })));
    expect(huge.code).toBe(1);
    expect(huge.err).toMatch(/huge\.json:1:\d+: actions\[0\]\.seat: numbers in actions are whole numbers/);
  });

  it("fractional or huge numbers in an action are located input errors; odd keys are quoted", async () => {
    const file = tempFile("num.json", request({ actions: [{ seat: 0, type: "bid", tricks: 1.5 }], " ": 1 }));
    const r = await run("replay", file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/num\.json:1:\d+: actions\[0\]\.tricks: numbers in actions are whole numbers from -2147483647 to 2147483647, got 1\.5/);
    expect(r.err).toMatch(/num\.json:1:\d+: " ": unknown key " "/);
    const long = await run("replay", tempFile("long.json", request({ ["k".repeat(5000)]: 1, game: 7 })));
    expect(long.err).toContain(`unknown key "${"k".repeat(60)}"… (5000 characters)`);
    expect(long.err.length).toBeLessThan(1000);
  });
});

describe("view seats", () => {
  it("--view 99 names the valid seats (usage error, exit 2)", async () => {
    const file = tempFile("v.json", request());
    const r = await run("replay", file, "--view", "99");
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toBe("--view: the view must be a seat 0 to 2 (3 players) or -1 for the public view, got 99\n");
    expect((await run("replay", file, "--view", "")).code).toBe(2);
    expect((await run("replay", file, "--view", "1.5")).code).toBe(2);
    expect(JSON.parse((await run("replay", file, "--view", "-1")).out).view.seat).toBe(-1);
  });

  it('"viewAs": -2 in the file: located input error (exit 1)', async () => {
    const file = tempFile("v.json", request({ viewAs: -2 }, 2));
    const r = await run("replay", file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/v\.json:\d+:13: viewAs: the view must be a seat 0 to 2 \(3 players\) or -1 for the public view, got -2/);
  });
});

describe("a committed log states no deal of its own", () => {
  it.each(["deal", "dealer", "setAside"])("a log with a commitment and %s is refused, located at that key (exit 1)", async (key) => {
    const seed = "forged-deal";
    const stated = { deal: [["a"], ["b"], ["c"]], dealer: 1, setAside: ["d"] }[key];
    const text = request({ seed, commitment: seedCommitment(seed), [key]: stated }, 1);
    const file = tempFile("forged.json", text);
    const r = await run("replay", file);
    expect(r.code).toBe(1);
    const line = text.split("\n").findIndex((l) => l.includes(`"${key}"`)) + 1;
    expect(r.err).toMatch(new RegExp(`forged\\.json:${line}:\\d+: ${key}: a log with a deal commitment is dealt by its seed alone: remove "${key}"`));
    expect(r.err).not.toMatch(NO_TRACE);
    // The same log without the commitment is a designer's own deal, and is checked as such.
    const plain = await run("replay", tempFile("plain.json", request({ seed, commitment: seedCommitment(seed) }, 1)));
    expect(plain.code).toBe(0);
  });
});

describe("the JSON scanner", () => {
  it("accepts exactly what JSON.parse accepts on tricky valid input, with every value's offset", () => {
    const text = ' {"a" : [1, -0.5e+3, "x\\u00e9\\"", {"b":null}], "c":{}, "d":[], "e":true}';
    const doc = parseJson(text, "t.json");
    expect(doc.value).toEqual(JSON.parse(text));
    expect(doc.locate("a[3].b")).toBe(`t.json:1:${text.indexOf("null") + 1}`);
    expect(doc.locate("a[9]")).toBe(`t.json:1:${text.indexOf("[") + 1}`); // nearest parent
    for (const bad of ["01", "1.", "-", ".5", "tru", '"\\u12"', "[1,]", "{,}", "nul", "+1", "1e"]) {
      expect(() => JSON.parse(bad)).toThrow();
      expect(scanJson(bad).ok).toBe(false);
    }
  });
});
