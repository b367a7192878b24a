/**
 * PDF writer: draws pages from the page model. Art is vector (svg-to-pdfkit, converted once per
 * face and copied into each document: see pdf-art.ts); fonts are the
 * bundled TTFs embedded as subsets, every page gets TrimBox/BleedBox, a footer and a 10 mm ruler,
 * and the document asks viewers not to scale when printing. Fixed dates make the bytes reproducible.
 */
import { PDFDocument } from "./pdf-libraries";
import { Resvg } from "@resvg/resvg-js";
import { FONT_FACES } from "./fonts";
import { inlineArt, inlinable, placeArt, svgBox, type PlacedArt, placedArt } from "./pdf-art";
import { hasRecording, recordingFor, type ArtStore } from "./pdf-art-cache";
import { registerFonts } from "./pdf-fonts";
import { PT_PER_MM, type CutShape } from "./types";
import { FOOTER_BAND, PRINT_MARGIN, bleedRect, pageSize, placementSides, union, type Page, type Paper, type Placement, type Rect, type Sides } from "./page";

export { artStats, forgetArt, type ArtStore } from "./pdf-art-cache";

export interface PdfMeta {
  title: string;
  /** Footer prefix, e.g. the game's title. */
  footer: string;
  paper: Paper;
  /** PDF outline (bookmarks): a title at a 0-based page index, in page order. */
  outline?: { page: number; title: string }[];
  /** "none": a one-sided print run (fold-and-glue sheets). */
  duplex: "long" | "short" | "none";
}

/** Fixed so identical input gives identical bytes. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

const k = PT_PER_MM;

/* eslint-disable @typescript-eslint/no-explicit-any -- pdfkit internals (pages, content) */
function shapePath(doc: PDFKit.PDFDocument, shape: CutShape, r: Rect, grow: number, sides?: Sides): void {
  if (shape.type === "circle") {
    doc.circle((r.x + r.w / 2) * k, (r.y + r.h / 2) * k, (Math.min(r.w, r.h) / 2 + grow) * k);
    return;
  }
  if (shape.type === "pie") {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    // Only the arc bleeds: the straight edges are cuts shared with the neighbouring slices.
    const rad = Math.min(r.w, r.h) / 2 + grow;
    const half = Math.PI / shape.slices;
    const p = (a: number): [number, number] => [cx + rad * Math.sin(a), cy - rad * Math.cos(a)];
    const [x1, y1] = p(-half);
    const [x2, y2] = p(half);
    doc.path(`M${cx * k} ${cy * k}L${x1 * k} ${y1 * k}A${rad * k} ${rad * k} 0 0 1 ${x2 * k} ${y2 * k}Z`);
    return;
  }
  const s = sides ?? { top: grow, right: grow, bottom: grow, left: grow };
  doc.rect((r.x - s.left) * k, (r.y - s.top) * k, (r.w + s.left + s.right) * k, (r.h + s.top + s.bottom) * k);
}

/** A failure of the PDF libraries (pdfkit, svg-to-pdfkit, fontkit) names the face it was drawing. */
function located<T>(face: string, draw: () => T): T {
  try {
    return draw();
  } catch (err) {
    const why = err instanceof RangeError && /call stack/i.test(err.message) ? "its SVG nests too deeply" : err instanceof Error ? err.message : String(err);
    throw new Error(`${face}: the PDF renderer could not draw this face (${why}); check the art and icons it uses`, { cause: err });
  }
}

/** Mean luminance below which a back counts as dark (a full-bleed dark ground) for ink saving. */
const DARK = 0.35;
const darkness = new Map<string, boolean>();

/** Whether art is mostly dark: its mean relative luminance on white, from a 48 px rendering. */
export function isDark(svg: string): boolean {
  let dark = darkness.get(svg);
  if (dark === undefined) {
    const img = new Resvg(svg, { fitTo: { mode: "width", value: 48 }, font: { loadSystemFonts: false } }).render();
    const px = img.pixels;
    let sum = 0;
    const lin = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    for (let i = 0; i < px.length; i += 4) {
      const white = 255 - px[i + 3];
      const ch = (j: number): number => lin(Math.min(255, px[i + j] + white) / 255);
      sum += 0.2126 * ch(0) + 0.7152 * ch(1) + 0.0722 * ch(2);
    }
    dark = sum / (px.length / 4) < DARK;
    darkness.set(svg, dark);
  }
  return dark;
}

/**
 * Inverts what is drawn inside the current clip (white in "Difference" blend mode): a dark ground
 * becomes light and light linework dark, so the back keeps its design for a fraction of the ink.
 */
function invertClip(doc: PDFKit.PDFDocument, p: Placement): void {
  const d = doc as any;
  if (d._syzygyInvert === undefined) {
    d._syzygyInvert = doc.ref({ Type: "ExtGState", BM: "Difference" });
    d._syzygyInvert.end();
  }
  d.page.ext_gstates.GsInkSaver = d._syzygyInvert;
  d.addContent("/GsInkSaver gs");
  const s = placementSides(p);
  doc.rect((p.x - s.left - 1) * k, (p.y - s.top - 1) * k, (p.w + s.left + s.right + 2) * k, (p.h + s.top + s.bottom + 2) * k).fill("#ffffff");
}

/** Width (mm) of the white band drawn outside a cut outline. */
export const OUTLINE_HALO = 0.35;

/**
 * The band between a cut outline and the outline grown by OUTLINE_HALO (filled even-odd). A pie
 * slice's band follows only its arc: its straight edges are cuts shared with the next slice.
 */
function haloPath(doc: PDFKit.PDFDocument, shape: CutShape, r: Rect): void {
  if (shape.type === "pie") {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    const r0 = Math.min(r.w, r.h) / 2;
    const r1 = r0 + OUTLINE_HALO;
    const half = Math.PI / shape.slices;
    const p = (rad: number, a: number): string => `${(cx + rad * Math.sin(a)) * k} ${(cy - rad * Math.cos(a)) * k}`;
    doc.path(`M${p(r0, -half)}A${r0 * k} ${r0 * k} 0 0 1 ${p(r0, half)}L${p(r1, half)}A${r1 * k} ${r1 * k} 0 0 0 ${p(r1, -half)}Z`);
    return;
  }
  shapePath(doc, shape, r, 0);
  shapePath(doc, shape, r, OUTLINE_HALO);
}

function drawPlacement(doc: PDFKit.PDFDocument, p: Placement, svg: string, asForm: boolean, placed: PlacedArt, warn: (m: string) => void): void {
  const art = recordingFor(svg);
  for (const m of art.warnings) warn(m);
  doc.save();
  if (p.rotate !== 0) doc.rotate(p.rotate, { origin: [(p.x + p.w / 2) * k, (p.y + p.h / 2) * k] });
  shapePath(doc, p.window ? { type: "rect" } : p.clip.shape, p, p.clip.grow, placementSides(p));
  doc.clip();
  doc.save();
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
  if (p.inkSaver === true && isDark(svg)) invertClip(doc, p);
  doc.restore();
  if (p.outline) {
    doc.save();
    if (p.rotate !== 0) doc.rotate(p.rotate, { origin: [(p.x + p.w / 2) * k, (p.y + p.h / 2) * k] });
    // A white band just outside the cut, over the bleed: the black line stands out on dark art
    // too, and the piece's own art stays untouched.
    haloPath(doc, p.clip.shape, p);
    doc.fillColor("#ffffff").fill("even-odd");
    shapePath(doc, p.clip.shape, p, 0);
    doc.lineWidth(0.4).strokeColor("#000000").stroke();
    doc.restore();
  }
}

/** A page-space rectangle (mm, top-left origin) as a PDF box (pt, bottom-left origin). */
function pdfBox(r: Rect, pageHmm: number): number[] {
  const f = (n: number): number => Math.round(n * k * 1000) / 1000;
  return [f(r.x), f(pageHmm - r.y - r.h), f(r.x + r.w), f(pageHmm - r.y)];
}

/**
 * Footer text on the left, a 10 mm ruler on the right, in the band above the bottom print
 * margin — or below the top one when the page's art reaches into the bottom band (a back page
 * whose rows mirror the front's): nothing closer than PRINT_MARGIN to any paper edge, nothing
 * over art or bleed.
 */
function drawFooter(doc: PDFKit.PDFDocument, size: { w: number; h: number }, text: string, art: Rect | undefined, duplex: PdfMeta["duplex"]): void {
  const fontSize = 7;
  // The flip edge on every page: a reprint on the other edge turns its backs against the rest.
  const rulerText = `${duplex === "none" ? "" : `${duplex}-edge duplex · `}print at 100 % — 10 mm ruler`;
  const margin = 10;
  const bottomBand = size.h - PRINT_MARGIN - FOOTER_BAND;
  const atTop = art !== undefined && art.y + art.h > bottomBand && art.y >= PRINT_MARGIN + FOOTER_BAND;
  const top = atTop ? PRINT_MARGIN : bottomBand;
  doc.save();
  doc.font(FONT_FACES.regular.pdfName).fontSize(fontSize).fillColor("#444444");
  doc.text(text, margin * k, top * k, { lineBreak: false });
  // Ruler: a 10 mm bar with mm ticks, label before it; the bar sits on the band's bottom.
  const rx = size.w - margin - 10;
  const ry = top + FOOTER_BAND - 0.3;
  const labelW = doc.widthOfString(rulerText);
  doc.text(rulerText, rx * k - labelW - 2 * k, top * k, { lineBreak: false });
  doc.lineWidth(0.5).strokeColor("#000000");
  doc.moveTo(rx * k, ry * k).lineTo((rx + 10) * k, ry * k).stroke();
  for (let i = 0; i <= 10; i++) {
    const t = i % 5 === 0 ? 1.6 : 0.9;
    doc.lineWidth(0.3).moveTo((rx + i) * k, ry * k).lineTo((rx + i) * k, (ry - t) * k).stroke();
  }
  doc.restore();
}

/** A page of text: title and lines from 15 mm in, wrapped inside the page less 15 mm each side. */
function drawText(doc: PDFKit.PDFDocument, size: { w: number; h: number }, text: { title: string; lines: string[] }): void {
  const margin = 15;
  const width = (size.w - 2 * margin) * k;
  doc.save();
  doc.font(FONT_FACES.heavy.pdfName).fontSize(16).fillColor("#1a1a1a");
  doc.text(text.title, margin * k, margin * k, { width });
  doc.moveDown(0.6);
  doc.font(FONT_FACES.regular.pdfName).fontSize(9.5);
  for (const line of text.lines) {
    const indent = line.startsWith("    ") ? 12 : 0;
    doc.text(line.trim() === "" ? " " : line.trim(), margin * k + indent, undefined, { width: width - indent });
  }
  doc.restore();
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
    Duplex: meta.duplex === "none" ? "Simplex" : meta.duplex === "long" ? "DuplexFlipLongEdge" : "DuplexFlipShortEdge",
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
    if (svg === undefined || hasRecording(svg)) continue;
    located(face, () => recordingFor(svg, disk));
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const [i, page] of pages.entries()) {
    // Let other work (PNG encoding on the thread pool) be scheduled between pages.
    await new Promise((resolve) => setImmediate(resolve));
    const size = page.size ?? pageSize(meta.paper, page.landscape);
    doc.addPage({ size: [size.w * k, size.h * k], margin: 0 });
    const dict = (doc as any).page.dictionary.data;
    if (page.trim) dict.TrimBox = pdfBox(page.trim, size.h);
    if (page.bleed) dict.BleedBox = pdfBox(page.bleed, size.h);
    for (const p of page.placements) {
      const svg = faces.get(p.face);
      if (svg === undefined) throw new Error(`no rendered art for ${p.face}`);
      located(p.face, () => drawPlacement(doc, p, svg, (uses.get(p.face) ?? 0) > 1, placed, (m) => warnings.push(`${p.face}: ${m}`)));
    }
    for (const l of page.lines) {
      if (l.halo) {
        // A white underlay keeps a mark visible where it crosses dark bleed art.
        doc.save();
        doc.lineWidth(1.3).strokeColor("#ffffff").moveTo(l.x1 * k, l.y1 * k).lineTo(l.x2 * k, l.y2 * k).stroke();
        doc.restore();
      }
      doc.save();
      doc.lineWidth(l.kind === "crop" ? 0.3 : 0.25).strokeColor(l.kind === "crop" ? "#000000" : l.kind === "fold" ? "#555555" : "#888888");
      if (l.dashed) doc.dash(2 * k, { space: 1.5 * k });
      doc.moveTo(l.x1 * k, l.y1 * k).lineTo(l.x2 * k, l.y2 * k).stroke();
      doc.restore();
    }
    if (page.text) drawText(doc, size, page.text);
    for (const o of meta.outline ?? []) if (o.page === i) doc.outline.addItem(o.title);
    for (const t of page.labels) {
      doc.save();
      doc.font(FONT_FACES.regular.pdfName).fontSize(t.size / k).fillColor("#555555");
      if (t.rotate) doc.rotate(t.rotate, { origin: [t.x * k, t.y * k] });
      const tw = doc.widthOfString(t.text);
      doc.text(t.text, t.x * k - (t.anchor === "middle" ? tw / 2 : 0), (t.y - t.size / 2) * k, { lineBreak: false });
      doc.restore();
    }
    // A page sized to one piece (print-on-demand) is trimmed at its TrimBox: no footer or ruler on it.
    if (page.size === undefined) drawFooter(doc, size, `${meta.footer} — ${page.label} — page ${i + 1}/${pages.length}`, page.placements.length > 0 ? union(page.placements.map(bleedRect)) : undefined, meta.duplex);
  }
  if (warnings.length > 0) throw new Error(`PDF rendering problems:\n${[...new Set(warnings)].join("\n")}`);
  doc.end();
  return done;
}
