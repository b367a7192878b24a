/**
 * `syzygy validate [game...] [--data DIR]` — checks every data file and cross-reference of the
 * given games (default: every game of the data folder, which must hold no other folder) and
 * prints every problem as file:line:col. Exit 0 valid, 1 invalid data, 2 usage error.
 */
import type { Command } from "commander";
import { checkAll, checkGame, displayPath } from "../../model/load";
import { DataError } from "../../model/errors";
import { GAMES_ARGUMENT_HELP } from "../games";
import { formatDiagnostic, type Diagnostic } from "../../model/diagnostics";
import { columnMapOf } from "../column-map-print";
import type { GameModel } from "../../model/types";
import { resolve } from "node:path";
import { folderOption } from "../paths";
import { ttsSeatsProblem } from "../seats-check";

interface ValidateOptions {
  data: string;
  templates?: string;
  strict?: boolean;
  /** false (--no-render): the data only, not the templates and faces (faster, what editors need while typing). */
  render?: boolean;
  /** Print each spreadsheet deck's column map. */
  columns?: boolean;
}

function check(games: readonly string[], opts: ValidateOptions): { models: GameModel[]; diagnostics: Diagnostic[] } {
  folderOption("syzygy validate", "--templates", opts.templates);
  if (games.length === 0) return checkAll(opts.data, { templatesDir: opts.templates });
  const models: GameModel[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const game of new Set(games)) {
    const r = checkGame(opts.data, game, { templatesDir: opts.templates });
    if (r.model !== undefined) models.push(r.model);
    diagnostics.push(...r.diagnostics);
  }
  return { models, diagnostics };
}

export async function validateCommand(opts: ValidateOptions, games: readonly string[] = []): Promise<number> {
  const r = check(games, opts);
  if (r.diagnostics.length > 0) throw new DataError(r.diagnostics);
  for (const m of r.models) {
    const seats = ttsSeatsProblem(m);
    if (seats !== undefined) process.stderr.write(`warning: ${seats}\n`);
    for (const d of m.warnings ?? []) process.stderr.write(`warning: ${formatDiagnostic(d)}\n`);
  }
  if (opts.render !== false) {
    // The renderer is loaded only for games whose checks are not recorded for these exact bytes
    // (render-check-cache.ts); --no-render keeps validate to the model.
    const { cachedChecks } = await import("../render-check-cache");
    const results = await cachedChecks(r.models, {}, async (models) => {
      const { gameRenderProblems } = await import("../render-check");
      return models.map((m) => gameRenderProblems(m));
    });
    const diagnostics = results.flatMap((x) => x.diagnostics);
    const warnings = results.flatMap((x) => x.warnings);
    if (diagnostics.length > 0) throw new DataError(diagnostics);
    const overflows = warnings.filter((w) => w.kind === "overflow");
    if (opts.strict === true && overflows.length > 0) throw (await import("../render-check")).overflowError("syzygy validate --strict", overflows, "--strict");
    for (const w of warnings) process.stderr.write(`warning: ${w.where}: ${w.message}\n`);
  }
  for (const m of r.models) {
    if (opts.columns === true) process.stdout.write(columnMapOf(m));
    const pieces = m.components.reduce((n, c) => n + c.count, 0);
    process.stdout.write(`ok ${m.id}: ${m.components.length} components, ${pieces} pieces, ${m.deck.length} deck cards\n`);
  }
  process.stdout.write(`${displayPath(resolve(opts.data))}: ${r.models.length} ${r.models.length === 1 ? "game" : "games"} valid\n`);
  return 0;
}

export function declare(command: Command): void {
  command
    .argument("[game...]", GAMES_ARGUMENT_HELP)
    .option("--data <dir>", "data folder", "./data")
    .option("--templates <dir>", "templates folder (default: <data>/../templates, else syzygy's own)")
    .option("--strict", "text that does not fit its box is an error, not a warning")
    .option("--no-render", "check the data only, not the templates and every rendered face (faster)")
    .option("--columns", "also print each spreadsheet deck's column map: which column feeds which part of the card, which are not printed")
    .addHelpText("after", "\nExit codes: 0 valid, 1 invalid data (every problem is listed), 2 usage error.")
    .action(async (games: string[], opts: ValidateOptions) => {
      process.exitCode = await validateCommand(opts, games);
    });
}
