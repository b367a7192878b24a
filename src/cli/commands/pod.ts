/**
 * `syzygy pod [game...] --service tgc|dtc|all` — print-on-demand exports of every card deck:
 * The Game Crafter zips of 825×1125 PNGs and DriveThruCards PDFs at trim + bleed, under
 * <out>/<game>/pod/<service>/ (see docs/print-on-demand.md). `syzygy build --pod` runs the same.
 */
import type { Command } from "commander";
import { overflowError, renderProblems } from "../render-check";
import { DataError } from "../../model/errors";
import { relative } from "node:path";
import { loadGame } from "../../model/load";
import { GAMES_ARGUMENT_HELP, selectGames } from "../games";
import type { GameModel } from "../../model/types";
import { TemplateSet } from "../../render/face";
import { renderGameFrom } from "../../render/source";
import { checkBleed, DEFAULT_POD_BLEED_MM, exportPod, POD_SERVICES, SERVICE_NAMES, type PodResult, type PodService } from "../../pod/index";
import { CliError, UsageError } from "../errors";
import { StagedOutput } from "../../pipeline/output-set";
import { folderOption } from "../paths";

interface PodFlags {
  service: string;
  bleedMm: string;
  data: string;
  out: string;
  templates?: string;
}

export function parseServices(value: string, option = "--service"): PodService[] {
  if (value === "all") return [...POD_SERVICES];
  if ((POD_SERVICES as string[]).includes(value)) return [value as PodService];
  throw new UsageError(`${option} must be tgc (The Game Crafter), dtc (DriveThruCards) or all, got "${value}"`);
}

export function parseBleedMm(value: string): number {
  const n = /^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  const bad = checkBleed(n);
  if (Number.isNaN(n) || bad !== undefined) throw new UsageError(`--bleed-mm: ${bad ?? `expects millimetres, e.g. 3.175, got "${value}"`}`);
  return n;
}

/** The exports of every game, written under `opts.outDir` (a staging folder: see runPod); nothing printed. */
export async function makePod(models: GameModel[], opts: { outDir: string; services: PodService[]; bleedMm: number }): Promise<PodResult[]> {
  const results: PodResult[] = [];
  for (const model of models) {
    try {
      const { outDir, services, bleedMm } = opts;
      results.push(await exportPod(renderGameFrom(model), new TemplateSet(model.paths.templatesDir), { outDir, services, bleedMm }));
    } catch (err) {
      throw new CliError(`syzygy pod: ${model.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (results.every((r) => r.files.length === 0)) {
    throw new CliError(`syzygy pod: no card deck of a size ${opts.services.map((s) => SERVICE_NAMES[s]).join(" or ")} prints (see the warnings above)`);
  }
  return results;
}

/** What `makePod` wrote, with its warnings; `publicPath` maps a staged file to where it lands. */
export function printPod(results: PodResult[], opts: { services: PodService[]; renderWarnings?: boolean }, publicPath: (f: string) => string = (f) => f): void {
  for (const r of results) {
    const warnings = opts.renderWarnings === false ? r.warnings : [...r.renderWarnings, ...r.warnings];
    for (const w of warnings) process.stderr.write(`warning: ${w.where}: ${w.message}\n`);
    const counts = opts.services.map((s) => {
      const n = r.files.filter((f) => f.endsWith(s === "tgc" ? ".zip" : ".pdf")).length;
      return `${n} ${SERVICE_NAMES[s]} ${s === "tgc" ? "zip" : "PDF"}${n === 1 ? "" : "s"}`;
    });
    process.stdout.write(`${r.game}: ${counts.join(", ")}\n`);
    for (const f of r.files) process.stdout.write(`  ${relative(process.cwd(), publicPath(f))}\n`);
  }
}

export async function runPod(games: string[], flags: PodFlags): Promise<PodResult[]> {
  const ids = selectGames("syzygy pod", games, flags.data);
  folderOption("syzygy pod", "--templates", flags.templates);
  const services = parseServices(flags.service);
  const bleedMm = parseBleedMm(flags.bleedMm);
  // Load (and validate) every game first: bad data fails before anything is written.
  const models = ids.map((id) => loadGame(flags.data, id, flags.templates ? { templatesDir: flags.templates } : {}));
  // A print service prints what it gets: text that runs off a card is an error here, before anything is written.
  const checked = renderProblems(models);
  if (checked.diagnostics.length > 0) throw new DataError(checked.diagnostics);
  if (checked.overflows.length > 0) throw overflowError("syzygy pod", checked.overflows, "a print service would print it cut off");
  // Written into a staged copy of each game's folder and moved into place together, as a build's
  // outputs are (src/pipeline/output-set.ts): a failed or killed export leaves the previous set, never
  // a new zip beside an old PDF.
  let staging: StagedOutput;
  try {
    staging = StagedOutput.open(flags.out, ids, "syzygy pod");
  } catch (err) {
    throw new CliError(`syzygy pod: ${err instanceof Error ? err.message : String(err)}`);
  }
  using staged = staging;
  const results = await makePod(models, { outDir: staged.stageRoot, services, bleedMm });
  staged.commit();
  const landed = results.map((r) => ({ ...r, files: r.files.map((f) => staged.publicPath(f)) }));
  printPod(landed, { services });
  return landed;
}

export function declare(command: Command): void {
  command
    .argument("[game...]", GAMES_ARGUMENT_HELP)
    .option("--service <service>", "tgc (The Game Crafter), dtc (DriveThruCards) or all", "all")
    .option("--bleed-mm <mm>", "bleed of the DriveThruCards pages (The Game Crafter's is fixed at 1/8 in)", String(DEFAULT_POD_BLEED_MM))
    .option("--data <dir>", "data folder", "./data")
    .option("--templates <dir>", "templates folder (default: ../templates next to the data folder)")
    .option("--out <dir>", "output folder (exports go to <out>/<game>/pod/<service>/)", "./out")
    .action(async (games: string[], flags: PodFlags) => {
      await runPod(games, flags);
    });
}
