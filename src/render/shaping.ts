/**
 * Text shaping with HarfBuzz (harfbuzzjs, WebAssembly): the glyphs and positions of a string in
 * one bundled face, in font units. Both users of shaping go through here — text metrics for
 * layout (fonts.ts) and the PDFs' fonts (pdf-fonts.ts) — so the PDF sets the glyphs the layout
 * measured, and the PNGs agree too: resvg shapes with rustybuzz, a port of HarfBuzz, so the same
 * default features (kerning, ligatures, contextual alternates) give the same advances. (fontkit's
 * layout takes ~6× longer and kerns some digit pairs differently from resvg, e.g. "(14," and "+2"
 * ~2 % wider, which would set aligned text up to 0.1 mm off.) Glyph coverage and cap height come
 * from here too, so laying out an SVG never loads fontkit (~0.15 s a process): only PDFs need it.
 */
import { readFileSync } from "node:fs";
import * as hb from "harfbuzzjs";

export interface ShapedGlyph {
  id: number;
  /** The characters the glyph stands for (its cluster's, on the cluster's first glyph). */
  codePoints: number[];
}

export interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface Shaped {
  glyphs: ShapedGlyph[];
  positions: GlyphPosition[];
}

interface Face {
  face: hb.Face;
  font: hb.Font;
  upem: number;
  cache: Map<string, Shaped>;
  /** The code points the cmap maps, read on first use. */
  covered?: Set<number>;
  /** Cap height in font units, read on first use (layout asks for it at every size it tries). */
  capHeight?: number;
}

const faces = new Map<string, Face>();
let buffer: hb.Buffer | undefined;

function faceFor(file: string): Face {
  let f = faces.get(file);
  if (f === undefined) {
    const face = new hb.Face(new hb.Blob(readFileSync(file)), 0);
    f = { face, font: new hb.Font(face), upem: face.upem, cache: new Map() };
    faces.set(file, f);
  }
  return f;
}

function codePointsOf(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

/** Drops the face and shaped strings of `file` (a game's font file whose bytes changed). */
export function forgetShapingFile(file: string): void {
  faces.delete(file);
}

/** The glyphs and positions (font units) of `text` in the face of `file`. Cached per string. */
export function shape(file: string, text: string): Shaped {
  const face = faceFor(file);
  const cached = face.cache.get(text);
  if (cached !== undefined) return cached;
  buffer ??= new hb.Buffer();
  buffer.reset();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(face.font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  // Clusters are UTF-16 offsets into `text`, ascending for left-to-right text.
  const glyphs = infos.map((info, i) => {
    const first = i === 0 || infos[i - 1].cluster !== info.cluster;
    let end = text.length;
    for (let j = i + 1; j < infos.length; j++) {
      if (infos[j].cluster !== info.cluster) {
        end = infos[j].cluster;
        break;
      }
    }
    return { id: info.codepoint, codePoints: first ? codePointsOf(text.slice(info.cluster, end)) : [] };
  });
  const shaped = { glyphs, positions };
  if (face.cache.size >= 50000) face.cache.clear(); // bounded for long `watch` sessions
  face.cache.set(text, shaped);
  return shaped;
}

/** Units per em of the face of `file`. */
export function unitsPerEm(file: string): number {
  return faceFor(file).upem;
}

/** True when the cmap of the face of `file` maps `codePoint` to a glyph. */
export function hasGlyphFor(file: string, codePoint: number): boolean {
  const f = faceFor(file);
  f.covered ??= new Set(f.face.collectUnicodes());
  return f.covered.has(codePoint);
}

/**
 * Cap height of the face of `file` in font units: OS/2's sCapHeight where the table has it (version
 * 2 and later); else the top of the face's "H", which is what sCapHeight is measured from; else
 * (no "H") hhea's ascender, which capitals do not exceed. Faces with an older OS/2 table exist
 * (DejaVu's): fontkit leaves their cap height undefined, which set every line of such a game font
 * at y="NaN" and shrank it to its smallest size.
 */
export function capHeightUnits(file: string): number {
  const f = faceFor(file);
  f.capHeight ??= readCapHeight(f);
  return f.capHeight;
}

function readCapHeight(f: Face): number {
  const os2 = f.face.referenceTable("OS/2");
  if (os2 !== undefined && os2.length >= 90 && readUint16(os2, 0) >= 2) return readInt16(os2, 88);
  const h = f.font.nominalGlyph(0x48);
  const top = h === undefined ? undefined : f.font.glyphExtents(h)?.yBearing;
  if (top !== undefined && top > 0) return top;
  const hhea = f.face.referenceTable("hhea");
  return hhea !== undefined && hhea.length >= 6 ? readInt16(hhea, 4) : f.upem;
}

function readUint16(table: Uint8Array, at: number): number {
  return table[at] * 256 + table[at + 1];
}

function readInt16(table: Uint8Array, at: number): number {
  const u = readUint16(table, at);
  return u >= 0x8000 ? u - 0x10000 : u;
}
