/**
 * The bundled fonts as pdfkit documents see them: each TTF is parsed once per thread and each
 * string shaped once, however many documents (and art recordings) use it.
 */
import type * as fontkit from "fontkit";
import { fontFile } from "./font-files";
import { shape } from "./shaping";
import { FONT_FACES, gameFaces } from "./fonts";

/* eslint-disable @typescript-eslint/no-explicit-any -- fontkit internals (glyph cache) */
/** What pdfkit reads of a laid-out glyph: its id, advance (font units) and the text it stands for. */
type Glyph = { id: number; codePoints: number[]; advanceWidth: number };

/**
 * A document's font for one bundled face: the thread's parsed font (font-files.ts: tables,
 * outlines for subsetting, advances), except that `layout` (without features) is HarfBuzz's
 * shaping (shaping.ts, each string shaped once per thread) in glyph objects of this document's
 * own — so the code points in its ToUnicode map come from its own text, whatever the thread drew
 * before (the first code points seen for a glyph win, as in fontkit's own glyph cache).
 */
function documentFont(file: string): fontkit.Font {
  const base = fontFile(file) as any;
  const font = Object.create(base);
  const own = new Map<number, Glyph>();
  const glyphOf = (id: number, codePoints: number[]): Glyph => {
    let g = own.get(id);
    if (g === undefined) {
      g = { id, codePoints, advanceWidth: base.getGlyph(id).advanceWidth };
      own.set(id, g);
    }
    return g;
  };
  font.layout = (text: string, ...rest: unknown[]) => {
    if (typeof text !== "string" || rest.some((r) => r !== undefined)) return base.layout(text, ...rest);
    const s = shape(file, text);
    const positions = s.positions.map((p) => ({ ...p }));
    const glyphs: Glyph[] = s.glyphs.map((g) => glyphOf(g.id, g.codePoints));
    return {
      glyphs,
      positions,
      get advanceWidth(): number {
        let w = 0;
        for (const p of positions) w += p.xAdvance;
        return w;
      },
    };
  };
  return font;
}

/**
 * Registers the bundled faces (and the game faces this thread knows) with a document (pdfkit would re-read and re-parse every TTF per
 * document). Each face's font object is made when the document first uses it: a face's art
 * recording uses one or two of the four.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  const registered = (doc as any)._registeredFonts as Record<string, { src?: unknown; family?: string }>;
  // A game's own faces registered in this thread too: only the ones a document draws are embedded.
  for (const face of [...Object.values(FONT_FACES), ...gameFaces()]) {
    let font: fontkit.Font | undefined;
    registered[face.pdfName] = {
      get src() {
        return (font ??= documentFont(face.file));
      },
    };
  }
}
