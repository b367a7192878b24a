/**
 * `syzygy validate [--data DIR]` — checks every data file and cross-reference of every game and
 * prints every problem as file:line:col. Exit 0 valid, 1 invalid data, 2 usage error.
 */
import type { Command } from "commander";
import { checkAll, displayPath } from "../../model/load";
import { DataError } from "../../model/errors";
import { resolve } from "node:path";

interface ValidateOptions {
  data: string;
  templates?: string;
}

export function validateCommand(opts: ValidateOptions): number {
  const r = checkAll(opts.data, { templatesDir: opts.templates });
  if (r.diagnostics.length > 0) throw new DataError(r.diagnostics);
  for (const m of r.models) {
    const pieces = m.components.reduce((n, c) => n + c.count, 0);
    process.stdout.write(`ok ${m.id}: ${m.components.length} components, ${pieces} pieces, ${m.deck.length} deck cards\n`);
  }
  process.stdout.write(`${displayPath(resolve(opts.data))}: ${r.models.length} games valid\n`);
  return 0;
}

export function register(program: Command): void {
  program
    .command("validate")
    .description("check every YAML data file and cross-reference; report every problem with file:line:col")
    .option("--data <dir>", "data folder", "./data")
    .option("--templates <dir>", "templates folder (default: <data>/../templates, else syzygy's own)")
    .addHelpText("after", "\nExit codes: 0 valid, 1 invalid data (every problem is listed), 2 usage error.")
    .action((opts: ValidateOptions) => {
      process.exitCode = validateCommand(opts);
    });
}
