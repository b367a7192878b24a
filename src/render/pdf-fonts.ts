/**
 * The bundled fonts as pdfkit documents see them: each TTF is parsed once per thread and each
 * string shaped once, however many documents (and art recordings) use it.
 */
import type * as fontkit from "fontkit";
import { fontFile } from "./font-files";
import { shape } from "./shaping";
import { FONT_FACES } from "./fonts";

/* eslint-disable @typescript-eslint/no-explicit-any -- fontkit internals (glyph cache) */
/** What pdfkit reads of a laid-out glyph: its id, advance (font units) and the text it stands for. */
type Glyph = { id: number; codePoints: number[]; advanceWidth: number };

/**
 * One bundled face, shared by every document of the thread (and by every face's art recording):
 * the file is parsed once (font-files.ts) and each string shaped once (shaping.ts, HarfBuzz).
 * A document's font turns the shaped glyphs into glyph objects of its own, so the code points in
 * its ToUnicode map come from its own text, whatever the thread drew before; tables, outlines for
 * subsetting and advances are read from the one shared font.
 */
class SharedFace {
  /** Shared by every document's font: decoded tables, glyph outlines and advances. */
  private readonly base: any;

  constructor(private readonly file: string) {
    this.base = fontFile(file);
  }

  /**
   * A document's font: the shared font, except that `layout` (without features) is HarfBuzz's
   * shaping, in this document's glyph objects (the first code points seen for a glyph win, as in
   * fontkit's own glyph cache).
   */
  documentFont(): fontkit.Font {
    const font = Object.create(this.base);
    const own = new Map<number, Glyph>();
    const glyphOf = (id: number, codePoints: number[]): Glyph => {
      let g = own.get(id);
      if (g === undefined) {
        g = { id, codePoints, advanceWidth: this.base.getGlyph(id).advanceWidth };
        own.set(id, g);
      }
      return g;
    };
    font.layout = (text: string, ...rest: unknown[]) => {
      if (typeof text !== "string" || rest.some((r) => r !== undefined)) return this.base.layout(text, ...rest);
      const s = shape(this.file, text);
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
}

const sharedFaces = new Map<string, SharedFace>();

function sharedFace(file: string): SharedFace {
  let shared = sharedFaces.get(file);
  if (shared === undefined) {
    shared = new SharedFace(file);
    sharedFaces.set(file, shared);
  }
  return shared;
}

/**
 * Registers the bundled faces with a document (pdfkit would re-read and re-parse every TTF per
 * document). Each face's font object is made when the document first uses it: a face's art
 * recording uses one or two of the four.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  const registered = (doc as any)._registeredFonts as Record<string, { src?: unknown; family?: string }>;
  for (const face of Object.values(FONT_FACES)) {
    let font: fontkit.Font | undefined;
    registered[face.pdfName] = {
      get src() {
        return (font ??= sharedFace(face.file).documentFont());
      },
    };
  }
}
