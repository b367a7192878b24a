/**
 * Issue 25, items 3–5: `validate` checks what `build` checks. Each mistake a designer makes in a
 * template or its data gets a located, plain message from validate (and build refuses it too);
 * text that does not fit is marked in the gallery, counted by build, and an error for pod and
 * with --strict.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { templateSyntax } from "../src/render/template-check";

const SHEET = "Name,Cost,Type,Text\nFire Bolt,3,Attack,Deal 3 damage :fire:.\nStone Wall,2,Structure,Block one attack.\n";

interface Project {
  root: string;
  data: string;
  out: string;
  template: string;
  original: string;
}

async function project(): Promise<Project> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-tcheck-"));
  const csv = path.join(root, "cards.csv");
  fs.writeFileSync(csv, SHEET);
  const data = path.join(root, "data");
  const made = await run("new", "spells", "--from-csv", csv, "--data", data);
  expect(made.code, made.err).toBe(0);
  const template = path.join(root, "templates", "spells", "card.svg.hbs");
  return { root, data, out: path.join(root, "out"), template, original: fs.readFileSync(template, "utf8") };
}

/** The template with `extra` appended as its last lines, then validate's verdict. */
async function validateWith(p: Project, extra: string, ...flags: string[]) {
  fs.writeFileSync(p.template, `${p.original}${extra}`);
  try {
    return await run("validate", "--data", p.data, ...flags);
  } finally {
    fs.writeFileSync(p.template, p.original);
  }
}

describe("template mistakes: located, plain messages from validate (issue 25, items 3 and 4)", () => {
  let p: Project;
  let last: number;
  beforeAll(async () => {
    p = await project();
    last = p.original.split("\n").length; // the line an appended line lands on
  }, 60_000);
  const at = () => `${p.template}:${last}`;

  it("reading a field no card has: the template's line and column, with did you mean", async () => {
    const r = await validateWith(p, '<g>{{{text item.costt 1 1 10 10}}}</g>\n');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${at()}:12: item.costt reads "costt", which is no field of any card using this template (did you mean "cost"?); it would print nothing`);
  });

  it("a field inside {{#if}} is checked; inside {{#each}} (another context) it is not", async () => {
    expect((await validateWith(p, "{{#if item.name}}{{item.nmae}}{{/if}}\n")).err).toContain(`${at()}:20: item.nmae reads "nmae"`);
    expect((await validateWith(p, "{{#each item.sections}}{{item.whatever}}{{/each}}\n")).code).toBe(0);
  });

  it("a helper called without its arguments names the helper and shows its signature", async () => {
    const r = await validateWith(p, "{{{image item.image}}}\n");
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${at()}:1: helper image needs 5 arguments (path x y w h), got 1: x, y, w, h missing; write {{{image item.image x y w h fit="cover" crop="x y w h"}}}`);
    expect(r.err).not.toMatch(/Cannot read properties|TypeError/);
  });

  it("a misspelt helper option: did you mean, and what the helper reads", async () => {
    const r = await validateWith(p, '{{{text item.name 1 1 10 10 colour="red"}}}\n');
    expect(r.err).toContain(`${at()}:1: helper text has no option colour= (did you mean "color"?)`);
    const style = await validateWith(p, '{{{text item.name 1 1 10 10 style="bolder"}}}\n');
    expect(style.err).toContain(`${at()}:1: helper text: style="bolder" is no type style (did you mean "bold"?); style is one of regular, bold, heavy, italic`);
  });

  it("an option value that does not exist is an error naming the ones that do (align=\"right\" → end)", async () => {
    const align = await validateWith(p, '{{{text item.name 1 1 10 10 align="right"}}}\n');
    expect(align.code).toBe(1);
    expect(align.err).toContain(`${at()}:1: helper text: align="right" is no horizontal alignment (for "right" write align="end"); align is one of start, middle, end`);
    const valign = await validateWith(p, '{{{text item.name 1 1 10 10 valign="centre"}}}\n');
    expect(valign.err).toContain(`helper text: valign="centre" is no vertical alignment (for "centre" write valign="middle"); valign is one of top, middle, bottom`);
    const fit = await validateWith(p, '{{{image item.image 1 1 10 10 fit="cove"}}}\n');
    expect(fit.err).toContain(`helper image: fit="cove" is no way to fit the picture (did you mean "cover"?); fit is one of cover, contain, stretch`);
    // A value from the data is checked as the face renders, and located at the call.
    const fromData = await validateWith(p, "{{{text item.name 1 1 10 10 align=item.type}}}\n");
    expect(fromData.code).toBe(1);
    expect(fromData.err).toMatch(/card\.svg\.hbs:\d+:1: cards\/fire-bolt: helper text: align="Attack" is no horizontal alignment; align is one of start, middle, end/);
  });

  it("an unclosed {{#if}} is reported where it opens, not at the end of the file", async () => {
    const r = await validateWith(p, "{{#if item.text}}\n<g/>\n<g/>\n");
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${at()}:1: {{#if}} opened here is never closed: add {{/if}} where the block ends`);
  });

  it("Handlebars parse errors in plain words at the tag that starts them", async () => {
    expect((await validateWith(p, '<g/>{{{text "a}}}\n')).err).toContain(`${at()}:5: {{{text "a}}} has a quote that is not closed`);
    expect((await validateWith(p, "{{#if item.text}}{{/each}}\n")).err).toContain(`${at()}:1: {{#if}} (opened here) is closed by {{/each}} at line ${last}, column 18`);
    expect((await validateWith(p, "{{{item.name}}\n")).err).toContain(`${at()}:1: {{{item.name}} opens with {{{ but closes with }}`);
    expect((await validateWith(p, "{{/if}}\n")).err).toContain(`${at()}:1: {{/if}} closes no block`);
    expect((await validateWith(p, '{{text item.name 1 1 1 1 size=}}\n')).err).toMatch(/a key=value argument has no value after =/);
    expect(templateSyntax("{{#if a}}\n", "t.hbs")?.message).not.toMatch(/Expecting|OPEN_|EOF/);
  });

  it("a partial that does not exist: at its tag, saying where partials go", async () => {
    const r = await validateWith(p, "<g/>{{> frame-x}}\n");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`${at().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:5: cards/fire-bolt: \\{\\{> frame-x\\}\\} names no partial: partials are files in .*templates/partials/<name>\\.hbs`));
  });

  it("an undeclared font and a template that renders broken SVG: validate refuses what build refuses", async () => {
    const font = await validateWith(p, '{{{text item.name 1 1 10 10 font="Fancy"}}}\n');
    expect(font.code).toBe(1);
    expect(font.err).toContain(`${at()}:1: cards/fire-bolt: helper text: font "Fancy" is not declared in game.yaml fonts`);
    const svg = await validateWith(p, "<g>\n");
    expect(svg.code).toBe(1);
    expect(svg.err).toMatch(/card\.svg\.hbs: cards\/fire-bolt: .*card\.svg\.hbs \(the SVG it renders\):\d+:\d+: not well-formed XML/);
    fs.writeFileSync(p.template, `${p.original}<g>\n`);
    try {
      const built = await run("build", "--data", p.data, "--out", p.out, "--no-tts", "--paper", "a4");
      expect(built.code).toBe(1);
    } finally {
      fs.writeFileSync(p.template, p.original);
    }
  }, 60_000);

  it("an image over the size limit is refused by validate, at the sheet cell that names it", async () => {
    const png = new PNG({ width: 1, height: 1 });
    const bytes = PNG.sync.write(png);
    bytes.writeUInt32BE(9000, 16); // the header claims 9000 × 9000 px
    bytes.writeUInt32BE(9000, 20);
    fs.mkdirSync(path.join(p.data, "spells", "art"), { recursive: true });
    fs.writeFileSync(path.join(p.data, "spells", "art", "big.png"), bytes);
    const deck = path.join(p.data, "spells", "cards.csv");
    const sheet = fs.readFileSync(deck, "utf8");
    fs.writeFileSync(deck, sheet.replace("Name,Cost,Type,Text\n", "Name,Cost,Type,Text,Image\n").replace("attack.\n", "attack.,art/big.png\n").replace(":fire:.\n", ":fire:.,\n"));
    try {
      const r = await run("validate", "--data", p.data);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/cards\.csv:\d+:5: image: .*9000×9000 px; the limit is 8000 px a side/);
    } finally {
      fs.writeFileSync(deck, sheet);
    }
  });

  it("a {token} naming no icon is a located warning from validate and build, and prints as typed", async () => {
    const deck = path.join(p.data, "spells", "cards.csv");
    const sheet = fs.readFileSync(deck, "utf8");
    fs.writeFileSync(deck, sheet.replace("Block one attack.", "Block one {ice} attack."));
    try {
      const warning = `warning: ${deck}:3:4: text: {ice} names no icon, so it prints as typed; used by stone-wall (row 3). To draw an icon there, add `;
      const v = await run("validate", "--data", p.data, "--no-render");
      expect(v.code, v.err).toBe(0);
      expect(v.err).toContain(warning);
      const b = await run("build", "spells", "--data", p.data, "--out", p.out, "--no-tts", "--no-png", "--paper", "a4");
      expect(b.code, b.err).toBe(0);
      expect(b.err).toContain(warning);
      expect(b.out).toMatch(/, 1 warning\n/);
      expect(execFileSync("pdftotext", ["-raw", path.join(p.out, "spells", "print", "spells-a4.pdf"), "-"], { encoding: "utf8" })).toContain("Block one {ice} attack.");
    } finally {
      fs.writeFileSync(deck, sheet);
    }
  });

  it("an unknown icon token is one error listing the cards that use it, saying where icons go and what is there", async () => {
    const deck = path.join(p.data, "spells", "cards.csv");
    const sheet = fs.readFileSync(deck, "utf8");
    fs.writeFileSync(deck, sheet.replace("Block one attack.", "Block :ice:.").replace("Deal 3 damage :fire:.", "Deal 3 :ice: damage :fire:."));
    try {
      const r = await run("validate", "--data", p.data);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /cards\.csv:2:4: text: unknown icon "ice", used by fire-bolt \(row 2\), stone-wall \(row 3\): icons are SVG files in .*data\/spells\/icons\/, one per name; add .*icons\/ice\.svg \(`syzygy icons spells` makes a placeholder; there now: fire\.svg\)/,
      );
      expect(r.err.match(/unknown icon/g)).toHaveLength(1);
    } finally {
      fs.writeFileSync(deck, sheet);
    }
  });
});

describe("overflowing text is visible (issue 25, item 5)", () => {
  let p: Project;
  const tiny = "{{{text item.text 8 57 4 1 size=3.3 min=3 label=\"text\"}}}\n";
  beforeAll(async () => {
    p = await project();
  }, 60_000);

  it("validate warns, naming the sheet, row and column, and with --strict it is an error naming each face", async () => {
    const warned = await validateWith(p, tiny);
    expect(warned.code).toBe(0);
    expect(warned.err).toContain(`warning: spells/cards/fire-bolt: ${path.join(p.data, "spells", "cards.csv")}:2:4 (column "Text"): text "Deal 3 damage :fire:." overflows`);
    const strict = await validateWith(p, tiny, "--strict");
    expect(strict.code).toBe(1);
    expect(strict.err).toContain(`syzygy validate --strict: 2 faces with text that does not fit (--strict):\n  spells/cards/fire-bolt: ${path.join(p.data, "spells", "cards.csv")}:2:4 (column "Text"): text`);
  });

  it("build counts it in the summary and marks the face in the gallery (listed at the top); --strict and --pod fail and keep the last outputs", async () => {
    const clean = await run("build", "--data", p.data, "--out", p.out, "--no-tts", "--no-png", "--paper", "a4");
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).not.toContain("does not fit");
    const gallery = path.join(p.out, "spells", "index.html");
    const before = fs.readFileSync(gallery, "utf8");
    expect(before).not.toContain(" data-overflow>");
    fs.writeFileSync(p.template, `${p.original}${tiny}`);
    try {
      const strict = await run("build", "--data", p.data, "--out", p.out, "--no-tts", "--no-png", "--paper", "a4", "--strict");
      expect(strict.code).toBe(1);
      expect(strict.err).toContain("syzygy build: 2 faces with text that does not fit (--strict)");
      expect(fs.readFileSync(gallery, "utf8")).toBe(before); // nothing published
      const pod = await run("pod", "--data", p.data, "--out", p.out, "--service", "dtc");
      expect(pod.code).toBe(1);
      expect(pod.err).toContain("syzygy pod: 2 faces with text that does not fit (a print service would print it cut off)");
      expect(fs.existsSync(path.join(p.out, "spells", "pod"))).toBe(false);
      const built = await run("build", "--data", p.data, "--out", p.out, "--no-tts", "--no-png", "--paper", "a4");
      expect(built.code, built.err).toBe(0);
      expect(built.out).toMatch(/2 warnings, 2 faces with text that does not fit \(marked in the gallery\)/);
      const html = fs.readFileSync(gallery, "utf8");
      expect(html).toContain('<section id="overflow" data-count="2">');
      expect(html.indexOf('id="overflow"')).toBeLessThan(html.indexOf('class="component"'));
      expect(html).toMatch(/<figure class="side" data-key="cards\/fire-bolt"[^>]* id="side-cards\/fire-bolt" data-overflow><div class="art"/);
      expect(html).toMatch(/<figure class="side" data-key="cards\/back"[^>]* id="side-cards\/back"><div class="art"/);
    } finally {
      fs.writeFileSync(p.template, p.original);
    }
  }, 90_000);
});
