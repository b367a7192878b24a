/**
 * The bundled fonts as pdfkit documents see them: each TTF is parsed once per thread and each
 * string shaped once, however many documents (and art recordings) use it.
 */
import type * as fontkit from "fontkit";
import { fontFile, fontFileCopy } from "./font-files";
import { FONT_FACES } from "./fonts";

/* eslint-disable @typescript-eslint/no-explicit-any -- fontkit internals (tables, glyph cache) */
/** What pdfkit reads of a laid-out glyph: its id, advance (font units) and the text it stands for. */
type Glyph = { id: number; codePoints: number[]; advanceWidth: number };
type Position = Record<string, number>;
interface Shaped {
  /** The (id, code points) fontkit asks its glyph cache for, in order, after mapping the string. */
  glyphs: [number, number[]][];
  /** Positions before fontkit hides default-ignorable characters. */
  positions: Position[];
}

/**
 * One bundled face, shared by every document of the thread (and by every face's art recording):
 * the file is parsed once, and a scratch font shapes each string once, recording what fontkit
 * asked its glyph cache for. A document's font replays those calls into glyph objects of its
 * own, so the code points that end up in its ToUnicode map are the ones a fresh pdfkit font
 * would hold, whatever the thread drew before; everything else (tables, outlines for subsetting,
 * advances) is read from one shared font.
 */
class SharedFace {
  /** Shared by every document's font: decoded tables, glyph outlines and advances. */
  private readonly base: any;
  private readonly scratch: any;
  private readonly shaped = new Map<string, Shaped>();
  private readonly spaceId: number;

  constructor(file: string) {
    this.base = fontFile(file);
    this.scratch = fontFileCopy(file);
    const engine = this.scratch._layoutEngine;
    // Keep fontkit's call to the space glyph (so the recorded calls line up) but not its effect.
    engine.hideDefaultIgnorables = function (this: any): void {
      this.font.glyphForCodePoint(0x20);
    };
    this.spaceId = this.base.glyphForCodePoint(0x20).id;
  }

  shape(text: string): Shaped {
    let s = this.shaped.get(text);
    if (s !== undefined) return s;
    const calls: [number, number[]][] = [];
    const font = this.scratch;
    const getGlyph = font.getGlyph;
    font._glyphs = {};
    font.getGlyph = (id: number, cps: number[] = []) => {
      calls.push([id, cps]);
      return getGlyph.call(font, id, cps);
    };
    try {
      const run = font.layout(text);
      const n = run.glyphs.length;
      // Calls: one per code point (glyphsForString), one per output glyph, then the space glyph.
      s = { glyphs: calls.slice(calls.length - 1 - n, calls.length - 1), positions: run.positions.map((p: Position) => ({ ...p })) };
    } finally {
      font.getGlyph = getGlyph;
    }
    this.shaped.set(text, s);
    return s;
  }

  /**
   * A document's font: the shared font, except that `layout` (without features) replays `shape`
   * into this document's glyph objects (the first code points asked for a glyph win, as in
   * fontkit's own cache).
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
    const ignorable = (ch: number | undefined): boolean => ch !== undefined && this.scratch._layoutEngine.isDefaultIgnorable(ch);
    font.layout = (text: string, ...rest: unknown[]) => {
      if (typeof text !== "string" || rest.some((r) => r !== undefined)) return this.base.layout(text, ...rest);
      const s = this.shape(text);
      const positions = s.positions.map((p) => ({ ...p }));
      const glyphs: Glyph[] = s.glyphs.map(([id, cps]) => glyphOf(id, cps));
      if (text.length > 0) {
        const space = glyphOf(this.spaceId, [0x20]);
        for (let i = 0; i < glyphs.length; i++) {
          if (ignorable(glyphs[i].codePoints[0])) {
            glyphs[i] = space;
            positions[i].xAdvance = 0;
            positions[i].yAdvance = 0;
          }
        }
      }
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
