/**
 * Bundled fonts (TTF from npm, never system fonts). The same files feed resvg (PNG), pdfkit
 * (PDF, embedded as subsets) and HarfBuzz (shaping for layout and for the PDFs, shaping.ts), so
 * all three agree.
 *
 * resvg matches by typographic family + weight, svg-to-pdfkit by family name + bold/italic only.
 * So every style is written as a family list whose first entry names the exact face for the PDF
 * ("Inter ExtraBold") and whose second entry plus font-weight finds it in resvg ("Inter" 800).
 */
import { createRequire } from "node:module";
import { fontFile } from "./font-files";
import { shape, unitsPerEm } from "./shaping";

const require = createRequire(import.meta.url);

export type FontStyle = "regular" | "bold" | "heavy" | "italic";

interface FontFace {
  /** Name registered with pdfkit (what svg-to-pdfkit's font lookup resolves to). */
  pdfName: string;
  file: string;
  /** SVG presentation attributes selecting this face. */
  attrs: string;
}

export const FONT_FACES: Record<FontStyle, FontFace> = {
  regular: {
    pdfName: "Inter",
    file: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
    attrs: `font-family="Inter"`,
  },
  bold: {
    pdfName: "Inter-Bold",
    file: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
    attrs: `font-family="Inter" font-weight="bold"`,
  },
  heavy: {
    pdfName: "Inter ExtraBold",
    file: require.resolve("@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf"),
    attrs: `font-family="Inter ExtraBold, Inter" font-weight="800"`,
  },
  italic: {
    pdfName: "Inter-Italic",
    file: require.resolve("@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf"),
    attrs: `font-family="Inter" font-style="italic"`,
  },
};

/**
 * Only these files reach resvg: the PDF embeds exactly the same faces, so PNG and PDF never
 * disagree about a glyph. Characters the faces lack are reported by `missingGlyphs`.
 */
export const ALL_FONT_FILES: string[] = Object.values(FONT_FACES).map((f) => f.file);

export function isFontStyle(s: unknown): s is FontStyle {
  return s === "regular" || s === "bold" || s === "heavy" || s === "italic";
}

/** Advance width of `text` at `size` (same unit as size), with kerning, as resvg and pdfkit set it. */
export function measure(text: string, style: FontStyle, size: number): number {
  const file = FONT_FACES[style].file;
  // shape() caches per string; summing a word's few advances is cheaper than a second cache.
  let advance = 0;
  for (const p of shape(file, text).positions) advance += p.xAdvance;
  return (advance / unitsPerEm(file)) * size;
}

/** Characters of `text` the face has no glyph for (they would print as blanks or boxes). */
export function missingGlyphs(text: string, style: FontStyle): string[] {
  const font = fontFile(FONT_FACES[style].file);
  const out = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x20 && !font.hasGlyphForCodePoint(cp)) out.add(ch);
  }
  return [...out];
}

/** Cap height as a fraction of the font size (for vertically centring digits and capitals). */
export function capHeight(style: FontStyle): number {
  const f = fontFile(FONT_FACES[style].file);
  return f.capHeight / f.unitsPerEm;
}

/**
 * svg-to-pdfkit font lookup: the first family of the list, plus bold/italic, to a registered name.
 */
export function pdfFontFor(family: string | undefined, bold: boolean, italic: boolean): string {
  const first = (family ?? "Inter").split(",")[0].trim().replace(/^['"]|['"]$/g, "");
  if (first === FONT_FACES.heavy.pdfName) return FONT_FACES.heavy.pdfName;
  if (bold) return FONT_FACES.bold.pdfName;
  if (italic) return FONT_FACES.italic.pdfName;
  return FONT_FACES.regular.pdfName;
}
