/**
 * PDF writer: draws pages from the page model. Art is vector (svg-to-pdfkit, converted once per
 * face and copied into each document: see pdf-art.ts); fonts are the
 * bundled TTFs embedded as subsets, every page gets TrimBox/BleedBox, a footer and a 10 mm ruler,
 * and the document asks viewers not to scale when printing. Fixed dates make the bytes reproducible.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { FONT_FACES } from "./fonts";
import { writeFileAtomic } from "./files";
import { deserializeArt, inlineArt, inlinable, placeArt, recordArt, serializeArt, svgBox, type ArtRecording, type PlacedArt, placedArt } from "./pdf-art";
import { PT_PER_MM, type CutShape } from "./types";
import { FOOTER_BAND, pageSize, type Page, type Paper, type Placement, type Rect } from "./page";

export interface PdfMeta {
  title: string;
  /** Footer prefix, e.g. the game's title. */
  footer: string;
  paper: Paper;
  duplex: "long" | "short";
}

/** Fixed so identical input gives identical bytes. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

const k = PT_PER_MM;

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
  private readonly data: Buffer;
  private readonly tables: object = {};
  /** Shared by every document's font: decoded tables, glyph outlines and advances. */
  private readonly base: any;
  private readonly scratch: any;
  private readonly shaped = new Map<string, Shaped>();
  private readonly spaceId: number;

  constructor(file: string) {
    this.data = readFileSync(file);
    this.base = this.open();
    this.scratch = this.open();
    const engine = this.scratch._layoutEngine;
    // Keep fontkit's call to the space glyph (so the recorded calls line up) but not its effect.
    engine.hideDefaultIgnorables = function (this: any): void {
      this.font.glyphForCodePoint(0x20);
    };
    this.spaceId = this.base.glyphForCodePoint(0x20).id;
  }

  /** A new font object over the shared tables (fontkit.create: the same parser as openSync). */
  private open(): any {
    const font = (fontkit as unknown as { create(data: Buffer): any }).create(this.data);
    font._tables = this.tables;
    return font;
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

function shapePath(doc: PDFKit.PDFDocument, shape: CutShape, r: Rect, grow: number): void {
  if (shape.type === "circle") {
    doc.circle((r.x + r.w / 2) * k, (r.y + r.h / 2) * k, (Math.min(r.w, r.h) / 2 + grow) * k);
    return;
  }
  if (shape.type === "pie") {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    const rad = Math.min(r.w, r.h) / 2 + grow;
    const half = Math.PI / shape.slices;
    // Grow the apex outwards too, so the bleed covers the straight cuts.
    const apexShift = grow / Math.sin(half);
    const ax = cx;
    const ay = cy + apexShift;
    const p = (a: number): [number, number] => [cx + rad * Math.sin(a), cy - rad * Math.cos(a)];
    const [x1, y1] = p(-half);
    const [x2, y2] = p(half);
    doc.path(
      `M${ax * k} ${ay * k}L${x1 * k} ${y1 * k}A${rad * k} ${rad * k} 0 0 1 ${x2 * k} ${y2 * k}Z`,
    );
    return;
  }
  doc.rect((r.x - grow) * k, (r.y - grow) * k, (r.w + 2 * grow) * k, (r.h + 2 * grow) * k);
}

/**
 * Recordings by SVG, shared by every document of the thread (A4 and Letter, and the next build in
 * `watch`). Bounded: a long watch session edits and re-records faces without end.
 */
const recordings = new Map<string, ArtRecording>();
const MAX_RECORDINGS = 2000;

/** How often this thread converted a face, read one from disk, or reused one (for tests and `bench`). */
export const artStats = { recorded: 0, loaded: 0, reused: 0 };

/** Where recordings are kept between processes (the build's cache), keyed with the renderer version. */
export interface ArtStore {
  dir: string;
  version: string;
}

function artFile(disk: ArtStore, svg: string): string {
  return join(disk.dir, `${createHash("sha256").update(disk.version).update("\0").update(svg).digest("hex")}.json`);
}

function loadArt(disk: ArtStore, svg: string): ArtRecording | undefined {
  const file = artFile(disk, svg);
  try {
    const art = deserializeArt(readFileSync(file, "utf8"));
    // Recently used files are the last ones the cache prunes.
    const now = new Date();
    utimesSync(file, now, now);
    return art;
  } catch {
    return undefined;
  }
}

function recordingFor(svg: string, disk?: ArtStore): ArtRecording {
  let art = recordings.get(svg);
  if (art !== undefined) {
    // Most recently used last, so the oldest is evicted first.
    recordings.delete(svg);
    artStats.reused += 1;
  } else {
    art = disk && loadArt(disk, svg);
    if (art !== undefined) artStats.loaded += 1;
    else {
      art = recordArt(svg, registerFonts);
      artStats.recorded += 1;
      const text = disk && serializeArt(art);
      if (disk && text !== undefined) {
        mkdirSync(disk.dir, { recursive: true });
        writeFileAtomic(artFile(disk, svg), text);
      }
    }
    if (recordings.size >= MAX_RECORDINGS) recordings.delete(recordings.keys().next().value!);
  }
  recordings.set(svg, art);
  return art;
}

/** Forgets this thread's recordings (tests: the next PDF reads them from disk or converts again). */
export function forgetArt(): void {
  recordings.clear();
}

function drawPlacement(doc: PDFKit.PDFDocument, p: Placement, svg: string, asForm: boolean, placed: PlacedArt, warn: (m: string) => void): void {
  const art = recordingFor(svg);
  for (const m of art.warnings) warn(m);
  doc.save();
  if (p.rotate !== 0) doc.rotate(p.rotate, { origin: [(p.x + p.w / 2) * k, (p.y + p.h / 2) * k] });
  shapePath(doc, p.window ? { type: "rect" } : p.clip.shape, p, p.clip.grow);
  doc.clip();
  // A window shows part of a bigger piece of art (one tile of a board): the art moves under it.
  const ox = p.window ? p.x - p.window.x : p.x;
  const oy = p.window ? p.y - p.window.y : p.y;
  const [vx, vy, , vh] = svgBox(svg);
  // The art's space is y-up (a form's): flip back into pdfkit's top-left page space.
  doc.transform(1, 0, 0, -1, (ox + vx) * k, (oy + vy + vh) * k);
  if (asForm || !inlinable(art)) {
    const form = placeArt(doc, art, placed);
    (doc as any).page.xobjects[form.name] = form.ref;
    (doc as any).addContent(`/${form.name} Do`);
  } else {
    inlineArt(doc, art, placed);
  }
  doc.restore();
  if (p.outline) {
    doc.save();
    if (p.rotate !== 0) doc.rotate(p.rotate, { origin: [(p.x + p.w / 2) * k, (p.y + p.h / 2) * k] });
    shapePath(doc, p.clip.shape, p, 0);
    doc.lineWidth(0.4).strokeColor("#000000").stroke();
    doc.restore();
  }
}

function pdfBox(r: Rect, pageH: number): number[] {
  const f = (n: number): number => Math.round(n * k * 1000) / 1000;
  return [f(r.x), f(pageH - r.y - r.h), f(r.x + r.w), f(pageH - r.y)];
}

function drawFooter(doc: PDFKit.PDFDocument, page: Page, size: { w: number; h: number }, text: string): void {
  const fontSize = 7;
  const rulerText = "print at 100 % — 10 mm ruler";
  doc.save();
  if (page.footer === "left") {
    // Rotate so the footer runs up the left margin; in the rotated frame the page is h×w.
    doc.rotate(-90, { origin: [0, 0] });
    doc.translate(-size.h * k, 0);
    drawFooterBand(doc, size.h, 2.2, text, rulerText, fontSize);
  } else {
    drawFooterBand(doc, size.w, size.h - FOOTER_BAND + 2, text, rulerText, fontSize);
  }
  doc.restore();
}

/** Footer text on the left, ruler on the right, within a band starting at y (mm) of a w-wide frame. */
function drawFooterBand(doc: PDFKit.PDFDocument, w: number, y: number, text: string, rulerText: string, fontSize: number): void {
  const margin = 10;
  doc.font(FONT_FACES.regular.pdfName).fontSize(fontSize).fillColor("#444444");
  doc.text(text, margin * k, y * k, { lineBreak: false });
  // Ruler: a 10 mm bar with mm ticks, label before it.
  const rx = w - margin - 10;
  const ry = y + 2.6;
  const labelW = doc.widthOfString(rulerText);
  doc.text(rulerText, rx * k - labelW - 2 * k, y * k, { lineBreak: false });
  doc.lineWidth(0.5).strokeColor("#000000");
  doc.moveTo(rx * k, ry * k).lineTo((rx + 10) * k, ry * k).stroke();
  for (let i = 0; i <= 10; i++) {
    const t = i % 5 === 0 ? 1.6 : 0.9;
    doc.lineWidth(0.3).moveTo((rx + i) * k, ry * k).lineTo((rx + i) * k, (ry - t) * k).stroke();
  }
}

/** `disk`: the build cache's recordings, read and written (see ArtStore). */
export async function writePdf(pages: Page[], faces: Map<string, string>, meta: PdfMeta, disk?: ArtStore): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: meta.title, Author: "syzygy", Creator: "syzygy", Producer: "syzygy (pdfkit)", CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
  registerFonts(doc);
  // Ask viewers to print at 100 % and to flip on the edge the backs were laid out for.
  (doc as any)._root.data.ViewerPreferences = doc.ref({
    PrintScaling: "None",
    Duplex: meta.duplex === "long" ? "DuplexFlipLongEdge" : "DuplexFlipShortEdge",
  });
  // (pdfkit ends the ViewerPreferences reference itself in doc.end().)
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const warnings: string[] = [];
  const placed = placedArt();
  // Art placed more than once (backs, identical tokens, a board's tiles) is one form XObject.
  const uses = new Map<string, number>();
  for (const page of pages) for (const p of page.placements) uses.set(p.face, (uses.get(p.face) ?? 0) + 1);
  // Convert the faces not yet recorded first, one per turn of the event loop: converting is the
  // slow part, and the rasteriser's lanes need this thread between their steps.
  for (const face of uses.keys()) {
    const svg = faces.get(face);
    if (svg === undefined || recordings.has(svg)) continue;
    recordingFor(svg, disk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const [i, page] of pages.entries()) {
    // Let other work (PNG encoding on the thread pool) be scheduled between pages.
    await new Promise((resolve) => setImmediate(resolve));
    const size = pageSize(meta.paper, page.landscape);
    doc.addPage({ size: [size.w * k, size.h * k], margin: 0 });
    const dict = (doc as any).page.dictionary.data;
    dict.TrimBox = pdfBox(page.trim, size.h * k);
    dict.BleedBox = pdfBox(page.bleed, size.h * k);
    for (const p of page.placements) {
      const svg = faces.get(p.face);
      if (svg === undefined) throw new Error(`no rendered art for ${p.face}`);
      drawPlacement(doc, p, svg, (uses.get(p.face) ?? 0) > 1, placed, (m) => warnings.push(`${p.face}: ${m}`));
    }
    for (const l of page.lines) {
      doc.save();
      doc.lineWidth(l.kind === "crop" ? 0.3 : 0.25).strokeColor(l.kind === "crop" ? "#000000" : "#888888");
      if (l.dashed) doc.dash(2 * k, { space: 1.5 * k });
      doc.moveTo(l.x1 * k, l.y1 * k).lineTo(l.x2 * k, l.y2 * k).stroke();
      doc.restore();
    }
    for (const t of page.labels) {
      doc.save();
      doc.font(FONT_FACES.regular.pdfName).fontSize(t.size / k).fillColor("#555555");
      if (t.rotate) doc.rotate(t.rotate, { origin: [t.x * k, t.y * k] });
      const tw = doc.widthOfString(t.text);
      doc.text(t.text, t.x * k - (t.anchor === "middle" ? tw / 2 : 0), (t.y - t.size / 2) * k, { lineBreak: false });
      doc.restore();
    }
    drawFooter(doc, page, size, `${meta.footer} — ${page.label} — page ${i + 1}/${pages.length}`);
  }
  if (warnings.length > 0) throw new Error(`PDF rendering problems:\n${[...new Set(warnings)].join("\n")}`);
  doc.end();
  return done;
}
