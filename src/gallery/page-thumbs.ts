/**
 * Thumbnails of the printed pages, in print order, for the gallery: each page is drawn from the
 * same page model the PDF writer draws (src/render/pdf.ts) — every placement's art at its box,
 * rotated around its centre, clipped to its cut shape grown by its bleed, a board tile's window,
 * token outlines, crop and cut marks (src/gallery/page-compose.ts) — with each face rendered at
 * thumbnail size from its SVG by resvg (text under 3.5 mm drawn as grey bars: unreadable there).
 * A blank back is a blank thumbnail, so a page-order problem shows as it will print.
 *
 * Thumbnails are named by a hash of everything drawn on them (the page model, the paper, the
 * hashes of the faces placed), so a rebuild re-makes only the pages whose content changed and
 * browsers never show a stale one.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { svgBox } from "../render/svg-box";
import { PAPERS, pageSize, type Page, type Paper, type PrintOptions } from "../render/page";
import type { RenderGame } from "../render/types";
import { composePage, type FacePixels } from "./page-compose";
import { FaceCache } from "./face-cache";
import { fontFilesFor, gameFaceIn, type FaceName } from "../render/fonts";
import { textWidth } from "../render/text";
import { printPages, type RenderedSide } from "../render/build";
import { contentsPageCount } from "../render/contents";
import { ownEntries, writeFileAtomic } from "../render/files";
import { sha256 } from "../hash";

/**
 * Thumbnail pixels per mm: an A4 page is 210×297 px, enough to tell the pieces and the page order
 * apart. (2 px/mm cost a cold build ~8 % more in `npm run bench`; tests check the drawing at 2.)
 */
export const THUMB_PX_PER_MM = 1;
/** Bump when the drawing below changes, so thumbnails made by older code are re-made. */
const DRAWING_VERSION = "3";
/** Folder under out/<game>/ holding the thumbnails. */
export const PAGES_DIR = "pages";

export interface PageThumb {
  /** 1-based page number in the PDF. */
  number: number;
  label: string;
  side: Page["side"];
  /** Path relative to out/<game>/. */
  file: string;
  width: number;
  height: number;
}

export interface PaperThumbs {
  paper: Paper["id"];
  pages: PageThumb[];
}

/** What a page thumbnail is made of: its drawing, the page model and every face it places. */
export function pageThumbKey(page: Page, paper: Paper, faceHash: (face: string) => string, pxPerMm = THUMB_PX_PER_MM): string {
  const faces = [...new Set(page.placements.map((p) => p.face))].sort();
  return sha256(DRAWING_VERSION, String(pxPerMm), JSON.stringify(paper), JSON.stringify(page), ...faces.map((f) => `${f}=${faceHash(f)}`));
}

/**
 * Text smaller than this (mm) is drawn as a faint bar of its measured length ("greeked"): at 2 px/mm
 * its letters would be a smudge anyway, and laying them out is most of the cost of drawing a
 * face (measured: 8 ms a face with them, 2.3 ms without), which a cold build pays for every face.
 * Titles, numbers and symbols stay as they print.
 */
export const THUMB_MIN_TEXT_MM = 3.5;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );
}

/** The face a rendered <text> selects (see FONT_FACES' attributes). */
function styleOf(attrs: string): FaceName {
  const own = gameFaceIn(/\sfont-family="([^"]*)"/.exec(attrs)?.[1] ?? "");
  if (own !== undefined) return own;
  if (/\sfont-style="italic"/.test(attrs)) return "italic";
  const weight = /\sfont-weight="(\w+)"/.exec(attrs)?.[1];
  return weight === "800" || weight === "900" ? "heavy" : weight === "bold" || weight === "700" ? "bold" : "regular";
}

const num = (n: number): string => String(Math.round(n * 1000) / 1000);

export function greekSmallText(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (text, attrs: string, content: string) => {
    const size = Number(/\sfont-size="([\d.]+)"/.exec(attrs)?.[1] ?? "NaN");
    if (!(size < THUMB_MIN_TEXT_MM)) return text;
    const x = Number(/\sx="(-?[\d.]+)"/.exec(attrs)?.[1] ?? "0");
    const y = Number(/\sy="(-?[\d.]+)"/.exec(attrs)?.[1] ?? "0");
    const fill = /\sfill="([^"]+)"/.exec(attrs)?.[1] ?? "#000";
    const anchor = /\stext-anchor="(\w+)"/.exec(attrs)?.[1] ?? "start";
    const w = textWidth(unescapeXml(content).trimEnd(), styleOf(attrs), size);
    const left = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : x;
    return `<rect x="${num(left)}" y="${num(y - 0.62 * size)}" width="${num(w)}" height="${num(0.5 * size)}" fill="${fill}" fill-opacity="0.35"/>`;
  });
}

/**
 * Faces drawn at thumbnail size, kept across builds of this process (a `watch` session) per game
 * folder, keyed by the face's SVG hash: an edited face is drawn again, nothing else is. resvg
 * draws them as the face PNGs are drawn (same fonts and settings), on the thread pool, straight
 * to pixels (~100 KB a card at 2 px/mm, ~27 KB at 1). At most SMALL_FACE_BYTES a game: a bigger
 * deck's faces are drawn again when a page needs them after they went (~2 ms each).
 */
const smallFaces = new Map<string, FaceCache<Promise<FacePixels>>>();
export const SMALL_FACE_BYTES = 16 * 1024 * 1024;

/**
 * Forgets every face drawn at thumbnail size: a one-shot build is done with them once its
 * galleries are written, and the TTS images made next need the memory more.
 */
export function forgetThumbnailFaces(): void {
  smallFaces.clear();
}

/** Bytes of thumbnail-size faces kept now, every game together (for tests). */
export function thumbnailFaceBytes(): number {
  let bytes = 0;
  for (const cache of smallFaces.values()) bytes += cache.bytes;
  return bytes;
}

function smallFace(cache: FaceCache<Promise<FacePixels>>, side: RenderedSide, hash: string, pxPerMm: number): Promise<FacePixels> {
  const key = `${pxPerMm}:${hash}`;
  let made = cache.get(key);
  if (made === undefined) {
    const box = svgBox(side.svg);
    const width = Math.max(1, Math.round(box[2] * pxPerMm));
    // resvg and sharp load on the first thumbnail: a build that makes none starts without them.
    made = import("@resvg/resvg-js").then(({ renderAsync }) => renderAsync(greekSmallText(side.svg), {
      fitTo: { mode: "width", value: width },
      font: { fontFiles: fontFilesFor(side.svg), loadSystemFonts: false, defaultFontFamily: "Inter", sansSerifFamily: "Inter" },
      shapeRendering: 2,
      textRendering: 1,
      logLevel: "off",
    })).then((image) => ({ width: image.width, height: image.height, data: new Uint8Array(image.pixels), box }));
    made.catch(() => cache.delete(key));
    cache.set(key, made, width * Math.ceil((width * box[3]) / Math.max(box[2], 1e-9)) * 4);
  }
  return made;
}

export interface PageThumbsInput {
  /** out/<game>/ */
  gameDir: string;
  /** The pages of each paper's print PDF, as `printPages` imposes them, and how many pages come before them in the PDF (the contents). */
  papers: { paper: Paper["id"]; pages: Page[]; before?: number }[];
  sides: RenderedSide[];
  /** Face key → hash of its SVG (the build's). */
  hashes: Map<string, string>;
  /** Resolution (default THUMB_PX_PER_MM). */
  pxPerMm?: number;
}

export interface PageThumbsResult {
  papers: PaperThumbs[];
  /** Thumbnails drawn by this call (the rest were already current). */
  made: string[];
}

/**
 * Writes out/<game>/pages/<paper>-<hash>.png for every page of every paper that lacks one. Old
 * thumbnails stay until the gallery that shows the new ones is written (`removeStalePageThumbs`):
 * a build that fails leaves the last gallery whole.
 */
export async function writePageThumbs(input: PageThumbsInput): Promise<PageThumbsResult> {
  const dir = join(input.gameDir, PAGES_DIR);
  const faceHash = (face: string): string => input.hashes.get(face) ?? "";
  const scale = input.pxPerMm ?? THUMB_PX_PER_MM;
  let cache = smallFaces.get(input.gameDir);
  if (cache === undefined) smallFaces.set(input.gameDir, (cache = new FaceCache(SMALL_FACE_BYTES)));
  const faces = cache;
  const sides = new Map(input.sides.map((s) => [s.key, s]));
  const pixelsOf = (face: string): Promise<FacePixels | undefined> => {
    const side = sides.get(face);
    return side === undefined ? Promise.resolve(undefined) : smallFace(faces, side, faceHash(face), scale);
  };
  const made: string[] = [];
  const seen = new Set<string>();
  const papers: PaperThumbs[] = [];
  const jobs: (() => Promise<void>)[] = [];
  const uses = new Map<string, number>();
  for (const { paper: id, pages, before = 0 } of input.papers) {
    const paper = PAPERS[id];
    const thumbs = pages.map((page, i): PageThumb => {
      const name = `${id}-${pageThumbKey(page, paper, faceHash, scale).slice(0, 20)}.png`;
      const file = join(dir, name);
      const size = page.size ?? pageSize(paper, page.landscape);
      if (!seen.has(name) && !existsSync(file)) {
        // Pages still to draw per face: a face none of them needs is the first to leave the cache.
        const keys = [...new Set(page.placements.map((p) => `${scale}:${faceHash(p.face)}`))];
        for (const k of keys) uses.set(k, (uses.get(k) ?? 0) + 1);
        jobs.push(async () => {
          await drawPage(page, paper, file, pixelsOf, scale);
          made.push(file);
          for (const k of keys) uses.set(k, uses.get(k)! - 1);
          faces.trim((k) => (uses.get(k) ?? 0) > 0);
        });
      }
      seen.add(name);
      return { number: before + i + 1, label: page.label, side: page.side, file: `${PAGES_DIR}/${name}`, width: Math.round(size.w * scale), height: Math.round(size.h * scale) };
    });
    papers.push({ paper: id, pages: thumbs });
  }
  // One page at a time: a thumbnail is a side job next to the build's rasterising, and pages drawn
  // all at once held every face's pixels together (measured: +60 MB peak on a cold build).
  for (const job of jobs) await job();
  // The cache keeps the current faces only.
  const current = new Set(input.sides.map((s) => `${scale}:${faceHash(s.key)}`));
  for (const hash of faces.keys()) if (!current.has(hash)) faces.delete(hash);
  made.sort();
  return { papers, made };
}

async function drawPage(page: Page, paper: Paper, file: string, pixelsOf: (face: string) => Promise<FacePixels | undefined>, pxPerMm: number): Promise<void> {
  const art = new Map<string, FacePixels>();
  await Promise.all(
    [...new Set(page.placements.map((p) => p.face))].map(async (face) => {
      const pixels = await pixelsOf(face);
      if (pixels !== undefined) art.set(face, pixels);
    }),
  );
  const pixels = composePage(page, paper, art, pxPerMm);
  // Fast settings: a thumbnail is re-made whenever its page changes, and read once.
  const { default: sharp } = await import("../render/sharp-library.mjs");
  const png = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } }).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
  writeFileAtomic(file, png);
}

/** Removes the thumbnails under out/<game>/pages/ that `papers` does not show. */
export function removeStalePageThumbs(gameDir: string, papers: PaperThumbs[]): void {
  const dir = join(gameDir, PAGES_DIR);
  const keep = new Set(papers.flatMap((p) => p.pages.map((t) => t.file.slice(PAGES_DIR.length + 1))));
  for (const name of ownEntries(dir)) if (!keep.has(name)) rmSync(join(dir, name), { force: true, recursive: true });
}

/** The gallery's page thumbnails of `game` for `papers`, imposed as its print PDFs are. */
export function galleryPageThumbs(
  game: RenderGame,
  sides: RenderedSide[],
  hashes: Map<string, string>,
  opts: { outDir: string; papers: Paper["id"][]; print: PrintOptions },
): Promise<PageThumbsResult> {
  const papers = opts.papers.map((id) => ({ paper: id, pages: printPages(game, PAPERS[id], opts.print), before: contentsPageCount(opts.print) }));
  return writePageThumbs({ gameDir: join(opts.outDir, game.id), papers, sides, hashes });
}
