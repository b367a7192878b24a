/**
 * Layout reads glyph coverage and cap height from HarfBuzz (src/render/shaping.ts), so laying out
 * text never loads fontkit. They must say what fontkit — which the PDFs embed the fonts with —
 * says: the same characters reported missing, the same cap height centring digits and capitals.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as fontkit from "fontkit";
import { ALL_FONT_FILES, registerGameFonts } from "../src/render/fonts";
import { layoutText } from "../src/render/text";
import { capHeightUnits, hasGlyphFor } from "../src/render/shaping";
import { tempDir } from "./render-support";

const require = createRequire(import.meta.url);
const DEJAVU = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSerif.ttf");
const open = (file: string): fontkit.Font => (fontkit as unknown as { create(b: Buffer): fontkit.Font }).create(readFileSync(file));

/** The top of the face's "H" (fontkit's glyph bounding box; its types leave glyphForCodePoint out). */
const hTop = (font: fontkit.Font): number => (font as unknown as { glyphForCodePoint(cp: number): { bbox: { maxY: number } } }).glyphForCodePoint(0x48).bbox.maxY;

/** Code points worth asking about: ASCII to CJK, symbols the games print, an emoji, unassigned ones. */
const PROBES: number[] = [];
for (let cp = 0x21; cp < 0x3100; cp += 1) PROBES.push(cp);
PROBES.push(0x1f315, 0x1f311, 0xe000, 0xfffd, 0x10ffff);

/** A copy of `file` with the table tagged `tag` renamed (HarfBuzz and fontkit then find none) or its version set. */
function patched(file: string, tag: string, change: (font: Buffer, offset: number) => void): string {
  const font = Buffer.from(readFileSync(file));
  const tables = font.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const entry = 12 + 16 * i;
    if (font.toString("latin1", entry, entry + 4) === tag) change(font, entry);
  }
  const out = join(tempDir("font-metrics"), `${tag.replace("/", "")}-${Math.random().toString(36).slice(2)}.ttf`);
  writeFileSync(out, font);
  return out;
}

describe("layout's font metrics agree with fontkit's", () => {
  it.each([...ALL_FONT_FILES, DEJAVU])("glyph coverage of %s", (file) => {
    const font = open(file);
    const differ = PROBES.filter((cp) => hasGlyphFor(file, cp) !== font.hasGlyphForCodePoint(cp));
    expect(differ.map((cp) => cp.toString(16))).toEqual([]);
    // Not vacuous: the faces cover Latin letters and lack some of the probes.
    expect(hasGlyphFor(file, 0x41)).toBe(true);
    expect(PROBES.some((cp) => !hasGlyphFor(file, cp))).toBe(true);
  });

  it.each(ALL_FONT_FILES)("cap height of %s (OS/2 sCapHeight)", (file) => {
    const font = open(file);
    expect(capHeightUnits(file)).toBe(font.capHeight);
    expect(capHeightUnits(file)).toBeGreaterThan(0.5 * font.unitsPerEm);
  });

  it("a face whose OS/2 table predates sCapHeight (DejaVu Serif) measures its H, where fontkit has none", () => {
    const font = open(DEJAVU);
    expect(font.capHeight).toBeUndefined();
    expect(capHeightUnits(DEJAVU)).toBe(hTop(font));
    expect(capHeightUnits(DEJAVU) / font.unitsPerEm).toBeCloseTo(0.73, 2);
  });

  it("a game font of that kind lays out text at its size and at a real position (it was y=\"NaN\", shrunk to the minimum)", () => {
    const [key] = registerGameFonts([{ family: "DejaVu Serif", weight: 400, style: "normal", file: DEJAVU, hash: "0123456789abcdef" }]);
    const laid = layoutText("Hello world", { x: 0, y: 0, w: 40, h: 20 }, { size: 4, style: key });
    expect(laid.size).toBe(4);
    expect(laid.overflow).toBe(false);
    const y = Number(/ y="([^"]+)"/.exec(laid.svg)?.[1]);
    // Top-aligned: the first baseline sits one cap height below the box's top.
    expect(y).toBeCloseTo((capHeightUnits(DEJAVU) / open(DEJAVU).unitsPerEm) * 4, 3);
  });

  it("a face without an OS/2 table measures its H too", () => {
    const file = patched(ALL_FONT_FILES[0], "OS/2", (font, entry) => font.write("XS/2", entry, "latin1"));
    const font = open(file);
    expect(font["OS/2" as keyof fontkit.Font]).toBeUndefined();
    expect(capHeightUnits(file)).toBe(hTop(font));
  });
});
