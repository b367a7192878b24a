/**
 * Text layout (src/render/text.ts, flow.ts): wrapping and shrink-to-fit with real font metrics,
 * inline vector icons, overflow warnings that name the card.
 */
import { describe, expect, it } from "vitest";
import { layoutText, textWidth, tokenize } from "../src/render/text";
import { Resvg } from "@resvg/resvg-js";
import { ALL_FONT_FILES, measure, type FontStyle } from "../src/render/fonts";
import { layoutFlow } from "../src/render/flow";
import { moonPhaseSvg } from "../src/render/icons";
import { loadIcons } from "../src/model/icons";
import { join } from "node:path";
import { DATA } from "./render-support";
import { HELPERS, MAX_REPEAT, type RenderData } from "../src/render/helpers";

const box = { x: 0, y: 0, w: 40, h: 20 };
/** Eclipsed's icon files (data/eclipsed/icons): suit icons, and ☀ ⚡ ◉ ❄ as glyphs. */
const eclipsedIcons = loadIcons(join(DATA, "eclipsed"), DATA).icons;

function lineTexts(svg: string): string[] {
  return [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

/** Where resvg draws the right edge of a "|" placed after `text` at x = 10 (200 px font). */
function barEdge(text: string, style: FontStyle): number {
  const attrs = { regular: `font-family="Inter"`, bold: `font-family="Inter" font-weight="bold"`, heavy: `font-family="Inter" font-weight="800"`, italic: `font-family="Inter" font-style="italic"` }[style];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="300"><rect width="1600" height="300" fill="#fff"/><text x="10" y="250" ${attrs} font-size="200" fill="#000">${text}|</text></svg>`;
  const img = new Resvg(svg, { font: { fontFiles: ALL_FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Inter" } }).render();
  const px = img.pixels; // a copy per access
  for (let x = img.width - 1; x >= 0; x--) for (let y = 0; y < img.height; y++) if (px[(y * img.width + x) * 4] < 128) return x;
  return -1;
}

describe("text metrics agree with resvg's rendering", () => {
  // Layout positions text with `measure`; resvg (rustybuzz) then draws it. Kerned pairs that
  // fontkit measured differently ("(14," and "+2": ~2 % of the width) must agree too.
  it("the advance of kerned and unkerned strings is where resvg puts the next glyph (±1 px at 200 px)", () => {
    for (const style of ["regular", "bold"] as const) {
      const offset = barEdge("HH", style) - 10 - measure("HH", style, 200);
      for (const text of ["(14,", "+2", "AVATAR Wave", "Tý 1–15", "office ×1.5"]) {
        expect(Math.abs(barEdge(text, style) - 10 - measure(text, style, 200) - offset), `${style} ${text}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("text layout", () => {
  it("measures with the font's metrics (wider text, wider measure; proportional to size)", () => {
    expect(measure("WWWW", "regular", 10)).toBeGreaterThan(measure("iiii", "regular", 10));
    expect(measure("Eclipse", "bold", 20)).toBeCloseTo(2 * measure("Eclipse", "bold", 10), 6);
    expect(measure("Eclipse", "heavy", 10)).toBeGreaterThan(measure("Eclipse", "regular", 10));
  });

  it("wraps so that no line is wider than the box", () => {
    const text = "Each suit is the run of numbers strictly between two neighbouring markers, wrapping 30 to 1.";
    const r = layoutText(text, box, { size: 3, minSize: 3 });
    expect(r.lines).toBeGreaterThan(1);
    expect(r.overflow).toBe(false);
    for (const line of lineTexts(r.svg)) expect(measure(line, "regular", 3)).toBeLessThanOrEqual(box.w + 1e-6);
    // Every word survives, in order.
    expect(lineTexts(r.svg).join(" ")).toBe(text);
  });

  it("does not leave one short word alone on a paragraph's last line", () => {
    const text = "Low or high, above the Warden, choose when you meld. Deadwood −1.";
    // Find a width at which plain greedy wrapping would strand "−1." alone.
    for (let w = 30; w < 60; w += 0.5) {
      const r = layoutText(text, { x: 0, y: 0, w, h: 100 }, { size: 3, minSize: 3 });
      const lines = lineTexts(r.svg);
      expect(lines[lines.length - 1]).not.toBe("−1.");
    }
  });

  it("shrinks until the text fits the height, and not below the minimum", () => {
    const long = "word ".repeat(30).trim();
    const r = layoutText(long, box, { size: 5, minSize: 2 });
    expect(r.size).toBeLessThan(5);
    expect(r.size).toBeGreaterThanOrEqual(2);
    expect(r.overflow).toBe(false);
    const short = layoutText("Hi", box, { size: 5, minSize: 2 });
    expect(short.size).toBe(5);
  });

  it("shrinks a single long word to fit the width", () => {
    const r = layoutText("Transcendent", { x: 0, y: 0, w: 15, h: 20 }, { size: 6, minSize: 1 });
    expect(measure("Transcendent", "regular", r.size)).toBeLessThanOrEqual(15);
    expect(r.overflow).toBe(false);
  });

  it("reports overflow when the text does not fit even at the minimum size", () => {
    const r = layoutText("word ".repeat(200), box, { size: 4, minSize: 3 });
    expect(r.overflow).toBe(true);
    expect(r.size).toBe(3);
  });

  it("draws {icon} and [icon] as designers type them; a brace or bracket naming no icon, [2] and [two words] stay text as typed", () => {
    const icons = eclipsedIcons;
    expect(tokenize("{sun} melds", icons)[0]).toEqual([{ kind: "icon", name: "sun" }]);
    expect(tokenize("Carries [sun],", icons)[1]).toEqual([{ kind: "icon", name: "sun" }, { kind: "word", text: "," }]);
    expect(tokenize("({sun})", icons)[0]).toEqual([{ kind: "word", text: "(" }, { kind: "icon", name: "sun" }, { kind: "word", text: ")" }]);
    for (const plain of ["[2]", "{x}", "[fish]", "{Sun}", "{1}", "[sun", "sun]"]) expect(tokenize(plain, icons)).toEqual([[{ kind: "word", text: plain }]]);
    const r = layoutText("Discard [2] cards, [see rules] or {sun}.", box, { size: 3, icons });
    expect((r.svg.match(/<g transform="translate/g) ?? []).length).toBe(1);
    expect(r.svg).toContain("[2]");
    expect(r.svg).toContain("[see");
  });

  it("draws :icon: tokens and suit glyphs as vector shapes, never as font glyphs", () => {
    const icons = eclipsedIcons;
    expect(tokenize(":sun: melds +2", icons)[0]).toEqual([{ kind: "icon", name: "sun" }]);
    expect(tokenize("☀2–10", icons)[0]).toEqual([{ kind: "icon", name: "sun" }, { kind: "word", text: "2–10" }]);
    const r = layoutText("Edict: :solar: melds ☀ ⚡ ◉ ❄", box, { size: 3, iconColors: { solar: "#e0761a" }, icons });
    expect(r.svg).not.toMatch(/[☀⚡◉❄]/u);
    expect(r.svg).not.toContain(":solar:");
    expect((r.svg.match(/<g transform="translate/g) ?? []).length).toBe(5);
    expect(r.svg).toContain("#e0761a");
    // Icons take room in the line.
    expect(textWidth(":sun: x", "regular", 3, icons)).toBeGreaterThan(textWidth("x", "regular", 3, icons) + 2);
  });

  it("leaves unknown :tokens: as text", () => {
    const r = layoutText("ratio :notanicon: here", box, { size: 3 });
    expect(lineTexts(r.svg).join(" ")).toContain(":notanicon:");
  });

  it("escapes XML in text", () => {
    const r = layoutText("A < B & C", box, { size: 3 });
    expect(r.svg).toContain("A &lt; B &amp; C");
  });

  it("the text helper warns with the card's name when text overflows at the minimum size", () => {
    const data: RenderData = { where: "eclipsed/cards/solar-7", warnings: [], iconColors: {} };
    const options = { hash: { size: 4, min: 3.5, label: "card text" }, data } as never;
    HELPERS.text("word ".repeat(300), 0, 0, 30, 10, options);
    expect(data.warnings).toHaveLength(1);
    expect(data.warnings[0].where).toBe("eclipsed/cards/solar-7");
    expect(data.warnings[0].message).toMatch(/card text .*overflows its 30×10 mm box/);
  });

  it("warns about characters the bundled fonts cannot draw", () => {
    const data: RenderData = { where: "solar-eclipse/playing-cards/sun-1", warnings: [], iconColors: {} };
    HELPERS.text("Spades ♠ and ☀", 0, 0, 40, 10, { hash: { size: 3 }, data } as never);
    expect(data.warnings).toHaveLength(1);
    expect(data.warnings[0].message).toMatch(/no glyph for "♠"/);
  });
});

describe("flow layout (reference sheets)", () => {
  const opts = { x: 0, y: 0, w: 160, h: 200, columns: 2, size: 3.3, minSize: 2, color: "#000", accent: "#333", rule: "#999", shade: "#eee", iconColors: {}, icons: eclipsedIcons };
  const table = { headers: ["Tricks", "Points"], rows: [["1", "2"], ["3", "1"], ["5", "2"]] };

  it("prints headings, prose, bullets and every table cell", () => {
    const r = layoutFlow([{ heading: "Scoring", text: "Exactly this many tricks.", bullets: ["First", "Second"], table, note: "LT-8" }], opts);
    const texts = lineTexts(r.svg).join("|");
    for (const s of ["Scoring", "Exactly this many tricks.", "First", "Second", "Tricks", "Points", "LT-8"]) expect(texts).toContain(s);
    expect(r.overflow).toBe(false);
    expect(r.size).toBe(3.3);
  });

  it("reports characters the fonts cannot draw", () => {
    expect(layoutFlow([{ heading: "Suits", text: "♠ spades" }], opts).missing).toEqual(["♠"]);
    expect(layoutFlow([{ heading: "Suits", text: "☀ and ❄" }], opts).missing).toEqual([]);
  });

  it("a table of five or more columns spans both columns", () => {
    const wide = { headers: ["Suit", "Element", "Alignment", "Family", "Controls"], rows: [["Solar", "Fire", "Light", "Amplify", "Bonus"]] };
    const r = layoutFlow([{ heading: "Narrow", text: "x" }, { heading: "Suits", table: wide }], opts);
    const m = /<text x="([\d.]+)"[^>]*>Controls<\/text>/.exec(r.svg);
    expect(m).not.toBeNull();
    const colW = (opts.w - 6) / 2;
    expect(Number(m![1])).toBeGreaterThan(colW);
  });

  it("shrinks the type when the sections do not fit, and reports overflow when nothing helps", () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ heading: `Section ${i}`, text: "Lorem ipsum dolor sit amet ".repeat(6), table }));
    const r = layoutFlow(many, opts);
    expect(r.size).toBeLessThan(3.3);
    const tooMany = Array.from({ length: 40 }, (_, i) => ({ heading: `Section ${i}`, text: "Lorem ipsum ".repeat(40) }));
    expect(layoutFlow(tooMany, opts).overflow).toBe(true);
  });
});

describe("moon phase pictogram", () => {
  it("is dark at new moon, fully lit at full moon, lit on the right while waxing and on the left while waning", () => {
    expect(moonPhaseSvg(0, 0, 0, 10, "#fff", "#000", "#888")).not.toContain('fill="#fff"');
    expect(moonPhaseSvg(0.5, 0, 0, 10, "#fff", "#000", "#888")).toContain('<circle cx="0" cy="0" r="10" fill="#fff"/>');
    const waxing = moonPhaseSvg(0.25, 0, 0, 10, "#fff", "#000", "#888");
    const waning = moonPhaseSvg(0.75, 0, 0, 10, "#fff", "#000", "#888");
    // Limb arc sweep: 1 (clockwise, through the right) while waxing, 0 while waning.
    expect(waxing).toMatch(/M0 -10A10 10 0 0 1 0 10/);
    expect(waning).toMatch(/M0 -10A10 10 0 0 0 0 10/);
  });
});

describe("repeating helpers refuse counts no card can hold", () => {
  it("pips and players stop at MAX_REPEAT with an error naming the helper and the value (not a hang)", () => {
    const options = { data: { icons: eclipsedIcons } };
    expect(() => HELPERS.pips(1e9, "solar", 0, 0, 10, 10, 2, "#000", options)).toThrow(/helper pips: "n" is 1000000000, more than the 100 pieces/);
    expect(() => HELPERS.players(MAX_REPEAT + 1, 10, 10, 3, "#000")).toThrow(/helper players/);
    expect(String(HELPERS.pips(MAX_REPEAT, "solar", 0, 0, 10, 10, 2, "#000", options)).length).toBeGreaterThan(0);
  });
});
