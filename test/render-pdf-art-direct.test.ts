/**
 * Issue 9: faces in the SVG subset the templates use are drawn into PDF art by
 * src/render/pdf-art-direct.ts instead of svg-to-pdfkit. The direct path must record exactly what
 * svg-to-pdfkit records (content lines, resources, glyph tokens) — for every face of the three
 * games, for SVGs covering each supported feature, and for generated SVGs — and must hand
 * anything outside the subset to svg-to-pdfkit untouched.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderSides } from "../src/render/build";
import { directPlan, recordArt, serializeArt } from "../src/render/pdf-art";
import { game, templates } from "./render-support";
import { DATA_GAMES } from "./games";

const VIEW = `xmlns="http://www.w3.org/2000/svg" width="60" height="90" viewBox="-3 -3 60 90"`;
const svg = (body: string): string => `<svg ${VIEW}>${body}</svg>`;

/** Both converters' recordings of `source`, serialised (what the build cache stores and PDFs copy). */
function both(source: string): { direct: string | undefined; reference: string | undefined } {
  return { direct: serializeArt(recordArt(source)), reference: serializeArt(recordArt(source, "svg-to-pdfkit")) };
}

function expectSame(source: string): void {
  const { direct, reference } = both(source);
  expect(reference).toBeDefined();
  expect(direct).toBe(reference);
}

const SUPPORTED: Record<string, string> = {
  "plain and rounded rects, rx or ry alone, degenerate rect": svg(
    `<rect x="1" y="2" width="30" height="40" fill="#123456"/><rect x="1" y="2" width="30" height="40" rx="3" fill="none" stroke="#abc" stroke-width="0.7"/>` +
      `<rect width="10" height="5" ry="9"/><rect width="0" height="5" fill="#fff"/><rect x="5" width="8" height="8" rx="2" ry="1" transform="rotate(30 9 4)"/>`,
  ),
  "circles, ellipses, lines, zero radius": svg(
    `<circle cx="10" cy="10" r="4" fill="#f00" stroke="#00f" stroke-width="0.2"/><circle r="0"/><ellipse cx="20" cy="30" rx="6" ry="2" fill-opacity="0.5"/>` +
      `<line x1="0" y1="0" x2="40" y2="60" stroke="black" stroke-dasharray="1 0.5 0.25" stroke-linecap="butt"/>`,
  ),
  "every path command, relative and absolute, packed arc flags, implicit line-tos": svg(
    `<path d="M1 1 2 2 3 1 L5 5 l1 1 H9 h1 V12 v1 C1 2 3 4 5 6 c1 1 2 2 3 3 S7 8 9 9 s1 1 2 2 Q3 3 4 4 q1 1 2 2 T8 8 t1 1 A2 3 10 1 0 12 12 a2 2 0 011 1 Z m3 3 l2 0 z" fill="#0a0" stroke="#333" stroke-width="0.3" stroke-linejoin="bevel" stroke-miterlimit="6"/>` +
      `<path d="M0,0 L10,0 L10,10 Z M2,2 L8,2 L8,8 Z" fill-rule="evenodd" fill="#222"/><path d="M1 1 A0 2 0 0 1 5 5" stroke="#000" fill="none"/><path d=""/>`,
  ),
  "zero-length sub-paths with butt caps, fill and stroke together": svg(
    `<path d="M1 1 L1 1 M2 2 L8 8" stroke="#000" stroke-width="0.5" fill="#ff0"/><path d="M3 3 Z" stroke="#000"/>`,
  ),
  "opacity: fill, stroke and element, multiplied; zero opacity draws nothing": svg(
    `<rect width="5" height="5" fill="#102030" fill-opacity="0.4" opacity="0.5" stroke="#fff" stroke-opacity="0.25"/><circle r="3" opacity="0" fill="#000"/><rect width="3" height="3" stroke="#000" stroke-width="0"/>`,
  ),
  "nested groups: transforms of every kind, inherited paint and fonts": svg(
    `<g transform="translate(5) scale(2)" fill="#345678" stroke="#876543" stroke-width="0.1"><rect width="2" height="2"/>` +
      `<g transform="matrix(1 0.2 -0.2 1 3 4) rotate(15) skewX(10) skewY(-5)" font-family="Inter" font-weight="bold" font-size="3"><circle r="1"/><text x="1" y="2">Bold, inherited</text>` +
      `<g transform="translate(1 2)"><text y="4" font-style="italic" font-weight="normal">Italic &amp; nested</text></g></g><g transform="translate(0 0)"/></g>`,
  ),
  "text: fonts in order of use, kerning, entities, anchors, stroke, empty and blank text": svg(
    `<text x="2" y="10" font-family="Inter ExtraBold, Inter" font-weight="800" font-size="7.5" fill="#2f5d8a">AVATAR Wave 1–15 · “quotes”</text>` +
      `<text x="2" y="20" font-family="Inter" font-size="3.1" fill="#000">Low (1) or high (14, above the Warden) &lt;x&gt; &quot;q&quot; &#8364; &#x263C;</text>` +
      `<text x="30" y="30" font-family="Inter" font-size="4" text-anchor="middle">Centred text</text><text x="50" y="40" font-family="Inter" font-size="4" text-anchor="end" stroke="#f00" stroke-width="0.1">End, stroked</text>` +
      `<text x="1" y="50" font-family="Inter" font-size="4" fill="none" stroke="#00f">Outline</text><text x="1" y="60" font-size="4"></text><text x="1" y="60" font-size="4">   </text>` +
      `<text y="70" font-family="Inter" font-weight="600" font-size="5">  spaces   collapse  </text><text font-size="2">no position</text>`,
  ),
};

const FALLBACK: Record<string, string> = {
  gradient: svg(`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="9" height="9" fill="url(#g)"/>`),
  tspan: svg(`<text x="1" y="5" font-size="4">a<tspan font-weight="bold">b</tspan></text>`),
  "style attribute": svg(`<rect width="5" height="5" style="fill:#f00"/>`),
  "style sheet": svg(`<style>rect { fill: #0f0 }</style><rect width="5" height="5"/>`),
  units: svg(`<rect width="5mm" height="5"/>`),
  comment: svg(`<!-- note --><rect width="5" height="5"/>`),
  "group opacity": svg(`<g opacity="0.5"><rect width="5" height="5"/></g>`),
  "named colour": svg(`<rect width="5" height="5" fill="red"/>`),
  "per-glyph x": svg(`<text x="1 2 3" y="5" font-size="4">abc</text>`),
  "round caps on a zero-length sub-path": svg(`<path d="M1 1 L1 1" stroke="#000" stroke-linecap="round"/>`),
  "malformed path data": svg(`<path d="M1 1 L2" fill="#000"/>`),
  "nested svg": svg(`<svg width="5" height="5"><rect width="5" height="5"/></svg>`),
  "unknown attribute": svg(`<rect width="5" height="5" clip-path="url(#c)"/>`),
  inherit: svg(`<g fill="#000"><rect width="5" height="5" fill="inherit"/></g>`),
};

describe("PDF art drawn directly (the templates' SVG subset)", () => {
  it("records every face of every game of data/ exactly as svg-to-pdfkit does; only gradient faces fall back", () => {
    let direct = 0;
    for (const id of DATA_GAMES) {
      for (const side of renderSides(game(id), templates()).sides) {
        const covered = directPlan(side.svg) !== undefined;
        // The subset covers everything but gradients (the Eclipsed meter track).
        expect(covered, side.key).toBe(!side.svg.includes("url(#"));
        if (covered) direct++;
        expectSame(side.svg);
      }
    }
    expect(direct).toBeGreaterThan(150);
  });

  for (const [name, source] of Object.entries(SUPPORTED)) {
    it(`covers ${name}`, () => {
      expect(directPlan(source)).toBeDefined();
      expectSame(source);
    });
  }

  for (const [name, source] of Object.entries(FALLBACK)) {
    it(`hands ${name} to svg-to-pdfkit`, () => {
      expect(directPlan(source)).toBeUndefined();
      expectSame(source);
    });
  }

  it("leaves a zero-length dash to svg-to-pdfkit, which rejects it as before", () => {
    const source = svg(`<line x2="5" stroke="#000" stroke-dasharray="1 0"/>`);
    expect(directPlan(source)).toBeUndefined();
    expect(() => recordArt(source)).toThrow(/dash/);
  });

  it("records generated SVGs of the subset exactly as svg-to-pdfkit does", () => {
    const num = fc.integer({ min: -400, max: 400 }).map((n) => String(n / 8));
    const pos = fc.integer({ min: 1, max: 300 }).map((n) => String(n / 10));
    const colour = fc.constantFrom("#000000", "#2f5d8a", "#fff", "none", "#c0ffee");
    const paintAttrs = fc.record(
      {
        fill: colour,
        stroke: colour,
        "stroke-width": fc.constantFrom("0", "0.25", "1.5"),
        "fill-opacity": fc.constantFrom("1", "0.5", "0"),
        opacity: fc.constantFrom("1", "0.8"),
        "stroke-linejoin": fc.constantFrom("miter", "round", "bevel"),
        "stroke-linecap": fc.constantFrom("butt", "round", "square"),
        "stroke-opacity": fc.constantFrom("1", "0.3"),
        "stroke-miterlimit": fc.constantFrom("4", "10"),
        "fill-rule": fc.constantFrom("nonzero", "evenodd"),
        "font-style": fc.constantFrom("normal", "italic"),
        "stroke-dasharray": fc.constantFrom("none", "1", "2 1", "0.5,0.25,1"),
        transform: fc.constantFrom("translate(3 4)", "rotate(33 5 5)", "scale(1.5) rotate(-10)", "matrix(1 0 0 1 2 2)"),
        "font-size": fc.constantFrom("3", "4.5", "7"),
        "font-weight": fc.constantFrom("normal", "bold", "800"),
        "font-family": fc.constantFrom("Inter", "Inter ExtraBold, Inter"),
        "text-anchor": fc.constantFrom("start", "middle", "end"),
      },
      { requiredKeys: [] },
    );
    const attrs = (o: Record<string, string>): string => Object.entries(o).map(([k, v]) => ` ${k}="${v}"`).join("");
    const words = fc.array(fc.constantFrom("Moon", "AV", "Wave", "(1)", "14,", "×1.5", "&amp;", "–", "fate:", "Tý", "ffi", "‘q’"), { minLength: 0, maxLength: 6 });
    const pathData = fc.array(
      fc.oneof(
        fc.tuple(num, num).map(([x, y]) => `L${x} ${y}`),
        fc.tuple(num, num).map(([x, y]) => `m${x},${y}`),
        fc.tuple(num, num, num, num, num, num).map((v) => `c${v.join(" ")}`),
        fc.tuple(pos, pos, num, fc.constantFrom("0", "1"), fc.constantFrom("0", "1"), num, num).map(([rx, ry, r, a, s, x, y]) => `A${rx} ${ry} ${r} ${a}${s}${x} ${y}`),
        fc.tuple(num, num).map(([x, y]) => `T${x} ${y}`),
        fc.constant("Z"),
      ),
      { minLength: 0, maxLength: 6 },
    ).map((cmds) => `M1 2${cmds.join("")}`);
    const leaf = fc.oneof(
      fc.tuple(paintAttrs, num, num, pos, pos, fc.option(pos)).map(([a, x, y, w, h, rx]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ""}${attrs(a)}/>`),
      fc.tuple(paintAttrs, num, num, pos).map(([a, x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"${attrs(a)}/>`),
      fc.tuple(paintAttrs, num, num, pos, pos).map(([a, x, y, rx, ry]) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}"${attrs(a)}/>`),
      fc.tuple(paintAttrs, num, num, num, num).map(([a, x1, y1, x2, y2]) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${attrs(a)}/>`),
      fc.tuple(paintAttrs, pathData).map(([a, d]) => `<path d="${d}"${attrs(a)}/>`),
      fc.tuple(paintAttrs, num, num, words).map(([a, x, y, w]) => `<text x="${x}" y="${y}"${attrs(a)}>${w.join(" ")}</text>`),
    );
    const group = fc.tuple(paintAttrs, fc.array(leaf, { maxLength: 4 })).map(([a, kids]) => `<g${attrs({ ...a, opacity: "1" })}>${kids.join("")}</g>`);
    const body = fc.array(fc.oneof(leaf, group), { minLength: 1, maxLength: 6 }).map((parts) => svg(parts.join("")));
    let direct = 0;
    fc.assert(
      fc.property(body, (source) => {
        // Round or square caps on a zero-length line or sub-path are left to svg-to-pdfkit.
        if (directPlan(source) !== undefined) direct++;
        expectSame(source);
      }),
      { numRuns: 300, seed: 9 },
    );
    expect(direct).toBeGreaterThan(240);
  });
});
