/**
 * Property tests over hostile designer files (issue 24): generated SVG faces (the xlink namespace
 * under any prefix, SVG elements under odd prefixes, ">" inside attributes, nested <use>, external
 * references, entities and DTDs, scripts, CSS url()), images with lying headers, spreadsheets
 * with formulas and zip bombs; filters and reference chains grown past the face budgets (issue 36),
 * refused exactly when a limit is passed. Each case ends in a located error or in an output that holds only
 * checked content, within the limits. `npm test` runs a slice; `npm run fuzz` runs
 * SYZYGY_FUZZ_RUNS (2 000 in CI). test/hostile-reads.test.ts traces the files opened.
 */
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { parse as parseCsv } from "csv-parse/sync";
import { SaxesParser, type SaxesTagNS } from "saxes";
import { inlineImages, artProblem } from "../src/model/image-assets";
import { checkExpansion, parseSvgDocument, serializeSvg, XLINK_NS } from "../src/model/svg-document";
import { deckCsv, readSheetRows } from "../src/model/deck-sheet";
import { readXlsxSync } from "../src/model/xlsx-read";
import { MAX_CONVOLVE_ORDER, MAX_FACE_PIXELS, MAX_FILTERED_ELEMENTS, MAX_IMAGE_PX, MAX_MORPHOLOGY_RADIUS_SHARE, MAX_SVG_ELEMENTS, MAX_SVG_REF_CHAIN, MAX_TURBULENCE_OCTAVES } from "../src/model/limits";
import { pngHeader, smallPng, zipOf } from "./hostile-support";

const RUNS = Number(process.env.SYZYGY_FUZZ_RUNS ?? 60);

function folders() {
  const root = mkdtempSync(join(tmpdir(), "syzygy-fuzz-"));
  const data = join(root, "data");
  const templates = join(root, "templates");
  mkdirSync(join(data, "g"), { recursive: true });
  mkdirSync(join(templates, "g"), { recursive: true });
  mkdirSync(join(root, "outside"));
  writeFileSync(join(data, "g", "ok.png"), smallPng());
  writeFileSync(join(root, "outside", "secret.png"), pngHeader(3, 3));
  symlinkSync(join(root, "outside", "secret.png"), join(data, "g", "link.png"));
  writeFileSync(join(data, "g", "art.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><image href="ok.png" width="4" height="4"/></svg>`);
  return { root, data, templates, template: join(templates, "g", "face.svg.hbs"), secret: join(root, "outside", "secret.png") };
}

const F = folders();
const OK_URI = `data:image/png;base64,${smallPng().toString("base64")}`;

/** Hostile pieces of markup: each a fragment that goes inside the face's root <svg>. */
const target = fc.constantFrom(F.secret, "../../outside/secret.png", "../../data/g/link.png", "../../data/g/ok.png", "/dev/zero", "/etc/passwd", `file://${F.secret}`, "http://example.com/x.png", "#a", "#b", OK_URI, "data:image/svg+xml;base64,PHN2Zy8+");
const prefix = fc.constantFrom("xlink", "x1", "a", "svg", "_p");
const attrNoise = fc.constantFrom("", ` title=">"`, ` data-x='a>b<c'`, ` style="fill:url(${F.secret})"`, ` fill="url(#a)"`, ` onload="alert(1)"`, ` style="fill:u\\72l(x)"`);
const leaf: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom("image", "feImage", "use", "pattern", "linearGradient", "a", "textPath"), prefix, target, fc.boolean(), attrNoise).map(([el, pre, href, plain, extra]) =>
    plain ? `<${el}${extra} href="${href}"/>` : `<${el}${extra} xmlns:${pre}="${XLINK_NS}" ${pre}:href="${href}"/>`,
  ),
  fc.tuple(prefix, target).map(([pre, href]) => `<${pre}:image xmlns:${pre}="http://www.w3.org/2000/svg" href="${href}"/>`),
  fc.constantFrom(
    `<rect id="a" width="1" height="1"/>`,
    `<g id="b"><use href="#a"/><use href="#a"/><use href="#a"/></g>`,
    `<script>alert(1)</script>`,
    `<foreignObject><div/></foreignObject>`,
    `<text>a&nbsp;b</text>`,
    `<text>&amp;&#60;</text>`,
    `<style>@import url(/etc/passwd);</style>`,
    `<style>rect{fill:url(#a)}</style>`,
    `<![CDATA[<image href="/etc/passwd"/>]]>`,
    `<!-- <image href="/etc/passwd"/> -->`,
    `<?xml-stylesheet href="/etc/passwd"?>`,
    `<image data-art="cover" data-box="0 0 5 5" href="../../data/g/art.svg"/>`,
    `<image data-art="cover" data-box="0 0 5 5" href="../../outside/secret.png"/>`,
    `<meta:x xmlns:meta="urn:editor"><image href="/etc/passwd"/></meta:x>`,
    `<set attributeName="href" to="/etc/passwd"/>`,
  ),
);
const body: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.array(tie("node"), { maxLength: 4 }).map((kids) => `<g>${kids.join("")}</g>`)),
})).node;
const doc = fc.tuple(fc.constantFrom("", `<!DOCTYPE svg [<!ENTITY x SYSTEM "/etc/passwd">]>`, `<?xml version="1.0"?>`), fc.array(body, { minLength: 1, maxLength: 6 }), fc.boolean()).map(
  ([prolog, kids, useBomb]) => {
    let bomb = "";
    if (useBomb) {
      bomb = `<g id="u0"><rect width="1" height="1"/></g>`;
      for (let k = 1; k <= 7; k++) bomb += `<g id="u${k}">${`<use href="#u${k - 1}"/>`.repeat(8)}</g>`;
      bomb += `<use href="#u7"/>`;
    }
    return `${prolog}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${kids.join("")}${bomb}</svg>`;
  },
);

/** Every href and url() of `svg` (read with namespaces), to check what an output refers to. */
function references(svg: string): string[] {
  const refs: string[] = [];
  const p = new SaxesParser({ xmlns: true });
  p.on("doctype", () => refs.push("<!DOCTYPE>"));
  p.on("opentag", (tag: SaxesTagNS) => {
    if (["script", "foreignObject", "set", "animate"].includes(tag.local)) refs.push(`<${tag.local}>`);
    for (const a of Object.values(tag.attributes)) {
      if (a.local === "href" && (a.uri === "" || a.uri === XLINK_NS)) refs.push(a.value);
      if (/^on/i.test(a.local)) refs.push(`on-attribute ${a.local}`);
      for (const m of a.value.matchAll(/url\(\s*['"]?([^)'"]*)/g)) refs.push(m[1]);
    }
  });
  p.on("text", (t) => {
    for (const m of t.matchAll(/url\(\s*['"]?([^)'"]*)/g)) refs.push(m[1]);
    if (/@import/.test(t)) refs.push("@import");
  });
  p.write(svg).close();
  return refs;
}

describe("hostile SVG faces", () => {
  it(`end in a located error or a self-contained document within the limits (${RUNS} runs)`, () => {
    let accepted = 0;
    fc.assert(
      fc.property(doc, (svg) => {
        let out: string;
        try {
          out = inlineImages(svg, F.template, [F.templates, F.data]);
        } catch (err) {
          // Located: the template (the SVG it renders) or the art file, line and column.
          expect((err as Error).message).toMatch(/(face\.svg\.hbs|art\.svg|secret\.png)[^:]*:\d+:\d+/);
          return;
        }
        for (const ref of references(out)) expect(ref === OK_URI || ref.startsWith("#"), ref).toBe(true);
        // What was checked is what renders: the output reads back to itself.
        const again = parseSvgDocument(out, "out");
        expect(serializeSvg(again)).toBe(out);
        const cost = checkExpansion(again, "out");
        expect(cost.elements).toBeLessThanOrEqual(MAX_SVG_ELEMENTS);
        expect(cost.pixels).toBeLessThanOrEqual(MAX_FACE_PIXELS);
        accepted += 1;
      }),
      { numRuns: RUNS },
    );
    // Both outcomes were exercised: the generator is not all refusals. A short run may draw only
    // hostile documents (each leaf is most likely one), so the count is held at fuzz length only;
    // the quick run checks a clean document through the same path instead.
    if (RUNS >= 500) expect(accepted).toBeGreaterThan(0);
    const clean = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g><rect width="1" height="1"/></g></svg>`;
    expect(serializeSvg(parseSvgDocument(inlineImages(clean, F.template, [F.templates, F.data]), "out"))).toContain("<rect");
  });
});

describe("images with lying headers", () => {
  it(`are refused or accepted by their header's size alone, never decoded (${RUNS} runs)`, () => {
    const dir = mkdtempSync(join(F.data, "img-"));
    let n = 0;
    fc.assert(
      fc.property(fc.constantFrom("png", "jpeg"), fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffff }), fc.uint8Array({ maxLength: 64 }), (kind, w, h, tail) => {
        let bytes: Buffer;
        if (kind === "png") bytes = Buffer.concat([pngHeader(w, h).subarray(0, 33), Buffer.from(tail)]);
        else {
          const sof = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 0xff, (w >> 8) & 0xff, w & 0xff, 3]);
          bytes = Buffer.concat([sof, Buffer.from(tail)]);
        }
        const file = join(dir, `i${n++}.${kind === "png" ? "png" : "jpg"}`);
        writeFileSync(file, bytes);
        const why = artProblem(file, [F.templates, F.data]);
        const side = kind === "png" ? Math.max(w, h) : Math.max(w & 0xffff, h);
        if (side > MAX_IMAGE_PX) expect(why).toMatch(/px; the limit is 8000 px a side|damaged/);
        if (why === undefined) expect(side).toBeLessThanOrEqual(MAX_IMAGE_PX);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("spreadsheets", () => {
  it(`a deck's text comes back from its CSV export as it was, and no exported cell is a formula (${RUNS} runs)`, () => {
    const dir = mkdtempSync(join(tmpdir(), "syzygy-csv-"));
    const cell = fc.oneof(fc.string(), fc.tuple(fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'", "''", "'="), fc.string()).map(([a, b]) => a + b));
    let n = 0;
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 5 }), (names) => {
        const cards = names.map((name, i) => ({ id: `c${i}`, name }));
        const csv = deckCsv(cards, cards.map(() => 1));
        const file = join(dir, `d${n++}.csv`);
        writeFileSync(file, csv);
        const rows = readSheetRows(file, "d.csv", { file, format: "csv" });
        if (!rows.ok) throw new Error(rows.diagnostic.message);
        // Blank cells are "no value"; every other cell reads back exactly.
        expect(rows.rows.slice(1).map((r) => r[1])).toEqual(names.map((s) => s));
        // What a spreadsheet opens: no cell starts a formula (a plain number such as -5 is data).
        for (const r of parseCsv(csv, { relax_column_count: true }) as string[][]) for (const c of r) expect(/^(?![+-]?\d+(\.\d+)?$)[=+\-@\t\r]/.test(c), c).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it(`XLSX bombs, with honest or lying sizes, stop at the unpacking cap (${Math.max(3, Math.round(RUNS / 100))} runs)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 17, max: 96 }), fc.integer({ min: 0, max: 0xffffffff }), (mib, declared) => {
        const content = Buffer.alloc(mib * 1024 * 1024, 0x20);
        const r = readXlsxSync(zipOf({ "xl/sharedStrings.xml": content }, { declared, level: 1 }));
        expect(r.ok ? "read" : r.reason).toMatch(/unpacks to more than 16 MiB/);
      }),
      { numRuns: Math.max(3, Math.round(RUNS / 100)) },
    );
  });
});

describe("filters and reference chains grown at random (face budgets, docs/limits.md)", () => {
  type Link = "mask" | "clipPath" | "gradient" | "use" | "filter";
  const spec = fc.record({
    octaves: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 13, max: 1_000_000_000 })),
    radius: fc.oneof(fc.double({ min: 0, max: 2, noNaN: true }), fc.integer({ min: 2, max: 500 })),
    order: fc.integer({ min: 1, max: 200 }),
    filtered: fc.integer({ min: 0, max: 300 }),
    chain: fc.array(fc.constantFrom<Link>("mask", "clipPath", "gradient", "use", "filter"), { minLength: 0, maxLength: 60 }),
    cycle: fc.boolean(),
  });

  /** A 100-wide drawing: one filter of each kind, `filtered` shapes drawn through it, and a chain of references. */
  function drawing(s: { octaves: number; radius: number; order: number; filtered: number; chain: Link[]; cycle: boolean }): string {
    const prims = `<feTurbulence numOctaves="${s.octaves}"/><feMorphology radius="${s.radius}"/><feConvolveMatrix order="${s.order}"/>`;
    const shapes = '<rect width="1" height="1" filter="url(#f)"/>'.repeat(s.filtered);
    const n = s.chain.length;
    const next = (i: number): string => (i + 1 < n ? `c${i + 1}` : s.cycle && n > 0 ? "c0" : "end");
    const links = s.chain.map((kind, i) => {
      switch (kind) {
        case "mask":
          return `<mask id="c${i}"><rect width="1" height="1" mask="url(#${next(i)})"/></mask>`;
        case "clipPath":
          return `<clipPath id="c${i}" clip-path="url(#${next(i)})"><rect width="1" height="1"/></clipPath>`;
        case "gradient":
          return `<linearGradient id="c${i}" href="#${next(i)}"/>`;
        case "filter":
          // The filter draws r<i> (feImage), which is drawn through the next link: two references.
          return `<filter id="c${i}"><feImage href="#r${i}"/></filter><rect id="r${i}" width="1" height="1" filter="url(#${next(i)})"/>`;
        default:
          return `<g id="c${i}"><use href="#${next(i)}"/></g>`;
      }
    });
    const start = n > 0 ? `<rect width="1" height="1" mask="url(#c0)"/>` : "";
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><filter id="f">${prims}</filter>${links.join("")}<g id="end"><rect width="1" height="1"/></g></defs>${shapes}${start}</svg>`;
  }

  it(`are refused at line:col exactly when past a limit (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(spec, (s) => {
        const svg = drawing(s);
        const over: RegExp[] = [];
        if (s.octaves > MAX_TURBULENCE_OCTAVES) over.push(/feTurbulence numOctaves/);
        if (s.radius > 100 * MAX_MORPHOLOGY_RADIUS_SHARE) over.push(/feMorphology radius/);
        if (s.order > MAX_CONVOLVE_ORDER) over.push(/feConvolveMatrix order/);
        // Filtered shapes: the drawn ones, plus each filter link's shape, drawn once through the chain.
        if (s.filtered + s.chain.filter((k) => k === "filter").length > MAX_FILTERED_ELEMENTS) over.push(/elements through a filter/);
        if (s.cycle && s.chain.length > 0) over.push(/refers back to itself|drawn inside itself|chain of more than/);
        // References followed from the first shape: one into the chain, one a link, two a filter link.
        const hops = s.chain.length === 0 ? 0 : 1 + s.chain.length + s.chain.filter((k) => k === "filter").length;
        if (hops > MAX_SVG_REF_CHAIN) over.push(/chain of more than \d+ references/);
        let refused: string | undefined;
        try {
          checkExpansion(parseSvgDocument(svg, "art.svg"), "art.svg");
        } catch (err) {
          refused = (err as Error).message;
        }
        if (over.length === 0) {
          expect(refused).toBeUndefined();
          return;
        }
        expect(refused, JSON.stringify(s)).toMatch(/^art\.svg:1:\d+: /);
        expect(over.some((re) => re.test(refused as string)), `${refused} for ${JSON.stringify(s)}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
