/** Writes out/<game>/index.html (atomically) for a finished build. */
import { join, relative, sep } from "node:path";
import type { RenderedSide } from "../render/build";
import { writeFileAtomic } from "../render/files";
import type { RenderGame, Warning } from "../render/types";
import { galleryHtml } from "./html";
import { removeStalePageThumbs, type PaperThumbs } from "./page-thumbs";

export interface WriteGalleryOptions {
  outDir: string;
  png: boolean;
  hashes: Map<string, string>;
  /** Absolute or out-relative paths of the game's PDFs. */
  pdfs: string[];
  /** Those of `pdfs` made from older data (by a build with other options): marked stale. */
  stale?: string[];
  warnings?: Warning[];
  /** Page thumbnails (see page-thumbs.ts); those of older builds are removed once this gallery is written. */
  pages?: PaperThumbs[];
}

export function galleryPath(outDir: string, game: string): string {
  return join(outDir, game, "index.html");
}

export function writeGallery(game: RenderGame, sides: RenderedSide[], opts: WriteGalleryOptions): string {
  const gameDir = join(opts.outDir, game.id);
  const shown = (p: string) => relative(gameDir, p).split(sep).join("/");
  const pdfs = opts.pdfs.map(shown).sort();
  const stale = (opts.stale ?? []).map(shown);
  const file = galleryPath(opts.outDir, game.id);
  writeFileAtomic(file, galleryHtml({ game, sides, hashes: opts.hashes, png: opts.png, pdfs, stale, warnings: opts.warnings, pages: opts.pages }));
  if (opts.pages !== undefined) removeStalePageThumbs(gameDir, opts.pages);
  return file;
}
