/**
 * The watch loop behind `syzygy watch`: builds the chosen games once, then watches the data and
 * templates folders and rebuilds only the games an edit touched, through the incremental build
 * (one worker pool kept warm). A bad edit is reported with its located validation error and the
 * last good output stays in place; builds never overlap (edits during a build queue one more).
 * Watching is chokidar's: folders created or recreated while watching are watched too, and an
 * editor's atomic save (write a temporary file, rename it over the original) counts as an edit.
 */
import { formatDiagnostic } from "../model/diagnostics";
import { watch as watchPaths, type FSWatcher } from "chokidar";
import { statSync } from "node:fs";
import { basename, isAbsolute, relative, resolve, sep } from "node:path";
import { defaultTemplatesDir, displayPath, loadGame } from "../model/load";
import type { GameModel } from "../model/types";
import { TemplateSet } from "../render/face";
import type { Paper, PrintOptions } from "../render/page";
import { renderGameFrom } from "../render/source";
import { preloadArt } from "../render/pdf-art-cache";
import { RasterPool } from "../render/raster-pool";
import { artStoreFor, buildGames, lastRenderedSvgs, type IncrementalResult } from "./incremental";
import { WorkerPool } from "./pool";

export interface WatchOptions {
  dataDir: string;
  templatesDir?: string;
  outDir: string;
  games: string[];
  papers: Paper["id"][];
  png: boolean;
  print?: Partial<PrintOptions>;
  /** Quiet period after the last file event before a rebuild starts. */
  debounceMs?: number;
  log: (line: string) => void;
  onRebuilt?: (games: string[], results: IncrementalResult[]) => void;
  onFailed?: (games: string[], message: string) => void;
}

/** A face rasterising this long when a file changes is given up and built again from the edit. */
const SLOW_FACE_MS = 2000;

function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

function listSome(keys: string[], max = 8): string {
  return keys.length <= max ? keys.join(", ") : `${keys.slice(0, max).join(", ")} and ${keys.length - max} more`;
}

export class Watcher {
  private readonly pool = new WorkerPool();
  /** Its own raster process, which returns resvg's freed pages: it waits as long as the watch (raster-memory.ts). */
  private readonly raster = new RasterPool(1, false);
  private watcher: FSWatcher | undefined;
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** The games of the running build. */
  private building: string[] = [];
  private closed = false;
  private warming: Promise<void> | undefined;
  private rootsTimer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  readonly templatesDir: string;

  private readonly opts: WatchOptions;

  constructor(opts: WatchOptions) {
    // Absolute from here on: were the working folder deleted and made again (a fresh checkout of
    // the whole workspace), relative paths would still name the deleted one.
    this.opts = { ...opts, dataDir: resolve(opts.dataDir), outDir: resolve(opts.outDir) };
    this.templatesDir = resolve(opts.templatesDir ?? defaultTemplatesDir(opts.dataDir));
  }

  /** First build of every game, then start watching. */
  async start(): Promise<void> {
    await this.rebuild(this.opts.games);
    const data = resolve(this.opts.dataDir);
    await this.watchFolders(data);
    this.opts.log(`watching ${displayPath(data)}/ and ${displayPath(this.templatesDir)}/ (Ctrl-C to stop)`);
    this.watchRoots([data, this.templatesDir]);
    this.warming = this.warm();
  }

  /**
   * The watched folders themselves, once a second (one stat each): a folder deleted and made
   * again (a fresh checkout, `rm -rf` and a copy) is a new folder the old watches do not see, so
   * watching starts over on it and every game is rebuilt. An idle watch stays idle meanwhile.
   */
  private watchRoots(roots: string[]): void {
    const identity = (p: string): string => {
      try {
        const st = statSync(p);
        return st.isDirectory() ? `${st.dev}:${st.ino}` : "missing";
      } catch {
        return "missing";
      }
    };
    const seen = new Map(roots.map((r) => [r, identity(r)]));
    this.rootsTimer = setInterval(() => {
      if (this.closed || this.restarting) return;
      const moved = roots.filter((r) => identity(r) !== seen.get(r));
      if (moved.length === 0) return;
      for (const r of moved) seen.set(r, identity(r));
      if (moved.some((r) => seen.get(r) === "missing")) return; // gone: wait for it to come back
      this.restarting = (async () => {
        await this.watcher?.close();
        if (this.closed) return;
        await this.watchFolders(roots[0]);
        for (const r of moved) this.changed(r);
      })()
        .catch((err: unknown) => this.opts.log(`watch: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          this.restarting = undefined;
        });
    }, 1000);
    this.rootsTimer.unref();
  }

  /**
   * While waiting for the first edit: start the raster process and read the PDF art of every face
   * from the build cache, so the first edit costs what later ones do (measured on 2 cores: ~1 s
   * for the first card edit of a 52-card deck, ~0.3 s after). Stops as soon as an edit comes in.
   */
  /** Resolves when the warm-up after `start` is over (tests). */
  warmedUp(): Promise<void> {
    return this.warming ?? Promise.resolve();
  }

  private async warm(): Promise<void> {
    const busy = (): boolean => this.closed || this.running !== undefined || this.pending.size > 0;
    try {
      if (this.opts.png) await this.raster.warm();
      if (this.opts.papers.length === 0) return;
      const disk = artStoreFor(this.opts.outDir);
      for (const game of this.opts.games) await preloadArt(lastRenderedSvgs(game), disk, busy);
    } catch {
      // Best effort: a failed warm-up only leaves the first edit slower.
    }
  }

  /** Starts watching the data and templates folders; resolves once the first scan is done. */
  private async watchFolders(data: string): Promise<void> {
    const watcher = watchPaths([data, this.templatesDir], {
      ignoreInitial: true,
      ignored: (path) => isEditorLitter(basename(path)),
      // an editor's save that renames over the file: one `change`, not `unlink` + `add`
      atomic: true,
    });
    this.watcher = watcher;
    watcher.on("all", (_event, path) => this.changed(path));
    watcher.on("error", (err) => this.opts.log(`watch: ${err instanceof Error ? err.message : String(err)}`));
    await new Promise<void>((ready) => watcher.once("ready", () => ready()));
  }

  /**
   * Which games a changed path belongs to: its top folder under data/ or templates/; every game
   * for other template files (partials); none for other data files (data/schema).
   */
  private changed(path: string): void {
    if (this.closed) return;
    const inTemplates = isInside(this.templatesDir, path);
    const root = inTemplates ? this.templatesDir : resolve(this.opts.dataDir);
    const rel = relative(root, path);
    const top = rel.split(sep)[0];
    const games = this.opts.games.includes(top) ? [top] : inTemplates || rel === "" ? this.opts.games : [];
    if (games.length === 0) return;
    for (const g of games) this.pending.add(g);
    // A face rasterising for seconds (a drawing that hangs until its time limit) is given up, so
    // the edit that fixes it is built now; the games of that build are built again with it.
    if (this.running !== undefined && this.raster.cancelSlow(SLOW_FACE_MS)) for (const g of this.building) this.pending.add(g);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.opts.debounceMs ?? 120);
  }

  private async flush(): Promise<void> {
    if (this.running) return; // the running build picks the pending games up when it ends
    while (this.pending.size > 0 && !this.closed) {
      const games = this.opts.games.filter((g) => this.pending.has(g));
      this.pending.clear();
      this.building = games;
      this.running = this.rebuild(games);
      await this.running;
      this.running = undefined;
      this.building = [];
    }
  }

  /** Loads, validates and builds `games`; reports problems without throwing. */
  async rebuild(games: string[]): Promise<void> {
    const start = performance.now();
    const models: GameModel[] = [];
    const failed: string[] = [];
    for (const id of games) {
      try {
        models.push(loadGame(this.opts.dataDir, id, { templatesDir: this.templatesDir }));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.opts.log(`${id}: not rebuilt, the data has problems (the last good output stays):\n${message}`);
        this.opts.onFailed?.([id], message);
        failed.push(id);
      }
    }
    if (models.length === 0) return;
    for (const m of models) for (const d of m.warnings ?? []) this.opts.log(`warning: ${formatDiagnostic(d)}`);
    const inputs = models.map((m) => ({ game: renderGameFrom(m), templates: new TemplateSet(m.paths.templatesDir) }));
    let results: IncrementalResult[];
    let pdfs: IncrementalResult[] = [];
    // The PNG pass draws no PDFs, but its gallery already shows the pages they will have.
    const base = { outDir: this.opts.outDir, png: this.opts.png, print: this.opts.print, pool: this.pool, raster: this.raster, galleryPapers: this.opts.papers };
    // PNGs and the gallery first, so open pages show the edit at once; then the PDFs.
    const preview = this.opts.png && this.opts.papers.length > 0;
    try {
      results = await buildGames(inputs, { ...base, papers: preview ? [] : this.opts.papers });
      if (preview) {
        this.report(results, start);
        this.opts.onRebuilt?.(results.map((r) => r.game), results);
        pdfs = await buildGames(inputs, { ...base, papers: this.opts.papers });
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const ids = models.map((m) => m.id);
      this.opts.log(`${ids.join(", ")}: build failed (the last good output stays):\n${message}`);
      this.opts.onFailed?.(ids, message);
      return;
    }
    if (!preview) this.report(results, start);
    for (const r of pdfs) {
      const written = r.written.filter((f) => f.endsWith(".pdf"));
      if (written.length > 0) this.opts.log(`${r.game}: PDFs updated (${seconds(performance.now() - start)}): ${written.map((f) => displayPath(f)).join(", ")}`);
    }
    if (preview && pdfs.some((r) => r.written.length > 0)) this.opts.onRebuilt?.(pdfs.map((r) => r.game), pdfs);
    else if (!preview) this.opts.onRebuilt?.(results.map((r) => r.game), results);
  }

  private report(results: IncrementalResult[], start: number): void {
    const took = seconds(performance.now() - start);
    for (const r of results) {
      for (const w of r.warnings) this.opts.log(`warning: ${w.where}: ${w.message}`);
      const out = displayPath(resolve(this.opts.outDir, r.game));
      if (r.cold) {
        this.opts.log(`${r.game}: built ${r.changedFaces.length} faces → ${out}/ (${took})`);
      } else if (r.written.length === 0 && r.changedFaces.length === 0) {
        this.opts.log(`${r.game}: no changes (${took})`);
      } else {
        this.opts.log(`${r.game}: ${r.changedFaces.length} face${r.changedFaces.length === 1 ? "" : "s"} changed: ${listSome(r.changedFaces)} (${took})`);
        for (const f of r.written.slice(0, 12)) this.opts.log(`  → ${displayPath(f)}`);
        if (r.written.length > 12) this.opts.log(`  → … ${r.written.length - 12} more files in ${out}/`);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.rootsTimer);
    await this.restarting;
    await this.watcher?.close();
    // Before waiting for the running build: a face that hangs is ended, not waited for (^C).
    await this.raster.close();
    await this.running;
    await this.warming;
    await this.pool.close();
  }
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** Files editors write next to the real one (swap, backup, lock, vim's write test): never inputs. */
export function isEditorLitter(name: string): boolean {
  return /^\.|~$|\.(swp|swx|swo|tmp|crswap)$|^4913$|^#.*#$/.test(name);
}
