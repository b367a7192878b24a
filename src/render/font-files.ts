/**
 * One parsed fontkit font per bundled file and thread. Text metrics (fonts.ts: cap height,
 * missing glyphs) and the PDF documents' fonts (pdf-fonts.ts: advances, outlines for subsetting)
 * read the same font, so its tables are decoded once rather than once per user. Shaping is
 * HarfBuzz's (shaping.ts).
 */
import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";

const fonts = new Map<string, fontkit.Font>();

/** Drops the parsed font of `file` (a game's font file whose bytes changed). */
export function forgetFontFile(file: string): void {
  fonts.delete(file);
}

/** The thread's font for `file`. */
export function fontFile(file: string): fontkit.Font {
  let font = fonts.get(file);
  if (font === undefined) {
    // fontkit.create: the parser openSync uses, on bytes read here.
    font = (fontkit as unknown as { create(data: Buffer): fontkit.Font }).create(readFileSync(file));
    fonts.set(file, font);
  }
  return font;
}
