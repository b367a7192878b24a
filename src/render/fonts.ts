/**
 * Bundled fonts (TTF from npm, never system fonts). The same files feed resvg (PNG), pdfkit
 * (PDF, embedded as subsets) and HarfBuzz (shaping for layout and for the PDFs, shaping.ts), so
 * all three agree.
 *
 * resvg matches by typographic family + weight, svg-to-pdfkit by family name + bold/italic only.
 * So every style is written as a family list whose first entry names the exact face for the PDF
 * ("Inter ExtraBold") and whose second entry plus font-weight finds it in resvg ("Inter" 800).
 * A game's own faces (game.yaml `fonts:`) work the same way, their first entry a unique key.
 */
import { createRequire } from "node:module";
import { capHeightUnits, forgetShapingFile, hasGlyphFor, shape, unitsPerEm } from "./shaping";
import type { GameFont } from "../model/fonts";

const require = createRequire(import.meta.url);

export type FontStyle = "regular" | "bold" | "heavy" | "italic";
/** A bundled style, or the key of a registered game face (`gameFaceKey`). */
export type FaceName = FontStyle | (string & {});

export interface FontFace {
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

/** A game's own font (data/<game>/fonts/, checked by src/model/fonts.ts). */
export type { GameFont };

/** What else parsed a game's font file in this thread (font-files.ts, loaded only for PDFs). */
const FORGETTERS: ((file: string) => void)[] = [];

/** Calls `forget(file)` whenever a game font file's bytes change (`watch`). */
export function onFontFileChanged(forget: (file: string) => void): void {
  FORGETTERS.push(forget);
}

/** Game faces by key, in every thread that lays out, rasterises or prints them. */
const GAME_FACES = new Map<string, FontFace>();

/**
 * The unique name of a game face: the first entry of its font-family list and its pdfkit name. It
 * holds the file's content hash, so changing the file changes exactly the SVGs that use the face
 * (and so the PNGs and PDFs made of them).
 */
export function gameFaceKey(font: GameFont): string {
  return `${font.family} ${font.weight}${font.style === "italic" ? " Italic" : ""} ${font.hash.slice(0, 12)}`;
}

/** Makes a game's faces known to this thread (idempotent); returns their keys. */
export function registerGameFonts(fonts: readonly GameFont[]): string[] {
  return fonts.map((font) => {
    const key = gameFaceKey(font);
    if (!GAME_FACES.has(key)) {
      // The file's bytes changed since this thread last read it (`watch`): forget what it parsed.
      for (const [old, face] of GAME_FACES) {
        if (face.file !== font.file) continue;
        GAME_FACES.delete(old);
        forgetShapingFile(font.file);
        for (const forget of FORGETTERS) forget(font.file);
      }
      // The key is quoted (it has a word starting with a digit); resvg reads the family only unquoted.
      const italic = font.style === "italic" ? ` font-style="italic"` : "";
      GAME_FACES.set(key, { pdfName: key, file: font.file, attrs: `font-family="'${key}', ${font.family}" font-weight="${font.weight}"${italic}` });
    }
    return key;
  });
}

/** Weight and slant each template style asks for. */
const STYLE_WANTS: Record<FontStyle, { weight: number; italic: boolean }> = {
  regular: { weight: 400, italic: false },
  bold: { weight: 700, italic: false },
  heavy: { weight: 800, italic: false },
  italic: { weight: 400, italic: true },
};

/**
 * The key of the game face for `family` in a template `style` (regular, bold, heavy, italic): the
 * face of that slant with the nearest weight (heavier on a tie). Throws naming the declared faces.
 */
export function gameFaceFor(fonts: readonly GameFont[], family: string, style: FontStyle): string {
  const own = fonts.filter((f) => f.family === family);
  if (own.length === 0) {
    const known = [...new Set(fonts.map((f) => f.family))];
    throw new Error(`font "${family}" is not declared in game.yaml fonts (${known.length === 0 ? "it declares none" : `declared: ${known.map((k) => `"${k}"`).join(", ")}`}); add it there or use a declared family`);
  }
  const want = STYLE_WANTS[style];
  const sameSlant = own.filter((f) => (f.style === "italic") === want.italic);
  if (sameSlant.length === 0) throw new Error(`font "${family}" has no ${want.italic ? "italic" : "upright"} face for style "${style}"; add one to game.yaml fonts`);
  const best = sameSlant.reduce((a, b) => {
    const da = Math.abs(a.weight - want.weight);
    const db = Math.abs(b.weight - want.weight);
    return db < da || (db === da && b.weight > a.weight) ? b : a;
  });
  return registerGameFonts([best])[0];
}

/** The face for a bundled style or a registered game face key. */
export function faceOf(style: FaceName): FontFace {
  const face = (FONT_FACES as Record<string, FontFace>)[style] ?? GAME_FACES.get(style);
  if (face === undefined) throw new Error(`font face "${style}" is not registered in this thread`);
  return face;
}

/** The game face key a font-family list starts with, if it names a registered game face. */
export function gameFaceIn(fontFamily: string): string | undefined {
  const first = fontFamily.split(",")[0].trim().replace(/^['"]|['"]$/g, "");
  return GAME_FACES.has(first) ? first : undefined;
}

/** Every game face registered in this thread. */
export function gameFaces(): FontFace[] {
  return [...GAME_FACES.values()];
}

/**
 * The font files resvg needs for `svg`: the bundled ones, plus each registered game face the SVG
 * names (its key is in the SVG's font-family lists). Without game faces: ALL_FONT_FILES itself.
 */
export function fontFilesFor(svg: string): string[] {
  if (GAME_FACES.size === 0) return ALL_FONT_FILES;
  const own = [...GAME_FACES].filter(([key]) => svg.includes(`'${key}'`)).map(([, f]) => f.file);
  return own.length === 0 ? ALL_FONT_FILES : [...ALL_FONT_FILES, ...new Set(own)];
}

/** Advance width of `text` at `size` (same unit as size), with kerning, as resvg and pdfkit set it. */
export function measure(text: string, style: FaceName, size: number): number {
  const file = faceOf(style).file;
  // shape() caches per string; summing a word's few advances is cheaper than a second cache.
  let advance = 0;
  for (const p of shape(file, text).positions) advance += p.xAdvance;
  return (advance / unitsPerEm(file)) * size;
}

/** Characters of `text` the face has no glyph for (they would print as blanks or boxes). */
export function missingGlyphs(text: string, style: FaceName): string[] {
  const file = faceOf(style).file;
  const out = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x20 && !hasGlyphFor(file, cp)) out.add(ch);
  }
  return [...out];
}

/** Cap height as a fraction of the font size (for vertically centring digits and capitals). */
export function capHeight(style: FaceName): number {
  const file = faceOf(style).file;
  return capHeightUnits(file) / unitsPerEm(file);
}

/**
 * svg-to-pdfkit font lookup: the first family of the list, plus bold/italic, to a registered name.
 */
export function pdfFontFor(family: string | undefined, bold: boolean, italic: boolean): string {
  const first = (family ?? "Inter").split(",")[0].trim().replace(/^['"]|['"]$/g, "");
  if (first === FONT_FACES.heavy.pdfName) return FONT_FACES.heavy.pdfName;
  if (GAME_FACES.has(first)) return first;
  if (bold) return FONT_FACES.bold.pdfName;
  if (italic) return FONT_FACES.italic.pdfName;
  return FONT_FACES.regular.pdfName;
}
