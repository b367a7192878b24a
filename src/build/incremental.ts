/**
 * Incremental build of one or more games, byte-identical to a cold `buildGame` (src/render/build.ts):
 *
 * 1. every side is rendered to SVG (the pure stage, main thread);
 * 2. each face's PNG is keyed by hash(renderer version, size, SVG): an output already built from
 *    that key is left alone, a key in the content-addressed cache is copied, anything else is
 *    rasterised (on the libuv thread pool, several at once);
 * 3. each PDF is keyed by its page model and the SVGs it places: unchanged PDFs are kept, changed
 *    ones are redrawn on worker threads, in parallel with each other and with the rasteriser;
 * 4. the preview gallery out/<game>/index.html is written, then the manifest.
 *
 * All games' work is scheduled together, so a cold build of every game keeps every core busy.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { printPages, renderSides, type BuildOptions, type BuildResult, type RenderedSide } from "../render/build";
import type { TemplateSet } from "../render/face";
import { writeFileAtomic } from "../render/files";
import { alignmentTest } from "../render/alignment";
import { DEFAULT_PRINT, PAPERS, type Page, type PrintOptions } from "../render/page";
import type { PdfMeta } from "../render/pdf";
import { svgToPng } from "../render/png";
import { BLEED_MM, type RenderGame } from "../render/types";
import { writeGallery } from "../gallery/write";
import { WorkerPool } from "./pool";
import { BuildStore, type Manifest } from "./store";
import { rendererVersion, sha256 } from "./version";

export interface GameInput {
  game: RenderGame;
  templates: TemplateSet;
}

export interface IncrementalOptions extends Omit<BuildOptions, "templates"> {
  /** Where the cache lives (default <outDir>/.cache). */
  cacheDir?: string;
  /** Worker threads for PDFs; created (and closed) per call when not given. */
  pool?: WorkerPool;
  /** Write out/<game>/index.html (default true). */
  gallery?: boolean;
}

export interface IncrementalResult extends BuildResult {
  /** Face keys whose SVG differs from the previous build (all of them on a cold build). */
  changedFaces: string[];
  /** Files written by this build (the rest of `files` were already current). */
  written: string[];
  rasterized: number;
  fromCache: number;
  /** The cache held no manifest for this game: nothing could be reused from a previous build. */
  cold: boolean;
}

interface PdfJob {
  file: string;
  key: string;
  pages: Page[];
  faces: [string, string][];
  meta: PdfMeta;
}

interface GameWork {
  input: GameInput;
  sides: RenderedSide[];
  hashes: Map<string, string>;
  result: IncrementalResult;
  manifest: Manifest;
  next: Manifest;
}

/** The PNG key: what would change the pixels. */
function pngKey(side: RenderedSide, version: string): string {
  return sha256(version, "png", String(side.component.width + 2 * BLEED_MM), side.svg);
}

function pdfJob(file: string, pages: Page[], art: Map<string, string>, meta: PdfMeta, version: string): PdfJob {
  const used = [...new Set(pages.flatMap((p) => p.placements.map((pl) => pl.face)))].sort();
  const faces = used.map((k): [string, string] => [k, art.get(k) ?? ""]);
  const key = sha256(version, "pdf", JSON.stringify(meta), JSON.stringify(pages), ...faces.map(([k, svg]) => `${k}=${sha256(svg)}`));
  return { file, key, pages, faces, meta };
}

function pdfJobsFor(game: RenderGame, sides: RenderedSide[], opts: IncrementalOptions, print: PrintOptions, version: string): PdfJob[] {
  const jobs: PdfJob[] = [];
  const art = new Map(sides.map((s) => [s.key, s.svg]));
  const firstCard = game.components.find((c) => c.kind === "card");
  for (const paperId of opts.papers) {
    const paper = PAPERS[paperId];
    const pages = printPages(game, paper, print);
    const file = join(opts.outDir, game.id, "print", `${game.id}-${paperId}.pdf`);
    jobs.push(pdfJob(file, pages, art, { title: `${game.title} — print and play (${paperId.toUpperCase()})`, footer: game.title, paper, duplex: print.duplex }, version));
    if (firstCard) {
      const test = alignmentTest({ width: firstCard.width, height: firstCard.height }, paper, print);
      const alignFile = join(opts.outDir, game.id, "print", `${game.id}-alignment-test-${paperId}.pdf`);
      jobs.push(pdfJob(alignFile, test.pages, test.faces, { title: `${game.title} — duplex alignment test`, footer: game.title, paper, duplex: print.duplex }, version));
    }
  }
  return jobs;
}

/** Prefixes errors with the game id when a multi-game build fails (single-game callers add it themselves). */
function withGame<T>(game: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new GameBuildError(game, message);
  }
}

export class GameBuildError extends Error {
  constructor(
    readonly game: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Runs fn over items with at most `limit` in flight. */
async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/** PNGs left from items that no longer exist would linger in cards/ (same rule as a cold build). */
function removeStale(dir: string, keep: Set<string>): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (entry.isFile() && (file.endsWith(".png") || file.endsWith(".tmp")) && !keep.has(file)) rmSync(file);
  }
}

export async function buildGames(inputs: GameInput[], opts: IncrementalOptions): Promise<IncrementalResult[]> {
  const print: PrintOptions = { ...DEFAULT_PRINT, ...opts.print };
  const progress = opts.progress ?? (() => {});
  const store = new BuildStore(opts.outDir, opts.cacheDir);
  store.ensure();
  const version = rendererVersion();

  // 1. SVGs of every game first: a template error fails the build before anything is written.
  const works: GameWork[] = inputs.map((input) => {
    const t = performance.now();
    const { sides, warnings } = withGame(input.game.id, () => renderSides(input.game, input.templates));
    const manifest = store.readManifest(input.game.id);
    const hashes = new Map(sides.map((s) => [s.key, sha256(s.svg)]));
    const cold = Object.keys(manifest.faces).length === 0;
    const changedFaces = sides.filter((s) => manifest.faces[s.key] !== hashes.get(s.key)).map((s) => s.key);
    const result: IncrementalResult = { game: input.game.id, files: [], warnings, timings: { svg: performance.now() - t }, changedFaces, written: [], rasterized: 0, fromCache: 0, cold };
    return { input, sides, hashes, result, manifest, next: { version: 1, outputs: {}, faces: Object.fromEntries(hashes) } };
  });

  const ownPool = opts.pool === undefined;
  const pool = opts.pool ?? new WorkerPool();
  try {
    // 2. PDFs: stale ones go to the workers first (they take longest).
    const pdfTasks: Promise<void>[] = [];
    for (const w of works) {
      const start = performance.now();
      for (const job of pdfJobsFor(w.input.game, w.sides, opts, print, version)) {
        w.result.files.push(job.file);
        if (store.isCurrent(w.manifest, job.file, job.key)) {
          w.next.outputs[store.rel(job.file)] = w.manifest.outputs[store.rel(job.file)];
          continue;
        }
        pdfTasks.push(
          pool.run({ kind: "pdf", pages: job.pages, faces: job.faces, meta: job.meta }).then((pdf): void => {
            writeFileAtomic(job.file, pdf);
            store.record(w.next, job.file, job.key);
            w.result.written.push(job.file);
            w.result.timings.pdf = performance.now() - start;
            progress(`${w.input.game.id}: PDF ${job.file.slice(job.file.lastIndexOf("/") + 1)}`);
          }, (err: unknown) => withGame(w.input.game.id, () => {
            throw err;
          })),
        );
      }
    }

    // 3. PNGs: current ones stay, cached ones are copied, the rest rasterised.
    const rasterStart = performance.now();
    const pngJobs: { w: GameWork; side: RenderedSide; file: string; key: string }[] = [];
    if (opts.png) {
      for (const w of works) {
        for (const side of w.sides) {
          const file = join(opts.outDir, w.input.game.id, "cards", side.file);
          const key = pngKey(side, version);
          w.result.files.push(file);
          if (store.isCurrent(w.manifest, file, key)) w.next.outputs[store.rel(file)] = w.manifest.outputs[store.rel(file)];
          else pngJobs.push({ w, side, file, key });
        }
      }
    }
    let done = 0;
    const pngTask = mapLimit(pngJobs, opts.concurrency ?? availableParallelism(), async ({ w, side, file, key }) => {
      let png = store.readPng(key);
      if (png === undefined) {
        png = await svgToPng(side.svg, side.component.width + 2 * BLEED_MM);
        store.writePng(key, png);
        w.result.rasterized += 1;
      } else {
        w.result.fromCache += 1;
      }
      writeFileAtomic(file, png);
      store.record(w.next, file, key);
      w.result.written.push(file);
      done += 1;
      progress(`PNG ${done}/${pngJobs.length}`);
    });
    const results = await Promise.allSettled([pngTask, ...pdfTasks]);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
    if (pngJobs.length > 0) for (const w of works) w.result.timings.png = performance.now() - rasterStart;

    // 4. Stale PNGs, gallery, manifest.
    for (const w of works) {
      const id = w.input.game.id;
      if (opts.png) removeStale(join(opts.outDir, id, "cards"), new Set(w.result.files.filter((f) => f.endsWith(".png"))));
      if (opts.gallery !== false) {
        const file = writeGallery(w.input.game, w.sides, { outDir: opts.outDir, png: opts.png, hashes: w.hashes, pdfs: w.result.files.filter((f) => f.endsWith(".pdf")) });
        if (!w.result.files.includes(file)) w.result.files.push(file);
      }
      w.result.files.sort();
      w.result.written.sort();
      store.writeManifest(id, w.next);
    }
    store.prune();
  } finally {
    if (ownPool) await pool.close();
  }
  return works.map((w) => w.result);
}

let shared: WorkerPool | undefined;

/** One pool per process for callers that build game after game (its idle workers never hold the process open). */
export function sharedPool(): WorkerPool {
  shared ??= new WorkerPool();
  return shared;
}

/** One game, same options as render's `buildGame`. */
export async function buildGameIncremental(game: RenderGame, opts: IncrementalOptions & { templates: TemplateSet }): Promise<IncrementalResult> {
  const [r] = await buildGames([{ game, templates: opts.templates }], opts);
  return r;
}
