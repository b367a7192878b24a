/**
 * Incremental build of one or more games, byte-identical to a cold `buildGame` (src/render/build.ts):
 *
 * 1. every side is rendered to SVG (the pure stage, main thread), game after game, while the
 *    previous game's PNGs and PDFs are already being made;
 * 2. each face's PNG is keyed by hash(renderer version, size, SVG): an output already built from
 *    that key is left alone, a key in the content-addressed cache is copied, anything else is
 *    rasterised (in the raster process, biggest faces first, several at once);
 * 3. each PDF is keyed by its page model and the SVGs it places: unchanged PDFs are kept, changed
 *    ones are redrawn (on the main thread on 2 cores, else also on worker threads), copying the PDF
 *    art of faces already converted (src/render/pdf-art-cache.ts);
 * 4. the preview gallery out/<game>/index.html is written, then the manifest.
 *
 * All games' work is pipelined through one rasteriser and one worker pool, so a cold build keeps
 * every core busy.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { printDocument, renderSides, type BuildOptions, type BuildResult, type RenderedSide } from "../render/build";
import { renderFace, type RenderedFace, type TemplateSet } from "../render/face";
import { assetsUnchanged, withAssetLog } from "../render/image-assets";
import { FACE_MANIFEST, faceManifestJson, listFaces, type FaceEntry } from "../render/faces";
import { removeStalePngs, writeFileAtomic } from "../render/files";
import { alignmentTest } from "../render/alignment";
import { DEFAULT_PRINT, PAPERS, type Page, type PrintOptions } from "../render/page";
import type { PdfMeta } from "../render/pdf";
import { pxFor, svgToPng } from "../render/png";
import { RasterProcessLost, sharedRasterPool, type RasterPool } from "../render/raster-pool";
import { BLEED_MM, type RenderGame, type Warning } from "../render/types";
import { writeGallery } from "../gallery/write";
import { galleryPageThumbs, type PageThumbsResult } from "../gallery/page-thumbs";
import { tuneV8ForBuilds } from "./v8-tuning";
import { WorkerPool } from "./pool";
import { BuildStore, type Manifest } from "./store";
import { packageVersion, rendererVersion } from "./version";
import { sha256 } from "../hash";
import { contentHash } from "./verified-store";

export interface GameInput {
  game: RenderGame;
  templates: TemplateSet;
}

export interface IncrementalOptions extends Omit<BuildOptions, "templates"> {
  /** Where the cache lives (default <outDir>/.cache). */
  cacheDir?: string;
  /** Worker threads for PDFs; created (and closed) per call when not given. */
  pool?: WorkerPool;
  /** Rasterising threads (default: one per process, shared). */
  raster?: RasterPool;
  /** Write out/<game>/index.html (default true). */
  gallery?: boolean;
  /** Papers whose printed pages the gallery shows as thumbnails (default `papers`). */
  galleryPapers?: BuildOptions["papers"];
  /**
   * Check each kept output's bytes against the hash recorded when it was written, not only its
   * size and time (`syzygy build`, whose TTS saves read every PNG anyway; `watch` trusts them).
   */
  verify?: boolean;
  /**
   * Print PDFs this build does not make (another paper, layout, ink saver or `--only` of an earlier
   * build) are removed when they were made from other data (`syzygy build`); without it they stay
   * and the gallery marks them stale (`watch`, whose preview pass makes no PDF).
   */
  removeStale?: boolean;
}

export interface IncrementalResult extends BuildResult {
  /** Face keys whose SVG differs from the previous build (all of them on a cold build). */
  changedFaces: string[];
  /** Files written by this build (the rest of `files` were already current). */
  written: string[];
  rasterized: number;
  fromCache: number;
  /** Faces whose SVG was rendered by this build (the others were reused: this process's or the disk's). */
  rendered: number;
  /** The cache held no manifest for this game: nothing could be reused from a previous build. */
  cold: boolean;
  /** out/<game>/index.html, when written (not listed in `files`, which holds the print outputs). */
  gallery?: string;
}

interface PdfJob {
  /** For progress lines: "a4", "alignment-test letter". */
  label: string;
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

function pdfJob(label: string, file: string, pages: Page[], art: Map<string, string>, meta: PdfMeta, version: string): PdfJob {
  const used = [...new Set(pages.flatMap((p) => p.placements.map((pl) => pl.face)))].sort();
  const faces = used.map((k): [string, string] => [k, art.get(k) ?? ""]);
  const key = sha256(version, "pdf", JSON.stringify(meta), JSON.stringify(pages), ...faces.map(([k, svg]) => `${k}=${sha256(svg)}`));
  return { label, file, key, pages, faces, meta };
}

function pdfJobsFor(game: RenderGame, sides: RenderedSide[], opts: IncrementalOptions, print: PrintOptions, version: string, warnings: Warning[]): PdfJob[] {
  const jobs: PdfJob[] = [];
  const art = new Map(sides.map((s) => [s.key, s.svg]));
  const firstCard = game.components.find((c) => c.kind === "card");
  for (const paperId of opts.papers) {
    const paper = PAPERS[paperId];
    const doc = printDocument(game, paper, print);
    for (const page of doc.pages) if (page.warning !== undefined) warnings.push({ where: `${game.id} ${paperId}`, message: page.warning });
    const fold = print.layout === "fold";
    const file = join(opts.outDir, game.id, "print", doc.name);
    jobs.push(pdfJob(paperId, file, doc.pages, art, { title: doc.title, footer: game.title, paper, duplex: fold ? "none" : print.duplex, outline: doc.outline }, version));
    // A fold-and-glue sheet registers by folding: no duplex alignment test; a partial reprint needs none.
    if (fold || print.only !== undefined) continue;
    if (firstCard) {
      const test = alignmentTest({ width: firstCard.width, height: firstCard.height }, paper, print);
      const alignFile = join(opts.outDir, game.id, "print", `${game.id}-alignment-test-${paperId}.pdf`);
      jobs.push(pdfJob(`alignment-test ${paperId}`, alignFile, test.pages, test.faces, { title: `${game.title} — duplex alignment test`, footer: game.title, paper, duplex: print.duplex }, version));
    }
  }
  return jobs;
}

/** Hash of every file under the templates folder (templates and shared partials). */
function templatesHash(dir: string): string {
  if (!existsSync(dir)) return "";
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
  return sha256(...files.flatMap((f) => [f, readFileSync(f)]));
}

/**
 * The last rendered SVGs of each game in this process, keyed by everything rendering reads (the
 * game model, the templates, the renderer version). A long-running `watch` renders a game once per
 * edit, not once for its preview pass and again for its PDF pass, and a no-op rebuild renders
 * nothing. Rendering is a pure function of that key, so reuse changes no byte. When the game did
 * change, each side whose own inputs did not (`faceRenderKey`) is reused from the last render:
 * a one-card edit renders one or two sides, not the whole game (~100 ms less for a 52-card deck).
 */
const rendered = new Map<string, { key: string; sides: RenderedSide[]; warnings: RenderedWarnings; faces: Map<string, ArtFace> }>();
/** A rendered face with the image files (real path → content hash) it was made from. */
type ArtFace = { face: RenderedFace; assets: Record<string, string> };
type RenderedWarnings = ReturnType<typeof renderSides>["warnings"];

/**
 * What one side's SVG is made of: `renderFace` sees only the game's own fields, its component's
 * (not the other items) and its item, through the templates. Everything but the other components
 * and items goes into the key, so an edit to one card re-renders that card only.
 */
function faceRenderKey(entry: FaceEntry, base: string): string {
  return sha256(base, JSON.stringify({ ...entry.component, items: undefined }), JSON.stringify(entry.item), entry.side, entry.key);
}

/** A face as kept in <out>/.cache/svg/ (BuildStore.svgs). */
interface StoredFace {
  svg: string;
  warnings: RenderedFace["warnings"];
  assets: Record<string, string>;
}

/** The renderer version covers render/ and pipeline/; the template engine's version is on disk too. */
const diskRenderKey = (k: string): string => sha256("svg", packageVersion("handlebars"), k);

function storedFace(store: BuildStore, k: string): ArtFace | undefined {
  const key = diskRenderKey(k);
  const data = store.svgs.get(key);
  if (data === undefined) return undefined;
  try {
    const f = JSON.parse(data.toString("utf8")) as StoredFace;
    if (typeof f.svg !== "string" || !Array.isArray(f.warnings) || typeof f.assets !== "object" || f.assets === null) return undefined;
    store.svgsUsed.add(key);
    return { face: { svg: f.svg, warnings: f.warnings }, assets: f.assets };
  } catch {
    return undefined;
  }
}

function storeFace(store: BuildStore, k: string, art: ArtFace): void {
  const key = diskRenderKey(k);
  store.svgs.put(key, Buffer.from(JSON.stringify({ svg: art.face.svg, warnings: art.face.warnings, assets: art.assets } satisfies StoredFace)));
  store.svgsUsed.add(key);
}

function renderSidesCached(input: GameInput, version: string, store?: BuildStore): { sides: RenderedSide[]; warnings: RenderedWarnings; rendered: number } {
  const templates = templatesHash(input.templates.dir);
  const key = sha256(version, JSON.stringify(input.game), templates);
  const hit = rendered.get(input.game.id);
  // A face is reused only while the art files it drew still hold the same bytes.
  const fresh = (f: ArtFace | undefined) => f !== undefined && assetsUnchanged(f.assets);
  if (hit !== undefined && hit.key === key && [...hit.faces.values()].every(fresh)) return { sides: hit.sides, warnings: [...hit.warnings], rendered: 0 };
  // Same model of the game apart from some items: render only the sides whose inputs changed.
  const base = sha256(version, templates, JSON.stringify({ ...input.game, components: undefined }));
  const faces = new Map<string, ArtFace>();
  const warnings: RenderedWarnings = [];
  let renderedCount = 0;
  const sides = listFaces(input.game).map((entry): RenderedSide => {
    const k = faceRenderKey(entry, base);
    // This process's last render, else the one on disk (a new process after a one-card edit).
    let kept = hit?.faces.get(k);
    if (!fresh(kept) && store !== undefined) kept = storedFace(store, k);
    const made = kept !== undefined && fresh(kept) ? kept : withAssetLog(() => renderFace(input.templates, input.game, entry));
    const art: ArtFace = "face" in made ? made : { face: made.value, assets: made.assets };
    if (art !== kept) {
      renderedCount += 1;
      if (store !== undefined) storeFace(store, k, art);
    }
    const face = art.face;
    faces.set(k, art);
    warnings.push(...face.warnings);
    return { ...entry, svg: face.svg };
  });
  rendered.set(input.game.id, { key, sides, warnings, faces });
  return { sides, warnings: [...warnings], rendered: renderedCount };
}

/** Forgets this process's renders (tests: what a new process finds is the disk cache only). */
export function forgetRenders(): void {
  rendered.clear();
}

/** The SVGs of a game's last render in this process (empty if none). */
export function lastRenderedSvgs(game: string): string[] {
  return rendered.get(game)?.sides.map((s) => s.svg) ?? [];
}

/** Where the build under `outDir` keeps PDF art recordings, with the current renderer version. */
export function artStoreFor(outDir: string, cacheDir?: string): { dir: string; version: string } {
  return { dir: new BuildStore(outDir, cacheDir).artDir(), version: rendererVersion() };
}

/** Prefixes errors with the game id when a multi-game build fails (single-game callers add it themselves). */
function withGame<T>(game: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new GameBuildError(game, message, err);
  }
}

export class GameBuildError extends Error {
  constructor(
    readonly game: string,
    readonly detail: string,
    /** The error this one reports (an OS error keeps its code and file here). */
    cause?: unknown,
  ) {
    super(detail, { cause });
  }
}

/**
 * A face the rasteriser could not read (a template that renders malformed SVG): which face, which
 * template, and the rendered SVG around the spot resvg names ("at line:column"). Or a face in the
 * raster process when it ended.
 */
function rasterFailure(input: GameInput, side: RenderedSide, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // Killed, or out of memory: the SVG is not the cause, and the same build usually succeeds again.
  if (err instanceof RasterProcessLost) return `${side.key}: ${message} while rasterising this face: build again; if it ends again, the machine may be short of memory (close other programs, or build one game at a time)`;
  const name = side.side === "back" ? (side.component.backTemplate ?? side.component.faceTemplate) : side.component.faceTemplate;
  const template = relative(process.cwd(), input.templates.path(input.game.id, name)) || name;
  const at = /at (\d+):(\d+)/.exec(message);
  let near = "";
  if (at !== null) {
    const line = side.svg.split("\n")[Number(at[1]) - 1] ?? "";
    const col = Number(at[2]) - 1;
    near = ` near "${line.slice(Math.max(0, col - 40), col + 20)}"`;
  }
  return `${side.key}: the SVG rendered from ${template} is not valid (${message})${near}: fix the template so it renders well-formed SVG`;
}


/**
 * Async work queue drained by a fixed number of lanes; lanes wait for more until it is closed.
 * Jobs of higher `priority` go first (in the order pushed among equals).
 */
class Lanes<T> {
  private readonly queue: T[] = [];
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  readonly done: Promise<void>;

  constructor(
    lanes: number,
    run: (job: T) => Promise<void>,
    private readonly priority: (job: T) => number = () => 0,
  ) {
    this.done = Promise.all(
      Array.from({ length: Math.max(1, lanes) }, async () => {
        for (;;) {
          const job = this.queue.shift();
          if (job !== undefined) await run(job);
          else if (this.closed) return;
          else await new Promise<void>((wake) => this.waiting.push(wake));
        }
      }),
    ).then(() => undefined);
  }

  push(job: T): void {
    const p = this.priority(job);
    let at = this.queue.length;
    while (at > 0 && this.priority(this.queue[at - 1]) < p) at--;
    this.queue.splice(at, 0, job);
    this.waiting.shift()?.();
  }

  close(): void {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
  }
}

/**
 * Bounds the pixels being rasterised at once. A 300 dpi card is ~1 Mpx, a reference sheet ~7 Mpx,
 * and each costs about 3 copies of 4 bytes per pixel while it is in flight (resvg's pixmap, the
 * pixels handed to JS, sharp's input); two sheets side by side would add ~150 MB to the peak for no
 * gain in speed, since both cores are busy either way. A face bigger than the budget runs alone.
 */
class PixelBudget {
  private inFlight = 0;
  private readonly waiting: { px: number; go: () => void }[] = [];

  constructor(private readonly budget: number) {}

  async acquire(px: number): Promise<void> {
    const fits = (): boolean => this.inFlight === 0 || this.inFlight + px <= this.budget;
    if (this.waiting.length > 0 || !fits()) await new Promise<void>((go) => this.waiting.push({ px, go }));
    else this.inFlight += px;
  }

  release(px: number): void {
    this.inFlight -= px;
    // First come, first served: a big face is not overtaken forever by small ones.
    while (this.waiting.length > 0 && (this.inFlight === 0 || this.inFlight + this.waiting[0].px <= this.budget)) {
      const next = this.waiting.shift()!;
      this.inFlight += next.px;
      next.go();
    }
  }
}

/** Faces rasterised at once may total this many pixels: several cards, or one sheet alone (~6.7 Mpx). */
const RASTER_BUDGET_PX = 7_000_000;

/**
 * While no raster process is running (a warm cache: an edit), faces up to this many pixels in all
 * (two 300 dpi cards) are rasterised on this thread instead — by the same code, so the same bytes.
 * Starting the raster process loads Node, resvg and sharp again (~0.3 CPU-s, longer than a card
 * takes); this thread has them loaded for the page thumbnails, and both run their work on libuv's
 * threads. More faces than that start the raster process, whose memory goes when the build ends
 * it (raster-process.mjs).
 */
const INLINE_RASTER_PX = 2_100_000;

/**
 * Pixels of a face at 300 dpi. Biggest faces are rasterised first (sheets and boards take ~7× a
 * card), so the last seconds of a cold build are not one sheet on one core.
 */
function facePixels(side: RenderedSide): number {
  return pxFor(side.component.width + 2 * BLEED_MM) * pxFor(side.component.height + 2 * BLEED_MM);
}

interface PngJob {
  w: GameWork;
  side: RenderedSide;
  file: string;
  key: string;
}

/**
 * A cold build (no PNG cached yet) rasterises every face: its raster process starts now, so it
 * boots (~0.15 CPU-s) while this thread reads YAML and renders the first SVGs instead of
 * after. With a warm cache a build may need none, so it starts on the first face that misses.
 */
export function startRasterIfCold(store: BuildStore, png: boolean, raster: RasterPool = sharedRasterPool()): void {
  if (png && !store.hasPngCache()) void raster.warm();
}

export async function buildGames(inputs: GameInput[], opts: IncrementalOptions): Promise<IncrementalResult[]> {
  tuneV8ForBuilds();
  const print: PrintOptions = { ...DEFAULT_PRINT, ...opts.print };
  const progress = opts.progress ?? (() => {});
  const store = new BuildStore(opts.outDir, opts.cacheDir);
  const raster = opts.raster ?? sharedRasterPool();
  startRasterIfCold(store, opts.png, raster);
  store.ensure();
  const version = rendererVersion();
  const ownPool = opts.pool === undefined;
  const pool = opts.pool ?? new WorkerPool();
  const works: GameWork[] = [];
  const pageThumbs = new Map<string, Promise<PageThumbsResult>>();
  const tasks: Promise<void>[] = [];
  // Per game: PNGs queued and done, for progress lines like render's ("<game>: PNG 3/43").
  const counts = new Map<string, { queued: number; done: number }>();

  // PNGs: cached ones are copied, the rest rasterised in the raster process, a few at a time.
  const rasterStart = performance.now();
  const budget = new PixelBudget(RASTER_BUDGET_PX);
  // One lane more than cores: a face whose pixels wait for this thread (busy with SVGs or PDFs)
  // does not leave a core idle (measured: ~5 % faster cold builds, same peak memory).
  // Faces with the same key (the same SVG: a shared back, a repeated face) are rasterised once:
  // the second waits for the first instead of racing it past the still-empty cache.
  const rasterising = new Map<string, Promise<{ png: Buffer; hash: string }>>();
  let inlinePx = INLINE_RASTER_PX;
  const rasterise = async (w: GameWork, side: RenderedSide, key: string): Promise<{ png: Buffer; hash: string }> => {
    const widthMm = side.component.width + 2 * BLEED_MM;
    const px = facePixels(side);
    await budget.acquire(px);
    const inline = raster.started === 0 && px <= inlinePx;
    if (inline) inlinePx -= px;
    let png: Buffer;
    try {
      png = inline ? await svgToPng(side.svg, widthMm) : await raster.png(side.svg, widthMm);
    } catch (err) {
      throw new GameBuildError(w.input.game.id, rasterFailure(w.input, side, err));
    } finally {
      budget.release(px);
    }
    const hash = contentHash(png);
    store.writePng(key, png, hash);
    return { png, hash };
  };
  const pngs = new Lanes<PngJob>(opts.concurrency ?? availableParallelism() + 1, async ({ w, side, file, key }) => {
    const cached = store.readPng(key);
    let made = cached === undefined ? undefined : { png: cached, hash: contentHash(cached) };
    if (made === undefined) {
      let pending = rasterising.get(key);
      if (pending === undefined) {
        pending = rasterise(w, side, key);
        rasterising.set(key, pending);
        // Once in the cache, a later face with this key reads it there: no PNG is kept here (a
        // failure stays, so a later face with the same SVG gets the same error).
        pending.then(() => rasterising.delete(key), () => undefined);
        w.result.rasterized += 1;
      } else {
        w.result.fromCache += 1;
      }
      made = await pending;
    } else {
      w.result.fromCache += 1;
    }
    writeFileAtomic(file, made.png);
    store.record(w.next, file, key, made.png, made.hash);
    w.result.written.push(file);
    w.result.timings.png = performance.now() - rasterStart;
    const c = counts.get(w.input.game.id)!;
    c.done += 1;
    progress(`${w.input.game.id}: PNG ${c.done}/${c.queued}`);
  }, ({ side }) => facePixels(side));
  tasks.push(pngs.done);

  try {
    // Game after game: render the SVGs (main thread), then hand its stale PDFs to the workers and
    // its stale PNGs to the rasteriser, which work while the next game's SVGs are rendered.
    for (const input of inputs) {
      const t = performance.now();
      const { sides, warnings, rendered: renderedFaces } = withGame(input.game.id, () => renderSidesCached(input, version, store));
      const manifest = store.readManifest(input.game.id);
      const hashes = new Map(sides.map((s) => [s.key, sha256(s.svg)]));
      const cold = Object.keys(manifest.faces).length === 0;
      const changedFaces = sides.filter((s) => manifest.faces[s.key] !== hashes.get(s.key)).map((s) => s.key);
      const result: IncrementalResult = { game: input.game.id, files: [], warnings, timings: { svg: performance.now() - t }, changedFaces, written: [], rasterized: 0, fromCache: 0, rendered: renderedFaces, cold };
      // Outputs this build does not produce (PNGs under --no-png, the other paper's PDF) keep their records.
      const carried = Object.fromEntries(Object.entries(manifest.outputs).filter(([rel]) => existsSync(join(opts.outDir, rel))));
      const w: GameWork = { input, sides, hashes, result, manifest, next: { version: 1, outputs: carried, faces: Object.fromEntries(hashes) } };
      works.push(w);
      if (opts.gallery !== false) {
        // Drawn on the thread pool while the faces are rasterised; shown by the gallery written at the end.
        const thumbs = galleryPageThumbs(input.game, sides, hashes, { outDir: opts.outDir, papers: opts.galleryPapers ?? opts.papers, print });
        pageThumbs.set(input.game.id, thumbs);
        tasks.push(
          thumbs.then(
            () => undefined,
            (err: unknown) =>
              withGame(input.game.id, () => {
                throw err;
              }),
          ),
        );
      }
      const keep = (file: string): void => {
        w.next.outputs[store.rel(file)] = w.manifest.outputs[store.rel(file)];
      };

      const pdfStart = performance.now();
      for (const job of pdfJobsFor(input.game, sides, opts, print, version, result.warnings)) {
        result.files.push(job.file);
        if (store.isCurrent(manifest, job.file, job.key, opts.verify)) {
          keep(job.file);
          continue;
        }
        tasks.push(
          pool.run({ kind: "pdf", pages: job.pages, faces: job.faces, meta: job.meta, art: { dir: store.artDir(), version }, fonts: input.game.fonts }).then(
            (pdf): void => {
              writeFileAtomic(job.file, pdf);
              store.record(w.next, job.file, job.key, pdf);
              result.written.push(job.file);
              result.timings.pdf = performance.now() - pdfStart;
              progress(`${input.game.id}: PDF ${job.label}`);
            },
            (err: unknown) =>
              withGame(input.game.id, () => {
                throw err;
              }),
          ),
        );
      }
      if (opts.png) {
        for (const side of sides) {
          const file = join(opts.outDir, input.game.id, "cards", side.file);
          const key = pngKey(side, version);
          result.files.push(file);
          if (store.isCurrent(manifest, file, key, opts.verify)) keep(file);
          else {
            const c = counts.get(input.game.id) ?? { queued: 0, done: 0 };
            counts.set(input.game.id, c);
            c.queued += 1;
            pngs.push({ w, side, file, key });
          }
        }
      }
      // Let the rasteriser and the workers' results in before the next game's SVGs.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    pngs.close();
    const settled = await Promise.allSettled(tasks);
    if (ownPool) await pool.close();
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  // Stale PNGs, gallery, manifest: only after every output of every game is written.
  for (const w of works) {
    const id = w.input.game.id;
    const stalePdfs = unbuiltPrint(w, store, opts);
    if (opts.png) {
      removeStalePngs(join(opts.outDir, id, "cards"), new Set(w.result.files.filter((f) => f.endsWith(".png"))));
      writeFaceManifest(w, opts.outDir, store);
    }
    if (opts.gallery !== false) {
      // PDFs of this build plus those of earlier builds still on disk (a preview pass builds none).
      const pdfs = Object.keys(w.next.outputs).filter((rel) => rel.startsWith(`${id}/print/`) && rel.endsWith(".pdf")).map((rel) => join(opts.outDir, rel));
      const pages = (await pageThumbs.get(id))?.papers;
      w.result.gallery = writeGallery(w.input.game, w.sides, { outDir: opts.outDir, png: opts.png, hashes: w.hashes, pdfs, stale: stalePdfs, warnings: w.result.warnings, pages });
    }
    w.result.files.sort();
    w.result.written.sort();
    store.writeManifest(id, w.next);
  }
  store.prune();
  return works.map((w) => w.result);
}

/** What an output is made from: the game's model and every face's SVG. */
function dataState(w: GameWork): string {
  return sha256(JSON.stringify(w.input.game), ...[...w.hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, h]) => `${k}=${h}`));
}

/**
 * Marks the outputs this build made or kept with its data; of the print PDFs it did not make,
 * those made from other data are removed (with `removeStale`) or returned, for the gallery to mark.
 */
function unbuiltPrint(w: GameWork, store: BuildStore, opts: IncrementalOptions): string[] {
  const state = dataState(w);
  const made = new Set(w.result.files.map((f) => store.rel(f)));
  const stale: string[] = [];
  for (const [rel, rec] of Object.entries(w.next.outputs)) {
    if (made.has(rel)) w.next.outputs[rel] = { ...rec, data: state };
    else if (rel.startsWith(`${w.input.game.id}/print/`) && rel.endsWith(".pdf") && rec.data !== state) {
      if (opts.removeStale === true) {
        rmSync(join(opts.outDir, rel), { force: true });
        delete w.next.outputs[rel];
      } else stale.push(join(opts.outDir, rel));
    }
  }
  return stale;
}

/** out/<game>/cards/faces.json: which PNG shows which side of which item (read by the TTS save builder). */
function writeFaceManifest(w: GameWork, outDir: string, store: BuildStore): void {
  const file = join(outDir, w.input.game.id, "cards", FACE_MANIFEST);
  const json = faceManifestJson(w.input.game, w.sides);
  const key = sha256(json);
  w.result.files.push(file);
  if (store.isCurrent(w.manifest, file, key)) {
    w.next.outputs[store.rel(file)] = w.manifest.outputs[store.rel(file)];
    return;
  }
  writeFileAtomic(file, json);
  store.record(w.next, file, key, json);
  w.result.written.push(file);
}

let shared: WorkerPool | undefined;

/** One pool per process for callers that build game after game (its idle workers never hold the process open). */
export function sharedPool(): WorkerPool {
  shared ??= new WorkerPool();
  return shared;
}
