/**
 * `syzygy new <id> [--from-csv FILE | --engine]` — a new game that builds as it is:
 * data/<id>/ (game.yaml, the deck, icons, a README) and templates/<id>/ (a face and a back), plus
 * the editor schemas in data/schema/ where they are missing. Without --from-csv the deck is a
 * 52-card poker deck; with it, the spreadsheet's rows (CSV or XLSX). With --engine it also gets a
 * rules engine (a copy of the template engine src/engine/_scaffold, src/scaffold/engine.ts) in src/engine/<id>/.
 */
import type { Command } from "commander";
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { CODE_GAME_IDS } from "../../model/registry";
import { SHARED_TEMPLATES } from "../../model/template-file";
import { jsonSchemaFiles } from "../../model/json-schema";
import { gameFolders, writeScaffold, type ScaffoldFiles } from "../../scaffold/files";
import { pokerGame } from "../../scaffold/poker";
import { engineGame } from "../../scaffold/engine";
import { gameFromSheet } from "../../scaffold/from-sheet";
import { UsageError } from "../errors";

interface NewFlags {
  /** One or more spreadsheets (repeated or several paths): one deck each. */
  fromCsv?: string | string[];
  data: string;
  templates?: string;
  engine?: boolean;
  engineDir?: string;
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Folders of templates/ and data/ that every game shares, so no game may take their names. */
const SHARED_FOLDERS = ["partials", SHARED_TEMPLATES, "schema"];

/** The editor schemas a game without an engine refers to (its YAML files name them). */
const SHARED_SCHEMAS = ["game.schema.json", "deck.schema.json", "rules.schema.json", "reference.schema.json"];

export function newCommand(id: string, flags: NewFlags): number {
  if (!ID.test(id)) throw new UsageError(`syzygy new: "${id}" is not a game id; use lowercase letters, digits and single hyphens, e.g. "moon-poker"`);
  if (SHARED_FOLDERS.includes(id)) throw new UsageError(`syzygy new: "${id}" names a folder every game shares (templates/${id}/ or data/${id}/); choose another id`);
  if (CODE_GAME_IDS.includes(id)) throw new UsageError(`syzygy new: "${id}" is a game with a rules engine in syzygy; choose another id`);
  const sheets = flags.fromCsv === undefined ? undefined : typeof flags.fromCsv === "string" ? [flags.fromCsv] : flags.fromCsv;
  for (const sheet of sheets ?? []) {
    if (statSync(sheet.replace(/#.*$/, ""), { throwIfNoEntry: false })?.isFile() !== true) {
      throw new UsageError(`syzygy new: --from-csv: ${existsSync(sheet.replace(/#.*$/, "")) ? "not a file" : "no such file"}: ${sheet}`);
    }
  }
  if (flags.engine === true && flags.fromCsv !== undefined) throw new UsageError("syzygy new: --engine writes its own deck (suit and rank are the engine's fields); leave out --from-csv");
  if (flags.engineDir !== undefined && flags.engine !== true) throw new UsageError("syzygy new: --engine-dir only applies with --engine");
  const roots = {
    data: resolve(flags.data),
    templates: resolve(flags.templates ?? resolve(flags.data, "..", "templates")),
    engine: resolve(flags.engineDir ?? resolve(flags.data, "..", "src", "engine")),
  };
  if (flags.engine === true && statSync(roots.engine, { throwIfNoEntry: false })?.isDirectory() !== true) {
    throw new UsageError(`syzygy new: --engine needs the engines' folder of a clone of syzygy: no folder ${shown(roots.engine)} (give it with --engine-dir)`);
  }
  const made =
    flags.engine === true
      ? { files: engineGame(id), renamed: [] as [string, string][], icons: [] as string[] }
      : sheets === undefined
        ? { files: pokerGame(id), renamed: [] as [string, string][], icons: [] as string[] }
        : gameFromSheet(id, sheets);
  const files: ScaffoldFiles = new Map(made.files);
  const schemas = jsonSchemaFiles();
  for (const name of SHARED_SCHEMAS) files.set(`data/schema/${name}`, schemas.get(name)!);
  for (const folder of gameFolders(files, roots)) {
    if (existsSync(folder)) throw new UsageError(`syzygy new: ${shown(folder)} already exists; choose another id or move it away`);
  }
  const written = writeScaffold(files, roots);
  for (const [column, field] of made.renamed) process.stdout.write(`column "${column}" is the field ${field} (game.yaml columns: maps it)\n`);
  if (made.icons.length > 0) {
    process.stdout.write(`${made.icons.length} placeholder icon${made.icons.length === 1 ? "" : "s"} for the sheet's tokens (${made.icons.map((i) => `:${i}:`).join(" ")}) in ${shown(resolve(roots.data, id, "icons"))}/: draw the real ones over them\n`);
  }
  for (const d of "decks" in made ? (made.decks ?? []) : []) process.stdout.write(`deck ${d.id}: ${d.ref}, ${d.cards} cards\n`);
  for (const line of "skipped" in made ? (made.skipped ?? []) : []) process.stdout.write(`${line}\n`);
  for (const f of written) process.stdout.write(`  ${shown(f)}\n`);
  if (flags.engine === true) {
    process.stdout.write(
      `${id}: a new game with a rules engine. Next: add it to GAMES in src/games/list.ts, then npm run gen && npx tsx scripts/make-playthroughs.ts ${id} && npx tsx scripts/make-examples.ts ${id} && npm test (docs/engines.md "Adding a game")\n`,
    );
  } else process.stdout.write(`${id}: a new game. Next: npx syzygy build ${id}   (edit ${shown(resolve(roots.data, id))}/game.yaml and the templates, then build again)\n`);
  return 0;
}

function shown(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel === "" || rel.startsWith("..") ? abs : rel;
}

export function declare(command: Command): void {
  command
    .argument("<id>", "the game's id and folder name (lowercase letters, digits, hyphens)")
    .option("--from-csv <file...>", "the deck is this spreadsheet (CSV, or XLSX with an optional #Sheet); row 1 names the fields. Several files (or a workbook of several tabs) give one deck each")
    .option("--data <dir>", "data folder", "./data")
    .option("--templates <dir>", "templates folder (default: ../templates next to the data folder)")
    .option("--engine", "also write a rules engine (an Oh Hell-shaped trick game, from the template src/engine/_scaffold) into src/engine/<id>/ of this clone")
    .option("--engine-dir <dir>", "the engines' folder for --engine (default: ../src/engine next to the data folder)")
    .action((id: string, flags: NewFlags) => {
      process.exitCode = newCommand(id, flags);
    });
}
