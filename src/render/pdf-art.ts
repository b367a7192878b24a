/**
 * Art for the PDFs, converted once per face and reused by every document.
 *
 * Each face's SVG is drawn by svg-to-pdfkit into a recording: its content lines, the resources
 * they name (fonts, opacity states, gradients, groups) and the glyphs its text uses. Nothing in a
 * recording depends on a document: glyphs are written as tokens, not as a document's subset ids,
 * and every resource is a detached object. `placeArt` copies a recording into a document as a
 * form XObject, turning tokens into that document's glyph ids, so A4 and Letter share one
 * conversion and a one-card edit converts one face while the other pages are copied.
 *
 * A recording is a pure function of the SVG (each is made in a fresh recording document), so a
 * PDF's bytes never depend on what the thread drew before.
 */
import { PDFDocument } from "./pdf-libraries";
import type SVGtoPDFType from "svg-to-pdfkit";
import { createRequire } from "node:module";
import { pdfFontFor } from "./fonts";
import { drawPlan, planSvg, type SvgPlan } from "./pdf-art-direct";
import { registerFonts } from "./pdf-fonts";
import { embedImagesSynchronously } from "./pdf-art-images";
import { PT_PER_MM } from "./types";
import { svgBox } from "./svg-box";

export { svgBox };

// svg-to-pdfkit draws only what pdf-art-direct.ts does not (SVG outside its subset): it loads then.
const requireLazily = createRequire(import.meta.url);

/* eslint-disable @typescript-eslint/no-explicit-any -- pdfkit internals (refs, pages, fonts) */

/** One glyph a recording's text uses. */
interface GlyphToken {
  /** Registered pdfkit name of the face ("Inter-Bold"). */
  font: string;
  id: number;
  /** Advance in PDF glyph space (1000/em), as pdfkit's `W` array holds it. */
  width: number;
  codePoints: number[];
}

/** A resource object of a recording: what a pdfkit reference would hold, detached from any document. */
class DetachedRef {
  readonly chunks: (string | Uint8Array)[] = [];
  /** Set on a font's dictionary: the target document's own font object stands in for it. */
  font?: string;

  constructor(readonly data: Record<string, unknown> = {}) {}

  write(chunk: string | Uint8Array): void {
    this.chunks.push(chunk);
  }

  end(chunk?: string | Uint8Array): void {
    if (chunk) this.write(chunk);
  }
}

export interface ArtRecording {
  /** Form size in points (the SVG's viewBox, bleed included). */
  w: number;
  h: number;
  /** Content stream lines; `<TOKEN> Tj` lines carry glyph tokens. */
  lines: (string | Uint8Array)[];
  resources: DetachedRef;
  glyphs: GlyphToken[];
  /** svg-to-pdfkit's warnings, kept so a cached face still reports them. */
  warnings: string[];
}

/** Tokens are 0x100000 + index in hex: six digits, never a 4-digit glyph id of pdfkit's. */
const TOKEN_BASE = 0x100000;

/** A page-like object that collects what svg-to-pdfkit draws (pdfkit has no public API for forms). */
function standIn(doc: any, w: number, h: number, lines: (string | Uint8Array)[], resources: DetachedRef): object {
  const res = resources.data as Record<string, Record<string, unknown>>;
  return {
    document: doc,
    width: w,
    height: h,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    resources,
    markings: [],
    get fonts() {
      return (res.Font ??= {});
    },
    get xobjects() {
      return (res.XObject ??= {});
    },
    get ext_gstates() {
      return (res.ExtGState ??= {});
    },
    get patterns() {
      return (res.Pattern ??= {});
    },
    get colorSpaces() {
      return (res.ColorSpace ??= {});
    },
    maxY: () => h,
    write: (chunk: string | Uint8Array) => void lines.push(chunk),
  };
}

/** The direct path's plan for `svg`, or undefined if the face needs svg-to-pdfkit. */
export function directPlan(svg: string): SvgPlan | undefined {
  try {
    return planSvg(svg);
  } catch {
    // `Unsupported` by design; anything else would be a gap in the reader. Planning draws
    // nothing, so svg-to-pdfkit can still convert the face either way (the tests check that
    // every face of the three games is planned).
    return undefined;
  }
}

/**
 * Draws `svg` into a fresh recording document whose references stay detached and whose fonts
 * (the bundled faces, shared with the real documents) write glyph tokens. Faces in the SVG
 * subset the templates use are drawn by `pdf-art-direct` (the same PDF operators, several times
 * faster); any other SVG by svg-to-pdfkit, or every SVG when `converter` says so (tests).
 */
export function recordArt(svg: string, converter: "auto" | "svg-to-pdfkit" = "auto"): ArtRecording {
  const plan = converter === "auto" ? directPlan(svg) : undefined;
  const [, , vw, vh] = svgBox(svg);
  const w = vw * PT_PER_MM;
  const h = vh * PT_PER_MM;
  // No default font: pdfkit would parse Helvetica's AFM metrics for every recording.
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, font: null as unknown as string }) as any;
  registerFonts(doc);
  embedImagesSynchronously(doc);
  doc.ref = (data?: Record<string, unknown>) => new DetachedRef(data);
  const glyphs: GlyphToken[] = [];
  const unicode: Record<number, number[]> = {};
  const prepared = new Set<unknown>();
  const ownFont = doc.font.bind(doc);
  doc.font = (src: unknown, ...rest: unknown[]) => {
    ownFont(src, ...rest);
    const font = doc._font;
    if (typeof src === "string" && !prepared.has(font)) {
      prepared.add(font);
      tokenize(font, src, glyphs, unicode);
    }
    return doc;
  };
  const lines: (string | Uint8Array)[] = [];
  const resources = new DetachedRef({ ProcSet: ["PDF", "Text", "ImageB", "ImageC", "ImageI"] });
  doc.page = standIn(doc, w, h, lines, resources);
  doc._ctm = [1, 0, 0, 1, 0, 0];
  doc._ctmStack = [];
  // Same top-left origin as a pdfkit page.
  doc.transform(1, 0, 0, -1, 0, h);
  const warnings: string[] = [];
  if (plan !== undefined) {
    drawPlan(doc, plan, w, h);
    return { w, h, lines, resources, glyphs, warnings };
  }
  const SVGtoPDF = requireLazily("svg-to-pdfkit") as typeof SVGtoPDFType;
  SVGtoPDF(doc, svg, 0, 0, {
    width: w,
    height: h,
    assumePt: true,
    preserveAspectRatio: "none",
    fontCallback: (family, bold, italic) => pdfFontFor(family, bold, italic),
    warningCallback: (m) => warnings.push(m),
  });
  return { w, h, lines, resources, glyphs, warnings };
}

/** Makes a recording document's font write a token per glyph instead of a subset id. */
function tokenize(font: any, name: string, glyphs: GlyphToken[], unicode: Record<number, number[]>): void {
  const tokens = new Map<number, string>();
  font.dictionary = Object.assign(new DetachedRef(), { font: name });
  // svg-to-pdfkit reads code points back as font.unicode[parseInt(hex, 16)].
  font.unicode = unicode;
  font.encode = (text: string, features?: unknown) => {
    const { glyphs: run, positions } = font.layout(text, features);
    const hex = run.map((g: { id: number; advanceWidth: number; codePoints: number[] }) => {
      let token = tokens.get(g.id);
      if (token === undefined) {
        const n = TOKEN_BASE + glyphs.length;
        glyphs.push({ font: name, id: g.id, width: g.advanceWidth * font.scale, codePoints: g.codePoints });
        unicode[n] = g.codePoints;
        token = n.toString(16);
        tokens.set(g.id, token);
      }
      return token;
    });
    return [hex, positions];
  };
}

/**
 * What one document holds of the recordings: their forms, and the resource objects they attached,
 * by content, so the same opacity state or gradient written by many faces is one object.
 */
export interface PlacedArt {
  forms: Map<ArtRecording, { name: string; ref: unknown }>;
  objects: Map<string, unknown>;
}

export function placedArt(): PlacedArt {
  return { forms: new Map(), objects: new Map() };
}

/** A key for a value about to be attached: references by their number in the document. */
function contentKey(value: unknown, chunks: readonly (string | Uint8Array)[]): string {
  const data = JSON.stringify(value, (_k, v: unknown) => (v !== null && typeof v === "object" && "document" in v && "id" in v ? `@ref ${String(v)}` : v));
  return `${data}\n${chunks.map((c) => (typeof c === "string" ? c : Buffer.from(c).toString("base64"))).join("\n")}`;
}

/** Copies a detached value into `doc`: references become the document's, fonts its own fonts. */
function attach(doc: any, value: unknown, placed: PlacedArt, fontRef: (name: string) => unknown): unknown {
  if (value instanceof DetachedRef) {
    if (value.font !== undefined) return fontRef(value.font);
    const data = attach(doc, value.data, placed, fontRef);
    const key = contentKey(data, value.chunks);
    let ref = placed.objects.get(key);
    if (ref === undefined) {
      ref = doc.ref(data);
      for (const c of value.chunks) (ref as any).write(c);
      (ref as any).end();
      placed.objects.set(key, ref);
    }
    return ref;
  }
  if (Array.isArray(value)) return value.map((v) => attach(doc, v, placed, fontRef));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = attach(doc, v, placed, fontRef);
    return out;
  }
  return value;
}

/** A document's pdfkit font object for a registered name, without changing its current font. */
function documentFont(doc: any, name: string): any {
  const saved = [doc._font, doc._fontSource, doc._fontFamily];
  doc.font(name);
  const font = doc._font;
  [doc._font, doc._fontSource, doc._fontFamily] = saved;
  return font;
}

function fontsOf(doc: any): (name: string) => any {
  const fonts = new Map<string, any>();
  return (name) => {
    let f = fonts.get(name);
    if (f === undefined) fonts.set(name, (f = documentFont(doc, name)));
    return f;
  };
}

/** Glyph ids of `doc` for the recording's tokens (what pdfkit's EmbeddedFont.encode does per glyph). */
function glyphHexes(art: ArtRecording, fontOf: (name: string) => any): string[] {
  return art.glyphs.map((g) => {
    const font = fontOf(g.font);
    const gid = font.subset.includeGlyph(g.id);
    font.widths[gid] ??= g.width;
    font.unicode[gid] ??= g.codePoints;
    return `0000${gid.toString(16)}`.slice(-4);
  });
}

const NAME = /\/([^\s/[\]()<>{}%]+)/g;

/**
 * Writes the recording's content lines: tokens become glyph ids, resource names are renamed.
 * Consecutive text lines go out as one buffer (what pdfkit would write line by line, each line
 * followed by a newline: the stream's bytes are the same, without a per-line buffer and pdfkit's
 * per-character conversion).
 */
function writeLines(art: ArtRecording, hexes: string[], rename: Map<string, string> | undefined, write: (chunk: Uint8Array) => void): void {
  let batch: string[] = [];
  const flush = (): void => {
    if (batch.length === 0) return;
    batch.push("");
    // latin1 keeps each UTF-16 unit's low byte, as pdfkit's fromBinaryString does.
    write(Buffer.from(batch.join("\n"), "latin1"));
    batch = [];
  };
  for (const line of art.lines) {
    if (typeof line !== "string") {
      flush();
      write(line);
    } else if (line.charCodeAt(0) === 60 && line.endsWith("> Tj")) {
      const n = parseInt(line.slice(1, -4), 16) - TOKEN_BASE;
      batch.push(n >= 0 && n < hexes.length ? `<${hexes[n]}> Tj` : line);
    } else if (rename !== undefined && line.includes("/")) {
      batch.push(
        line.replace(NAME, (all, name: string) => {
          const to = rename.get(name);
          return to === undefined ? all : `/${to}`;
        }),
      );
    } else {
      batch.push(line);
    }
  }
  flush();
}

/** The form XObject for `art` in `doc` (created on first use), to be drawn with `/name Do`. */
export function placeArt(doc: any, art: ArtRecording, placed: PlacedArt): { name: string; ref: unknown } {
  const found = placed.forms.get(art);
  if (found) return found;
  const fontOf = fontsOf(doc);
  const resources = attach(doc, art.resources, placed, (name) => fontOf(name).ref());
  const content = doc.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, art.w, art.h], Resources: resources });
  writeLines(art, glyphHexes(art, fontOf), undefined, (line) => content.write(line));
  content.end();
  const entry = { name: `Art${placed.forms.size + 1}`, ref: content };
  placed.forms.set(art, entry);
  return entry;
}

/** Resource kinds an inlined recording may name, with the page's own dictionary for each. */
const INLINE_KINDS: Record<string, string> = { Font: "fonts", ExtGState: "ext_gstates" };
const PLAIN_GSTATE = new Set(["Type", "ca", "CA", "BM"]);

/**
 * Can the recording's lines go straight into a page's content (better compressed with the rest
 * of the page than as a form of its own)? Only if it names fonts and plain opacity states:
 * patterns and shadings are fixed to the space they were drawn in, which a form keeps.
 */
export function inlinable(art: ArtRecording): boolean {
  for (const [kind, dict] of Object.entries(art.resources.data)) {
    if (kind === "ProcSet") continue;
    if (INLINE_KINDS[kind] === undefined) return false;
    if (kind === "ExtGState") {
      for (const g of Object.values(dict as Record<string, unknown>)) {
        if (!(g instanceof DetachedRef) || g.chunks.length > 0 || Object.keys(g.data).some((key) => !PLAIN_GSTATE.has(key))) return false;
      }
    }
  }
  return true;
}

/**
 * Draws an `inlinable` recording into the current page's content, with the current transform as
 * the form's placement would have. Its resources join the page's under document-wide names.
 */
export function inlineArt(doc: any, art: ArtRecording, placed: PlacedArt): void {
  const fontOf = fontsOf(doc);
  const rename = new Map<string, string>();
  for (const [kind, dict] of Object.entries(art.resources.data)) {
    const pageKind = INLINE_KINDS[kind];
    if (pageKind === undefined) continue;
    for (const [name, value] of Object.entries(dict as Record<string, DetachedRef>)) {
      if (value.font !== undefined) {
        const font = fontOf(value.font);
        doc.page.fonts[font.id] ??= font.ref();
        rename.set(name, font.id);
      } else {
        const ref = attach(doc, value, placed, () => undefined) as { id: number };
        // Named by object number: unique in the document, shared by every face that uses it.
        const pageName = `R${ref.id}`;
        doc.page[pageKind][pageName] = ref;
        rename.set(name, pageName);
      }
    }
  }
  writeLines(art, glyphHexes(art, fontOf), rename, (line) => doc.page.write(line));
}

/*
 * Recordings on disk (the build's cache): a rebuild in a new process copies the faces it
 * converted before instead of converting them again. JSON with tagged values: references,
 * pdfkit's string objects and bytes; anything else a recording could hold is not stored.
 */
type Stored = unknown;

function store(value: unknown): Stored {
  if (value instanceof DetachedRef) {
    return { $ref: { data: store(value.data), chunks: value.chunks.map(store), font: value.font } };
  }
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString("base64") };
  if (value instanceof String) return { $str: value.valueOf() };
  if (Array.isArray(value)) return value.map(store);
  if (value !== null && typeof value === "object") {
    if (Object.getPrototypeOf(value) !== Object.prototype) throw new Error("not storable");
    const out: Record<string, Stored> = {};
    for (const [k, v] of Object.entries(value)) {
      if (/^\d+$/.test(k)) throw new Error("not storable"); // JSON would reorder integer keys
      out[k] = store(v);
    }
    return out;
  }
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean" || value === null) return value;
  throw new Error("not storable");
}

function restore(value: Stored): unknown {
  if (Array.isArray(value)) return value.map(restore);
  if (value !== null && typeof value === "object") {
    const v = value as Record<string, Stored>;
    if ("$ref" in v) {
      const r = v.$ref as { data: Stored; chunks: Stored[]; font?: string };
      const ref = new DetachedRef(restore(r.data) as Record<string, unknown>);
      for (const c of r.chunks) ref.chunks.push(restore(c) as string | Uint8Array);
      if (r.font !== undefined) ref.font = r.font;
      return ref;
    }
    if ("$bytes" in v) return new Uint8Array(Buffer.from(v.$bytes as string, "base64"));
    // eslint-disable-next-line no-new-wrappers -- pdfkit writes String objects as PDF strings
    if ("$str" in v) return new String(v.$str as string);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = restore(x);
    return out;
  }
  return value;
}

/** The recording as JSON, or undefined if it holds something JSON would not give back as it was. */
export function serializeArt(art: ArtRecording): string | undefined {
  try {
    return JSON.stringify({ w: art.w, h: art.h, lines: art.lines.map(store), resources: store(art.resources), glyphs: art.glyphs, warnings: art.warnings });
  } catch {
    return undefined;
  }
}

export function deserializeArt(text: string): ArtRecording {
  const s = JSON.parse(text) as { w: number; h: number; lines: Stored[]; resources: Stored; glyphs: GlyphToken[]; warnings: string[] };
  const resources = restore(s.resources);
  if (!(resources instanceof DetachedRef)) throw new Error("stored PDF art has no resources");
  return { w: s.w, h: s.h, lines: s.lines.map((l) => restore(l) as string | Uint8Array), resources, glyphs: s.glyphs, warnings: s.warnings };
}
