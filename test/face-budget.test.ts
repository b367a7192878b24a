/**
 * Face budgets (issue 36, docs/limits.md "Face budgets"): the SVG check counts what a drawing
 * asks of the rasteriser — filter primitives whose cost grows with a number in them, elements
 * drawn through a filter, chains of references — and refuses past the limits at the element's
 * line:col with the fix, before any renderer sees the document.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkExpansion, parseSvgDocument, SvgInputError } from "../src/model/svg-document";
import { MAX_CONVOLVE_ORDER, MAX_FILTERED_ELEMENTS, MAX_STYLE_REFS, MAX_SVG_REF_CHAIN, MAX_TURBULENCE_OCTAVES } from "../src/model/limits";
import { run } from "./cli-support";
import { hostileProject, STACK } from "./hostile-support";
import { HOSTILE_SVG } from "./hostile-svg";

/** The refusal `checkExpansion` gives the document, or undefined when it passes. */
function refusal(svg: string): SvgInputError | undefined {
  try {
    checkExpansion(parseSvgDocument(svg, "art.svg"), "art.svg");
    return undefined;
  } catch (err) {
    if (err instanceof SvgInputError) return err;
    throw err;
  }
}

const S = 'xmlns="http://www.w3.org/2000/svg"';
const filtered = (primitive: string, viewBox = "0 0 100 100") => `<svg ${S} viewBox="${viewBox}">\n<filter id="f">\n  ${primitive}\n</filter><rect width="10" height="10" filter="url(#f)"/></svg>`;

describe("filter primitives are refused past their cost at their line:col", () => {
  it(`feTurbulence: at most ${MAX_TURBULENCE_OCTAVES} octaves`, () => {
    expect(refusal(filtered(`<feTurbulence numOctaves="${MAX_TURBULENCE_OCTAVES}"/>`))).toBeUndefined();
    const e = refusal(HOSTILE_SVG.turbulence);
    expect(e?.message).toMatch(/^art\.svg:\d+:\d+: <feTurbulence numOctaves="100000000">: at most 8 octaves.*write numOctaves="8" or fewer/);
    expect(refusal(filtered(`<feTurbulence numOctaves="NaN"/>`))?.line).toBe(3);
  });

  it("feMorphology: a radius of at most 1% of the drawing's width (its own viewBox when nested)", () => {
    expect(refusal(filtered(`<feMorphology radius="1"/>`))).toBeUndefined();
    const e = refusal(filtered(`<feMorphology radius="1 60"/>`));
    expect({ line: e?.line, col: e?.col }).toEqual({ line: 3, col: 3 });
    expect(e?.message).toMatch(/radius may be at most 1% of the drawing's width \(1 here.*use a smaller radius/);
    expect(refusal(HOSTILE_SVG.morphology)?.message).toMatch(/feMorphology radius="60"/);
    // Art placed in a card keeps its own units: a 1000-wide drawing may use a radius of 10.
    const nested = `<svg ${S} viewBox="0 0 63.5 88.9"><svg viewBox="0 0 1000 1000" width="10" height="10"><filter id="f"><feMorphology radius="10"/></filter><rect width="10" height="10" filter="url(#f)"/></svg></svg>`;
    expect(refusal(nested)).toBeUndefined();
    expect(refusal(nested.replace('radius="10"', 'radius="11"'))?.message).toMatch(/\(10 here/);
    // In the shape's own units (primitiveUnits="objectBoundingBox") 0.5 is half the shape.
    expect(refusal(filtered(`<feMorphology radius="0.5"/>`).replace('<filter id="f">', '<filter id="f" primitiveUnits="objectBoundingBox">'))?.message).toMatch(/0\.01 here/);
  });

  it(`feConvolveMatrix: an order of at most ${MAX_CONVOLVE_ORDER} each way`, () => {
    expect(refusal(filtered(`<feConvolveMatrix order="${MAX_CONVOLVE_ORDER}"/>`))).toBeUndefined();
    expect(refusal(filtered(`<feConvolveMatrix order="3 ${MAX_CONVOLVE_ORDER + 1}"/>`))?.message).toMatch(/at most 9×9/);
    expect(refusal(HOSTILE_SVG.convolve)?.message).toMatch(/<feConvolveMatrix order="150">/);
  });

  it(`at most ${MAX_FILTERED_ELEMENTS} elements drawn through a filter, <use> repeats counted`, () => {
    const rects = (n: number) => `<svg ${S} viewBox="0 0 100 100"><filter id="b"><feGaussianBlur stdDeviation="5"/></filter>${'<rect width="100" height="100" filter="url(#b)"/>'.repeat(n)}</svg>`;
    expect(refusal(rects(MAX_FILTERED_ELEMENTS))).toBeUndefined();
    expect(refusal(rects(MAX_FILTERED_ELEMENTS + 1))?.message).toMatch(/draws 101 elements through a filter.*filter the group once/);
    expect(refusal(HOSTILE_SVG.blurs)?.message).toMatch(/draws \d+ elements through a filter/);
    const repeated = `<svg ${S}><defs><g id="g">${'<rect width="1" height="1" style="filter: blur(2px)"/>'.repeat(60)}</g></defs><use href="#g"/><use href="#g"/></svg>`;
    expect(refusal(repeated)?.message).toMatch(/draws 120 elements through a filter/);
  });
});

describe(`references are followed at most ${MAX_SVG_REF_CHAIN} deep, and never in a circle`, () => {
  const masks = (n: number) => {
    let defs = "";
    for (let i = 0; i < n; i++) defs += `<mask id="m${i}"><rect width="10" height="10" fill="white" mask="url(#m${i + 1})"/></mask>\n`;
    return `<svg ${S} viewBox="0 0 10 10"><defs>\n${defs}<mask id="m${n}"/></defs><rect width="10" height="10" mask="url(#m0)"/></svg>`;
  };

  it("a chain of masks, clip-paths, filters or gradients is refused past the limit, at an element of the chain", () => {
    expect(refusal(masks(MAX_SVG_REF_CHAIN / 2 - 1))).toBeUndefined();
    const e = refusal(masks(MAX_SVG_REF_CHAIN));
    expect(e?.message).toMatch(/<rect> is in a chain of more than 32 references, each leading to the next \(here mask to #m\d+\).*shorten the chain/);
    expect(e?.line).toBeGreaterThan(1);
    for (const big of [HOSTILE_SVG.masks, HOSTILE_SVG.clipPaths, HOSTILE_SVG.gradients, HOSTILE_SVG.filters]) expect(refusal(big)?.message).toMatch(/chain of more than 32 references/);
  });

  it("a mask or gradient leading back to itself is refused at the element", () => {
    expect(refusal(`<svg ${S}><mask id="m"><rect width="1" height="1" mask="url(#m)"/></mask><rect width="1" height="1" mask="url(#m)"/></svg>`)?.message).toMatch(/<rect> refers back to itself \(mask to #m leads/);
    expect(refusal(`<svg ${S}><linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/><rect fill="url(#a)" width="1" height="1"/></svg>`)?.message).toMatch(/refers back to itself \(href to #/);
  });

  it(`url(#…) in <style> sheets: at most ${MAX_STYLE_REFS}`, () => {
    const sheet = (n: number) => `<svg ${S}><style>${Array.from({ length: n }, (_, i) => `.c${i}{mask:url(#m${i})}`).join("")}</style></svg>`;
    expect(refusal(sheet(MAX_STYLE_REFS))).toBeUndefined();
    expect(refusal(sheet(MAX_STYLE_REFS + 1))?.message).toMatch(/more than 16 url\(#…\) references in <style> sheets/);
  });
});

describe("validate refuses the drawings that hung or crashed the renderer", () => {
  it("20 000 chained masks in card art: a located error, exit 1, not a crash (exit 139)", async () => {
    const p = hostileProject();
    p.write("data/demo/art/masks.svg", HOSTILE_SVG.masks);
    p.face('{{#if item.image}}{{{image item.image 0 0 63.5 88.9}}}{{/if}}');
    writeFileSync(join(p.game, "deck.yaml"), readFileSync(join(p.game, "deck.yaml"), "utf8").replace(`    index: "A"\n`, `    index: "A"\n    image: art/masks.svg\n`));
    const r = await run(...p.validate());
    expect(r.err).not.toMatch(STACK);
    expect({ code: r.code, err: r.err }).toMatchObject({ code: 1, err: expect.stringMatching(/deck\.yaml:\d+:\d+: cards\[0\]\.image: .*masks\.svg:\d+:\d+: <rect> is in a chain of more than 32 references/) });
  });
});
