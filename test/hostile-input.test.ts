/**
 * Designer files are untrusted input (issue 24): one test per class of the attacks the issue
 * lists, each against a game made by `syzygy new`. Every one ends in a located error (file, and
 * line:col or the data cell), exit 1 (2 for usage errors), no stack trace, and no output holding
 * the picture from outside the game's folders. test/hostile-reads.test.ts traces the file reads.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { run } from "./cli-support";
import { hostileProject, pngHeader, STACK, zipOf } from "./hostile-support";
import { readSheetRows } from "../src/model/deck-sheet";
import { readCsvCell, safeCsvCell } from "../src/model/csv-cell";
import * as L from "../src/model/limits";
import { MAX_FACE_PIXELS, MAX_REPEAT, MAX_SHEET_ROWS, MAX_SVG_ELEMENTS, MAX_XLSX_INFLATED_BYTES } from "../src/model/limits";

/** Runs the CLI; asserts the outcome is a clean error (no stack trace) and returns stderr. */
async function fails(argv: string[], code = 1): Promise<string> {
  const r = await run(...argv);
  expect(r.err).not.toMatch(STACK);
  expect(r.err).not.toMatch(/internal error/);
  expect({ code: r.code, err: r.err }).toMatchObject({ code });
  return r.err;
}


/** A <use> tree: level k holds `fan` uses of level k-1, so the top draws fan^levels rectangles. */
function useBomb(levels: number, fan: number): string {
  let defs = `<g id="l0"><rect width="1" height="1"/></g>`;
  for (let k = 1; k <= levels; k++) defs += `<g id="l${k}">${`<use href="#l${k - 1}"/>`.repeat(fan)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>${defs}</defs><use href="#l${levels}"/></svg>`;
}

describe("pictures from outside the game's folders never reach an output", () => {
  it("a '>' inside an earlier attribute does not hide a template's absolute href", async () => {
    const p = hostileProject();
    p.face(`<image title=">" href="${p.secret}" width="5" height="5"/>`);
    const err = await fails(p.build());
    expect(err).toMatch(/demo\/cards\/ace-of-spades: template .*card\.svg\.hbs: <image href="[^"]*secret\.png"> \(.*card\.svg\.hbs:\d+:\d+\): the image leads outside/);
    expect(existsSync(join(p.out, "demo"))).toBe(false);
  });

  it("the xlink namespace bound to another prefix (x1:href) is read as an href", async () => {
    const p = hostileProject();
    p.face(`<g xmlns:x1="http://www.w3.org/1999/xlink"><image x1:href="../../outside/secret.png" width="5" height="5"/></g>`);
    expect(await fails(p.build())).toMatch(/card\.svg\.hbs.*<image href="\.\.\/\.\.\/outside\/secret\.png">.*leads outside the templates and data folders/);
  });

  it("an SVG element bound to an odd prefix (<s:image>) is still an image", async () => {
    const p = hostileProject();
    p.face(`<s:image xmlns:s="http://www.w3.org/2000/svg" href="../../outside/secret.png" width="5" height="5"/>`);
    expect(await fails(p.build())).toMatch(/leads outside the templates and data folders/);
  });

  it("card art whose own <image> uses x1:href to leave the folder: validate names the deck cell", async () => {
    const p = hostileProject();
    p.write("data/demo/art/evil.svg", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x1="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><image title=">" x1:href="../../../outside/secret.png" width="1" height="1"/></svg>`);
    writeFileSync(join(p.game, "deck.yaml"), readFileSync(join(p.game, "deck.yaml"), "utf8").replace(`    index: "A"\n`, `    index: "A"\n    image: art/evil.svg\n`));
    const err = await fails(p.validate());
    expect(err).toMatch(/data\/demo\/deck\.yaml:\d+:\d+: cards\[0\]\.image: asset "art\/evil\.svg" cannot be drawn: .*evil\.svg:1:\d+\).*leads outside/);
  });

  it("an icon linking to another file (any prefix), a CSS url() or @import is a located error in the icon file", async () => {
    for (const [svg, why] of [
      [`<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink" viewBox="0 0 2 2">\n<use q:href="file:///etc/passwd#x"/></svg>`, /icons\/spades\.svg:2:\d+: icon "spades": <use> is a link to another file/],
      [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect style="fill:url( 'http://x/y' )"/></svg>`, /icons\/spades\.svg:1:\d+: .*url\(\) that is not a #reference/],
      [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><style>@import "/etc/passwd";</style></svg>`, /icons\/spades\.svg:1:\d+: .*@import/],
      [`<!DOCTYPE svg [<!ENTITY x SYSTEM "/etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><text>&x;</text></svg>`, /icons\/spades\.svg:1:\d+: .*DOCTYPE/],
      [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><foreignObject/></svg>`, /icons\/spades\.svg:1:\d+: .*foreignObject/],
    ] as const) {
      const p = hostileProject();
      p.write("data/demo/icons/spades.svg", svg);
      expect(await fails(p.validate())).toMatch(why);
    }
  });

  it("a device, a FIFO or a link to /dev/zero is refused at once (no hang, no GBs)", async () => {
    const p = hostileProject();
    mkdirSync(join(p.game, "art"));
    symlinkSync("/dev/zero", join(p.game, "art", "zero.png"));
    execFileSync("mkfifo", [join(p.game, "art", "pipe.png")]);
    p.face(`<image href="/dev/zero" width="5" height="5"/>`);
    expect(await fails(p.build())).toMatch(/<image href="\/dev\/zero">.*leads outside/);
    for (const name of ["zero.png", "pipe.png"]) {
      const q = hostileProject();
      mkdirSync(join(q.game, "art"));
      if (name === "zero.png") symlinkSync("/dev/zero", join(q.game, "art", name));
      else execFileSync("mkfifo", [join(q.game, "art", name)]);
      q.face(`<image href="../../data/demo/art/${name}" width="5" height="5"/>`);
      expect(await fails(q.build())).toMatch(name === "zero.png" ? /leads outside/ : /not a regular file/);
    }
  });
});

describe("work is bounded before it is done", () => {
  it(`a <use> chain in card art or an icon is refused past ${MAX_SVG_ELEMENTS} elements`, async () => {
    const p = hostileProject();
    p.write("data/demo/art/bomb.svg", useBomb(6, 10));
    writeFileSync(join(p.game, "deck.yaml"), readFileSync(join(p.game, "deck.yaml"), "utf8").replace(`    index: "A"\n`, `    index: "A"\n    image: art/bomb.svg\n`));
    expect(await fails(p.validate())).toMatch(/deck\.yaml:\d+:\d+: cards\[0\]\.image: .*bomb\.svg:1:\d+: <\w+> draws \d+ elements once its <use> references are expanded; the limit is 100000/);
    const q = hostileProject();
    q.write("data/demo/icons/spades.svg", useBomb(6, 10));
    expect(await fails(q.validate())).toMatch(/icons\/spades\.svg:1:\d+: icon "spades": .*elements once its <use> references are expanded/);
    const r = hostileProject();
    r.write("data/demo/icons/spades.svg", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>`);
    expect(await fails(r.validate())).toMatch(/icons\/spades\.svg:1:\d+: .*through a <use> chain/);
  });

  it(`{{#around}} and {{#across}} with a data cell of 50000000 stop at ${MAX_REPEAT}`, async () => {
    for (const helper of ["around", "across"]) {
      const p = hostileProject();
      const yaml = join(p.game, "game.yaml");
      writeFileSync(yaml, readFileSync(yaml, "utf8").replace("  rank: integer\n", "  rank: integer\n  spokes: integer\n"));
      writeFileSync(join(p.game, "deck.yaml"), readFileSync(join(p.game, "deck.yaml"), "utf8").replace(`    index: "A"\n`, `    index: "A"\n    spokes: 50000000\n`));
      p.face(helper === "around" ? `{{#around item.spokes 30 40 10}}<circle cx="{{x}}" cy="{{y}}" r="1"/>{{/around}}` : `{{#across item.spokes 0 60}}<circle cx="{{cx}}" cy="5" r="1"/>{{/across}}`);
      expect(await fails(p.build())).toMatch(new RegExp(`ace-of-spades: template .*card\\.svg\\.hbs: line \\d+, column \\d+: helper ${helper}: "list" is 50000000, more than the 100 pieces`));
    }
  });

  it(`images whose headers claim 8000 px, several on one card or repeated by one SVG, are refused before decoding (${MAX_FACE_PIXELS} px a face)`, async () => {
    const p = hostileProject();
    p.write("data/demo/art/big.png", pngHeader(8000, 8000));
    p.face(`<image href="../../data/demo/art/big.png" width="5" height="5"/><image href="../../data/demo/art/big.png" x="5" width="5" height="5"/>`);
    expect(await fails(p.build())).toMatch(/card\.svg\.hbs \(the SVG it renders\):\d+:\d+: the images drawn here \(repeats included\) add up to 128000000 pixels; the limit is 96000000/);
    // One art SVG drawing an allowed picture three times through <use>: validate refuses it at the cell.
    const q = hostileProject();
    q.write("data/demo/art/big.png", pngHeader(8000, 6000));
    q.write("data/demo/art/rep.svg", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><image id="i" href="big.png" width="1" height="1"/></defs><use href="#i"/><use href="#i"/></svg>`);
    writeFileSync(join(q.game, "deck.yaml"), readFileSync(join(q.game, "deck.yaml"), "utf8").replace(`    index: "A"\n`, `    index: "A"\n    image: art/rep.svg\n`));
    expect(await fails(q.validate())).toMatch(/deck\.yaml:\d+:\d+: cards\[0\]\.image: .*rep\.svg:1:\d+: the images drawn here \(repeats included\) add up to 144000000 pixels/);
    // A header past 8000 px a side is refused by validate too.
    const r = hostileProject();
    r.write("data/demo/art/huge.png", pngHeader(60000, 60000));
    writeFileSync(join(r.game, "deck.yaml"), readFileSync(join(r.game, "deck.yaml"), "utf8").replace(`    index: "A"\n`, `    index: "A"\n    image: art/huge.png\n`));
    expect(await fails(r.validate())).toMatch(/deck\.yaml:\d+:\d+: cards\[0\]\.image: .*60000×60000 px; the limit is 8000 px a side/);
  });

  it(`an XLSX that unpacks past ${MAX_XLSX_INFLATED_BYTES / 1048576} MiB is one located error in validate and in new --from-csv's reader`, async () => {
    const p = hostileProject();
    const bomb = zipOf({ "[Content_Types].xml": Buffer.from("<Types/>"), "xl/sharedStrings.xml": Buffer.alloc(200 * 1024 * 1024, 0x41) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    p.write("data/demo/cards.xlsx", bomb);
    const yaml = join(p.game, "game.yaml");
    writeFileSync(yaml, readFileSync(yaml, "utf8").replace("    from: deck", "    deck: cards.xlsx"));
    rmSync(join(p.game, "deck.yaml"));
    const t = Date.now();
    expect(await fails(p.validate())).toMatch(/data\/demo\/cards\.xlsx: .*unpacks to more than 16 MiB/);
    const rows = readSheetRows(join(p.game, "cards.xlsx"), "cards.xlsx", { file: "cards.xlsx", format: "xlsx" });
    expect(rows.ok ? "read" : rows.diagnostic.message).toMatch(/unpacks to more than 16 MiB/);
    expect(Date.now() - t).toBeLessThan(60_000);
  });

  it(`a CSV of ${MAX_SHEET_ROWS + 1}+ rows is one error, and an unclosed quote is reported on its own row`, async () => {
    const p = hostileProject();
    const yaml = join(p.game, "game.yaml");
    writeFileSync(yaml, readFileSync(yaml, "utf8").replace("    from: deck", "    deck: cards.csv"));
    rmSync(join(p.game, "deck.yaml"));
    p.write("data/demo/cards.csv", ["id,name,suit,rank,index", ...Array.from({ length: 40_000 }, (_, i) => `c${i},=1+1,bogus,x,${i}`)].join("\n"));
    const err = await fails(p.validate());
    expect(err).toMatch(/cards\.csv:1:1: .*40001 rows/);
    expect(err.split("\n").filter((l) => l.includes("cards.csv")).length).toBe(1);
    p.write("data/demo/cards.csv", ["id,name,suit,rank,index", "a,Ace,spades,1,A", `b,"Two of, spades,2,2`, ...Array.from({ length: 1000 }, (_, i) => `c${i},C,spades,3,3`)].join("\n"));
    expect(await fails(p.validate())).toMatch(/cards\.csv:3:3: .*quoted cell opened here is never closed/);
  });
});

describe("no crash reaches the user", () => {
  it("a template rendering a plain &nbsp; (not XML) is a located error, not a stack trace", async () => {
    const p = hostileProject();
    p.face(`<text x="1" y="1">a&nbsp;b</text>`);
    expect(await fails(p.build())).toMatch(/ace-of-spades: template .*card\.svg\.hbs: .*card\.svg\.hbs \(the SVG it renders\):\d+:\d+: not well-formed XML/);
  });

  it("a damaged font says so, naming the file", async () => {
    const p = hostileProject();
    const ttf = readFileSync(join(__dirname, "../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
    p.write("data/demo/fonts/broken.ttf", Buffer.concat([ttf.subarray(0, 4096), Buffer.alloc(4096)]));
    const yaml = join(p.game, "game.yaml");
    writeFileSync(yaml, readFileSync(yaml, "utf8") + `\nfonts:\n  - { family: Broken, file: broken.ttf }\n`);
    const err = await fails(p.validate());
    expect(err).toMatch(/game\.yaml:\d+:\d+: fonts\[0\]\.file: font file "broken\.ttf" \(.*broken\.ttf\) is damaged/);
    expect(err).not.toMatch(/calls its family ,/);
  });
});

describe("pod outputs change as one set", () => {
  it("pod --service all, failing at any write, leaves the previous zip and PDF together (never a new zip beside an old PDF)", async () => {
    const p = hostileProject();
    const args = ["pod", "demo", "--service", "all", "--data", p.data, "--templates", p.templates, "--out", p.out];
    const first = await run(...args);
    expect(first.code, first.err).toBe(0);
    const files = ["tgc/demo-cards.zip", "dtc/demo-cards.pdf"].map((f) => join(p.out, "demo", "pod", f));
    let previous = files.map((f) => readFileSync(f));
    const deck = join(p.game, "deck.yaml");
    let failures = 0;
    for (const nth of [1, 2, 3]) {
      writeFileSync(deck, readFileSync(deck, "utf8").replace(/index: "A\d*"/, `index: "A${nth}"`));
      process.env.SYZYGY_FAULT = `enospc:write:${nth}`;
      let r;
      try {
        r = await run(...args);
      } finally {
        delete process.env.SYZYGY_FAULT;
      }
      const now = files.map((f) => readFileSync(f));
      const changed = now.map((b, i) => !b.equals(previous[i]));
      if (r.code === 0) expect(changed).toEqual([true, true]);
      else {
        expect(r.err).toMatch(/no space left/);
        expect(changed).toEqual([false, false]);
        failures += 1;
      }
      previous = now;
    }
    expect(failures).toBeGreaterThan(0);
  });
});

describe("usage errors exit 2", () => {
  it("numeric options take decimal numbers only (--port 0x1F90 is not 8080)", async () => {
    const p = hostileProject();
    for (const port of ["0x1F90", "1e3", "8080.0", " ", "-1"]) expect(await fails(["watch", "demo", "--data", p.data, "--out", p.out, "--port", port], 2)).toMatch(/--port must be a port number/);
    for (const mm of ["0x1", "1e0", ""]) expect(await fails([...p.build(), "--bleed-mm", mm], 2)).toMatch(/--bleed-mm must be a number/);
  });

  it("a path that does not exist, or a folder where a file goes, is a usage error (README, Exit codes)", async () => {
    const p = hostileProject();
    const missing = join(p.root, "no-such-folder");
    expect(await fails(["validate", "demo", "--data", p.data, "--templates", missing], 2)).toMatch(/--templates .*no-such-folder: no such folder/);
    expect(await fails(["build", "demo", "--data", p.data, "--templates", missing, "--out", p.out], 2)).toMatch(/no such folder/);
    expect(await fails(["pod", "demo", "--data", p.data, "--templates", p.game + "/game.yaml", "--out", p.out], 2)).toMatch(/is a file, not a folder/);
    expect(await fails(["export-csv", "demo", "--data", p.data, "--out", join(missing, "x.csv")], 2)).toMatch(/--out .*does not exist/);
    expect(await fails(["export-csv", "demo", "--data", p.data, "--out", p.root], 2)).toMatch(/--out .*is a folder/);
    expect(await fails(["new", "other", "--data", p.data, "--from-csv", p.root], 2)).toMatch(/--from-csv: not a file/);
  });

  it("meld refuses __proto__ and constructor as card ids", async () => {
    for (const id of ["__proto__", "constructor", "toString"]) expect(await fails(["meld", id, "solar-4", "solar-5"], 2)).toMatch(new RegExp(`unknown card "${id}"`));
  });
});

describe("export-csv: formulas are written as text, and read back as they were", () => {
  const NAMES = ["=HYPERLINK(\"http://x\",\"y\")", "=cmd|' /C calc'!A0", "@SUM(A1:A2)", "+1+1", "-1+2", "\tTabbed", "'=already quoted", "''+two quotes", "'tis", "-5", "plain"];

  it("no exported cell starts a formula; the project's reader gives back every name", async () => {
    const p = hostileProject();
    const cards = NAMES.map((name, i) => `  - id: c${i}\n    name: ${JSON.stringify(name)}\n    suit: spades\n    rank: ${i + 1}\n    index: "${i}"\n`).join("");
    writeFileSync(join(p.game, "deck.yaml"), `cards:\n${cards}`);
    const yaml = join(p.game, "game.yaml");
    writeFileSync(yaml, readFileSync(yaml, "utf8").replace("count: 2", `count: ${NAMES.length}`));
    const file = join(p.root, "cards.csv");
    const r = await run("export-csv", "demo", "--data", p.data, "--out", file);
    expect(r.code, r.err).toBe(0);
    const raw = parseCsv(readFileSync(file, "utf8"), { relax_column_count: true }) as string[][];
    const nameCol = raw[0].indexOf("name");
    for (const row of raw.slice(1)) expect(row[nameCol]).not.toMatch(/^(?!-5$)[=+\-@\t\r]/);
    const back = readSheetRows(file, "cards.csv", { file, format: "csv" });
    if (!back.ok) throw new Error(back.diagnostic.message);
    expect(back.rows.slice(1).map((row) => row[nameCol])).toEqual(NAMES);
    // And the game reads its deck from that CSV with the same names.
    writeFileSync(join(p.game, "cards.csv"), readFileSync(file));
    writeFileSync(yaml, readFileSync(yaml, "utf8").replace("    from: deck", "    deck: cards.csv"));
    rmSync(join(p.game, "deck.yaml"));
    const list = await run("export-csv", "demo", "--data", p.data);
    expect(list.code, list.err).toBe(0);
    expect(list.out).toBe(readFileSync(file, "utf8"));
  });

  it("escaping is exactly undone, for any text", () => {
    for (const s of [...NAMES, "", "'", "''", "'=", "=", "\r=", "'\t"]) {
      expect(readCsvCell(safeCsvCell(s))).toBe(s);
      expect(safeCsvCell(s)).not.toMatch(/^(?![+-]?\d)[=+\-@\t\r]/);
    }
  });
});



describe("docs/limits.md and the README's exit codes", () => {
  it("Input limits lists the limits these tests check, as src/model/limits.ts has them", () => {
    const limits = readFileSync(join(__dirname, "../docs/limits.md"), "utf8");
    const section = limits.slice(limits.indexOf("## Input limits"));
    const spaced = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
    for (const row of [
      `| a picture (card art, \`<image>\` in a template or an SVG) | ${L.MAX_IMAGE_BYTES / 1048576} MiB; PNG or JPEG at most ${L.MAX_IMAGE_PX} px a side`,
      `| ${spaced(L.MAX_FACE_PIXELS)} pixels (${(L.MAX_FACE_PIXELS * 4) / 1e6} MB decoded) |`,
      `| ${spaced(L.MAX_SVG_ELEMENTS)} elements once every \`<use>\` is expanded; ${L.MAX_SVG_DEPTH} levels of nesting; ${L.MAX_SVG_CHARS / 1048576} Mi characters |`,
      `(\`pips\`, \`players\`, \`around\`, \`across\`) | ${L.MAX_REPEAT} |`,
      `| a spreadsheet deck | ${spaced(L.MAX_SHEET_ROWS)} rows and ${spaced(L.MAX_SHEET_CELLS)} cells; an \`.xlsx\` unpacks to at most ${L.MAX_XLSX_INFLATED_BYTES / 1048576} MiB`,
      `whatever its zip says); ${L.MAX_DECK_SHEETS} sheets (decks) per game |`,
    ]) expect(section).toContain(row);
    const readme = readFileSync(join(__dirname, "../README.md"), "utf8");
    const rule = readme.slice(readme.indexOf("### Exit codes"), readme.indexOf("## Layout"));
    expect(rule).toMatch(/--port 0x1F90/);
    expect(rule).toMatch(/does not exist or is a folder where a file goes/);
  });
});
