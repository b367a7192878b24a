/**
 * One parsed fontkit font per font file and thread, for the PDF documents' fonts (pdf-fonts.ts:
 * advances, outlines for subsetting), so its tables are decoded once per thread. Layout's shaping,
 * glyph coverage and cap height are HarfBuzz's (shaping.ts): only the PDFs load fontkit.
 */
import { readFileSync } from "node:fs";
import type * as Fontkit from "fontkit";
import { fontkit } from "./pdf-libraries";
import { onFontFileChanged } from "./fonts";

const fonts = new Map<string, Fontkit.Font>();

/** Drops the parsed font of `file` (a game's font file whose bytes changed). */
export function forgetFontFile(file: string): void {
  fonts.delete(file);
}
onFontFileChanged(forgetFontFile);

/** The thread's font for `file`. */
export function fontFile(file: string): Fontkit.Font {
  let font = fonts.get(file);
  if (font === undefined) {
    // fontkit.create: the parser openSync uses, on bytes read here.
    font = (fontkit as unknown as { create(data: Buffer): Fontkit.Font }).create(readFileSync(file));
    fonts.set(file, font);
  }
  return font;
}
