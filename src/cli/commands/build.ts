/**
 * `syzygy build [game...]` — PNGs of every card face and back, and print-ready PDFs (A4 and/or
 * Letter) with duplex backs, for each game. Progress goes to stderr, the summary to stdout.
 */
import type { Command } from "commander";
import { rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { loadGame } from "../../model/load";
import { GAMES_ARGUMENT_HELP, selectGames } from "../games";
import type { BuildResult } from "../../render/build";
import { buildGames, GameBuildError, sharedPool, startRasterIfCold, type IncrementalResult } from "../../pipeline/incremental";
import { TemplateSet } from "../../render/face";
import { mapLimit } from "../../render/map-limit";
import { renderGameFrom } from "../../render/source";
import { PAPERS, type Paper, type PrintOptions } from "../../render/page";
import { CliError, describeOsError, UsageError } from "../errors";
import { outDirProblem, StagedOutput } from "../../pipeline/output-set";
import { checkBaseUrl } from "../out-options";
import { OutLockedError } from "../../pipeline/lock";
import { BLEED_MM } from "../../render/types";
import { tuneV8ForBuilds } from "../../pipeline/v8-tuning";
import { closeSharedRasterPool } from "../../render/raster-pool";
import { forgetThumbnailFaces } from "../../gallery/page-thumbs";
import { BuildStore } from "../../pipeline/store";
import { folderOption } from "../paths";
import { overflowError, renderProblems } from "../render-check";
import type { GameModel } from "../../model/types";
import { DataError } from "../../model/errors";
import { startStamp } from "../../pipeline/noop-stamp";
import { ttsSeatsProblem } from "../seats-check";

// The TTS saves, --pod and --changed-since load their modules only when asked for (a third of the
// build's code: ~0.3 CPU-s of start-up a build without them need not pay).
type UpdatePackModule = typeof import("../../pipeline/update-pack");
const ttsModule = () => import("../../tts/index");
const podModule = () => import("./pod");
const updatePackModule = (): Promise<UpdatePackModule> => import("../../pipeline/update-pack");

interface BuildFlags {
  paper: string;
  png: boolean;
  bleed?: boolean;
  bleedMm: string;
  cutLines?: boolean;
  duplex: string;
  backOffset: string;
  layout: string;
  only?: string;
  inkSaver?: boolean;
  data: string;
  out: string;
  templates?: string;
  baseUrl?: string;
  tts: boolean;
  pod?: string;
  strict?: boolean;
  changedSince?: string;
}

/** `--paper`: one size, a comma-separated list, or "both" (A4 and Letter). */
export function parsePapers(value: string): Paper["id"][] {
  if (value === "both") return ["a4", "letter"];
  const ids = value.split(",").map((v) => v.trim());
  const bad = ids.find((id) => !Object.hasOwn(PAPERS, id));
  if (bad !== undefined || ids.length === 0) throw new UsageError(`--paper must be a4, letter, a3, tabloid, a list of them (a4,a3) or both (a4 and letter), got "${value}"`);
  return [...new Set(ids)] as Paper["id"][];
}

export function parseBackOffset(value: string): { x: number; y: number } {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!m) throw new UsageError(`--back-offset expects X,Y in millimetres (e.g. 0.5,-1), got "${value}"`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

/** Bleed beyond the outer cuts: the art is drawn with 1/8 in, so at most that much can show. */
export function parseBleedMm(value: string): number {
  // Decimal only: Number() would also take "0x1", "1e0" and "".
  const n = /^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > BLEED_MM + 1e-9) {
    throw new UsageError(`--bleed-mm must be a number of millimetres from 0 to ${BLEED_MM} (1/8 in, the bleed the art is drawn with), got "${value}"`);
  }
  return n;
}

/** `--only a,b`: component ids, each a plain id. */
export function parseOnly(value: string): string[] {
  const ids = value.split(",").map((v) => v.trim());
  if (ids.some((id) => !/^[a-z0-9][a-z0-9-]*$/.test(id))) throw new UsageError(`--only expects component ids separated by commas (e.g. dividers,moon-markers), got "${value}"`);
  return [...new Set(ids)];
}

/** Every `--only` id must name a component of the game: a typo would print nothing. */
export function checkOnly(only: string[] | undefined, game: string, components: string[]): void {
  const unknown = only?.filter((id) => !components.includes(id)) ?? [];
  if (unknown.length > 0) throw new UsageError(`--only: ${game} has no component ${unknown.map((u) => `"${u}"`).join(", ")} (its components: ${components.join(", ")})`);
}

export function parseLayout(value: string): PrintOptions["layout"] {
  if (value === "duplex" || value === "fold") return value;
  throw new UsageError(`--layout must be duplex or fold, got "${value}"`);
}

function parseDuplex(value: string): PrintOptions["duplex"] {
  if (value === "long" || value === "short") return value;
  throw new UsageError(`--duplex must be long or short, got "${value}"`);
}

function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`;
}

export async function runBuild(games: string[], flags: BuildFlags): Promise<BuildResult[]> {
  const ids = selectGames("syzygy build", games, flags.data);
  folderOption("syzygy build", "--templates", flags.templates);
  const papers = parsePapers(flags.paper);
  const baseUrl = checkBaseUrl(flags.baseUrl);
  const pod = flags.pod === undefined ? undefined : await podModule();
  const podServices = flags.pod === undefined ? undefined : pod!.parseServices(flags.pod, "--pod");
  const updatePack = flags.changedSince === undefined ? undefined : await updatePackModule();
  const print: PrintOptions = {
    bleedLayout: flags.bleed === true,
    bleedMm: parseBleedMm(flags.bleedMm),
    cutLines: flags.cutLines === true,
    duplex: parseDuplex(flags.duplex),
    backOffset: parseBackOffset(flags.backOffset),
    layout: parseLayout(flags.layout),
    ...(flags.only === undefined ? {} : { only: parseOnly(flags.only) }),
    ...(flags.inkSaver === true ? { inkSaver: true } : {}),
  };
  const outProblem = outDirProblem(flags.out);
  if (outProblem !== undefined) throw new UsageError(`syzygy build: ${outProblem}`);
  // Before the YAML is read, so the raster process boots meanwhile.
  startRasterIfCold(new BuildStore(flags.out), flags.png);
  const stamp = startStamp(); // before the inputs are read
  // Load (and validate) every game first: bad data fails before anything is written.
  const models = ids.map((id) => loadGame(flags.data, id, flags.templates ? { templatesDir: flags.templates } : {}));
  // The templates' own checks (syntax, fields read), as validate makes them; the faces render below.
  const templateProblems = renderProblems(models, { render: false }).diagnostics;
  if (templateProblems.length > 0) throw new DataError(templateProblems);
  // A table the save cannot seat fails now, not after every face and PDF is made.
  if (flags.png && flags.tts) {
    for (const model of models) {
      const seats = ttsSeatsProblem(model);
      if (seats !== undefined) throw new CliError(`syzygy build: ${model.id}: ${seats}`);
    }
  }
  // The earlier versions for --changed-since, read before anything is written (a bad ref fails first).
  using earlierGames = earlierVersions(updatePack, models, flags.changedSince);
  const earlier = earlierGames.games;
  for (const model of models) checkOnly(print.only, model.id, model.components.map((c) => c.id));
  const tty = process.stderr.isTTY === true;
  // On a terminal one line updates in place; in logs, one line per step and per finished count.
  let lastStep = "";
  const progress = (line: string): void => {
    if (tty) {
      process.stderr.write(`\r\x1b[K${line}`);
      return;
    }
    const step = line.replace(/\d+\/\d+$/, "");
    const finished = /(\d+)\/\1$/.test(line);
    if (step !== lastStep || finished) process.stderr.write(`${line}\n`);
    lastStep = step;
  };
  const fail = (game: string, err: unknown): CliError => {
    if (tty) process.stderr.write("\n");
    const detail = describeOsError(err) ?? (err instanceof GameBuildError ? err.detail : err instanceof Error ? err.message : String(err));
    return new CliError(`syzygy build: ${game}: ${detail}`);
  };
  // Every output is written into a staged copy of each game's folder, under a lock on out/, and
  // moved into place once all are written (src/pipeline/output-set.ts): a build that fails or is
  // killed leaves the previous set of files.
  let staging: StagedOutput;
  try {
    staging = StagedOutput.open(flags.out, ids, "syzygy build");
  } catch (err) {
    throw err instanceof OutLockedError ? new CliError(`syzygy build: ${err.message}`) : fail(ids.join(", "), err);
  }
  using staged = staging;
  if (staged.info.tookOverFrom !== undefined) process.stderr.write(`syzygy build: took over the lock of process ${staged.info.tookOverFrom}, which is no longer running\n`);
  for (const game of staged.info.recovered) process.stderr.write(`syzygy build: ${game}: finished moving the files of a build that was stopped half way\n`);
  // The incremental build (src/pipeline): same bytes as a cold build, but unchanged faces and
  // PDFs are reused from <out>/.cache, and the games go through one pipeline (one game's SVGs are
  // drawn while another's faces are rasterised), with out/<game>/index.html (the gallery) for each.
  const inputs = models.map((model) => ({ game: renderGameFrom(model), templates: new TemplateSet(model.paths.templatesDir) }));
  let results: IncrementalResult[];
  try {
    results = await buildGames(inputs, { outDir: staged.stageRoot, cacheDir: join(flags.out, ".cache"), verify: true, removeStale: true, papers, png: flags.png, print, progress, pool: sharedPool() });
  } catch (err) {
    throw fail(err instanceof GameBuildError ? err.game : ids.join(", "), err);
  }
  // The TTS saves need the card PNGs, so they follow them (and are skipped with --no-png). Two
  // games at a time: a save is mostly image work on libuv's threads (measured: a little faster
  // than one at a time, same peak memory).
  // Nothing is rasterised after this: the raster process ends, and its memory (~150 MB with the
  // pages it keeps between faces, src/render/raster-memory.ts) goes before the TTS images are made.
  await closeSharedRasterPool();
  forgetThumbnailFaces();
  if (flags.png && flags.tts) {
    const { buildTtsForModel, holdSheetCanvases } = await ttsModule();
    const releaseCanvases = holdSheetCanvases();
    try {
      await mapLimit(models, 2, async (model, i) => {
        try {
          progress(`${model.id}: tts save`);
          const tts = await buildTtsForModel(model, { outDir: flags.out, gameDir: join(staged.stageRoot, model.id), baseUrl });
          results[i].files.push(tts.savePath);
          if (tts.reused !== true) results[i].written.push(tts.savePath);
        } catch (err) {
          throw fail(model.id, err);
        }
      });
    } finally {
      releaseCanvases();
    }
  }
  // A save not made this time (--no-tts, --no-png) would be an older game's: it goes with the set.
  if (!(flags.png && flags.tts)) for (const model of models) rmSync(join(staged.stageRoot, model.id, "tts"), { recursive: true, force: true });
  // Text that does not fit: an error before anything is published, for --strict and for pod exports.
  const overflows = results.flatMap((r) => r.warnings.filter((w) => w.kind === "overflow"));
  if (overflows.length > 0 && (flags.strict === true || podServices !== undefined)) {
    if (tty) process.stderr.write("\n");
    throw overflowError("syzygy build", overflows, flags.strict === true ? "--strict" : "--pod: a print service would print it cut off");
  }
  // Print-on-demand exports are part of the set: staged with the rest, committed with it.
  const pods = podServices ? await pod!.makePod(models, { outDir: staged.stageRoot, services: podServices, bleedMm: print.bleedMm }) : undefined;
  try {
    staged.commit();
  } catch (err) {
    throw fail(ids.join(", "), err);
  }
  for (const r of results) {
    r.files = r.files.map((f) => staged.publicPath(f));
    r.written = r.written.map((f) => staged.publicPath(f));
    if (r.gallery !== undefined) r.gallery = staged.publicPath(r.gallery);
  }
  if (tty) process.stderr.write("\r\x1b[K");
  const noop: string[] = [];
  for (const r of results) {
    for (const w of r.warnings) process.stderr.write(`warning: ${w.where}: ${w.message}\n`);
    noop.push(summaryLines(r, flags.out, "up to date"));
    process.stdout.write(summaryLines(r, flags.out, Object.entries(r.timings).map(([k, v]) => `${k} ${ms(v)}`).join(", ")));
  }
  const total = results.reduce((n, r) => n + r.files.length, 0);
  const written = results.reduce((n, r) => n + r.written.length, 0);
  const warnings = results.reduce((n, r) => n + r.warnings.length, 0);
  const fresh = written === total ? "" : ` (${total - written} already up to date)`;
  const warned = warnings > 0 ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "";
  const over = overflows.length > 0 ? `, ${overflows.length} face${overflows.length === 1 ? "" : "s"} with text that does not fit (marked in the gallery)` : "";
  process.stdout.write(`${written} of ${total} files written${fresh}${warned}${over}\n`);
  // A later identical run may answer from the stamp; an update pack compares with a git ref that can move, so it never does.
  if (flags.changedSince === undefined) {
    const warningLines = results.flatMap((r) => r.warnings.map((w) => `warning: ${w.where}: ${w.message}\n`)).join("");
    stamp?.finish(ids, `${noop.join("")}0 of ${total} files written (${total} already up to date)${warned}${over}\n`, warningLines);
  }
  if (pods !== undefined && podServices !== undefined) pod!.printPod(pods, { services: podServices, renderWarnings: false }, (f) => staged.publicPath(f));
  if (flags.changedSince !== undefined) await updatePacks(updatePack!, models, earlier, flags.changedSince, { outDir: flags.out, papers, print });
  return results;
}

/** The games as they were at `ref` (undefined where a game did not exist yet); removed on dispose. */
function earlierVersions(up: UpdatePackModule | undefined, models: GameModel[], ref: string | undefined): { games: (GameModel | undefined)[]; [Symbol.dispose](): void } {
  const read: { model?: GameModel; cleanup: () => void }[] = [];
  const dispose = () => read.forEach((r) => r.cleanup());
  try {
    for (const model of ref === undefined ? [] : models) read.push(up!.gameAtRef(model, ref!));
  } catch (err) {
    dispose();
    if (up !== undefined && err instanceof up.UpdatePackError) throw err.usage ? new UsageError(`syzygy build: ${err.message}`) : new CliError(`syzygy build: ${err.message}`);
    throw err;
  }
  return { games: read.map((r) => r.model), [Symbol.dispose]: dispose };
}

/** `--changed-since <ref>`: per game, a PDF of the cards changed since that git version and a changelog. */
async function updatePacks(up: UpdatePackModule, models: GameModel[], earlier: (GameModel | undefined)[], ref: string, opts: { outDir: string; papers: Paper["id"][]; print: PrintOptions }): Promise<void> {
  for (const [i, model] of models.entries()) {
    const pack = await up.writeUpdatePack(model, earlier[i], ref, opts);
    const count = (kind: string) => pack.changes.filter((c) => c.kind === kind).length;
    process.stdout.write(`${model.id}: since ${ref}: ${count("changed")} changed, ${count("added")} added, ${count("removed")} removed${pack.files.length === 0 ? " — no update pack needed" : ""}\n`);
    for (const f of pack.files) process.stdout.write(`  ${relative(process.cwd(), f)} (update pack)\n`);
  }
}

/** A game's lines of the summary: its PNGs and PDFs, and its TTS save. */
function summaryLines(r: IncrementalResult, out: string, detail: string): string {
  const pngs = r.files.filter((f) => f.endsWith(".png")).length;
  const pdfs = r.files.filter((f) => f.endsWith(".pdf"));
  const lines = [`${r.game}: ${pngs} PNG${pngs === 1 ? "" : "s"} in ${relative(process.cwd(), `${out}/${r.game}/cards`) || "."}/, ${pdfs.length} PDF${pdfs.length === 1 ? "" : "s"} (${detail})`];
  for (const f of pdfs) lines.push(`  ${relative(process.cwd(), f)}`);
  for (const f of r.files.filter((f) => f.endsWith(`${sep}tts${sep}${r.game}.json`))) lines.push(`  ${relative(process.cwd(), f)} (Tabletop Simulator save)`);
  return lines.map((l) => `${l}\n`).join("");
}

export function declare(command: Command): void {
  command
    .argument("[game...]", GAMES_ARGUMENT_HELP)
    .option("--paper <paper>", "a4, letter, a3, tabloid, a list (a4,a3) or both (a4 and letter)", "both")
    .option("--no-png", "skip the PNG files (PDFs only)")
    .option("--bleed", "every card with its bleed and gutters between cards, instead of cards edge to edge")
    .option("--bleed-mm <mm>", "bleed printed beyond the cut lines, 0 to 3.175 (1/8 in)", String(BLEED_MM))
    .option("--cut-lines", "full-length cut lines across the page")
    .option("--duplex <edge>", "printer flip edge for the backs: long or short", "long")
    .option("--back-offset <x,y>", "shift back pages by X,Y mm to fix front/back misregistration", "0,0")
    .option("--only <components>", "print PDFs of these components only (ids, comma-separated), for a partial reprint: <game>-<paper>-only-<ids>.pdf")
    .option("--ink-saver", "print dark card and token backs inverted (light ground, dark lines) to save ink")
    .option("--layout <layout>", "duplex (backs on the back of each sheet) or fold (one-sided printers: fronts and backs side by side, fold and glue)", "duplex")
    .option("--data <dir>", "data folder", "./data")
    .option("--templates <dir>", "templates folder (default: ../templates next to the data folder)")
    .option("--out <dir>", "output folder", "./out")
    .option("--no-tts", "skip the Tabletop Simulator saves")
    .option("--base-url <url>", "TTS image URLs under this hosted address instead of file:/// paths")
    .option("--changed-since <git-ref>", "also write an update pack: a PDF of the cards changed since that git version (tag, branch, commit) and a changelog")
    .option("--strict", "text that does not fit its box fails the build (it is always an error with --pod)")
    .option("--pod <service>", "also write print-on-demand exports: tgc (The Game Crafter), dtc (DriveThruCards) or all")
    .action(async (games: string[], flags: BuildFlags) => {
      tuneV8ForBuilds(); // before the YAML and templates are loaded: they are build work too
      await runBuild(games, flags);
    });
}
