/**
 * `syzygy new <id> [--from-csv FILE | --engine]` — a new game that builds as it is:
 * data/<id>/ (game.yaml, the deck, icons, a README) and templates/<id>/ (a face and a back), plus
 * the editor schemas in data/schema/ where they are missing. Without --from-csv the deck is a
 * 52-card poker deck; with it, the spreadsheet's rows (CSV or XLSX). With --engine it also gets a
 * rules engine (a copy of the template engine src/engine/_scaffold, src/scaffold/engine.ts) in src/engine/<id>/.
 */
import type { Command } from "commander";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import { checkGame } from "../../model/load";
import { formatDiagnostic, sortDiagnostics } from "../../model/diagnostics";
import { CODE_GAME_IDS } from "../../model/registry";
import { SHARED_TEMPLATES } from "../../model/template-file";
import { jsonSchemaFiles } from "../../model/json-schema";
import { gameFolders, writeScaffold, type ScaffoldFiles } from "../../scaffold/files";
import { pokerGame } from "../../scaffold/poker";
import { engineGame } from "../../scaffold/engine";
import { gameFromSheet, PRINTED_PARTS, type SheetScaffold } from "../../scaffold/from-sheet";
import { columnMapLines } from "../column-map-print";
import { CliError, UsageError } from "../errors";

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
  const made: Partial<SheetScaffold> & { files: ScaffoldFiles; icons: string[] } =
    flags.engine === true ? { files: engineGame(id), icons: [] } : sheets === undefined ? { files: pokerGame(id), icons: [] } : gameFromSheet(id, sheets);
  const files: ScaffoldFiles = new Map(made.files);
  const schemas = jsonSchemaFiles();
  for (const name of SHARED_SCHEMAS) files.set(`data/schema/${name}`, schemas.get(name)!);
  for (const folder of gameFolders(files, roots)) {
    if (existsSync(folder)) throw new UsageError(`syzygy new: ${shown(folder)} already exists; choose another id or move it away`);
  }
  if (sheets !== undefined) refuseUnlessValid(files, id, sheets, roots);
  const written = writeScaffold(files, roots);
  for (const { ref, columnMap } of made.columnMaps ?? []) {
    const lines = columnMapLines(shown(resolve(roots.data, id, ref)), columnMap, (field) => PRINTED_PARTS.has(field));
    process.stdout.write(`Column map (which column feeds which part of the card; npx syzygy validate ${id} --columns shows it again):\n${lines.map((l) => `  ${l}`).join("\n")}\n`);
  }
  if (made.icons.length > 0) {
    process.stdout.write(`${made.icons.length} placeholder icon${made.icons.length === 1 ? "" : "s"} for the sheet's icon tokens (${made.icons.join(" ")}) in ${shown(resolve(roots.data, id, "icons"))}/: draw the real ones over them\n`);
  }
  for (const d of made.decks ?? []) process.stdout.write(`deck ${d.id}: ${d.ref}, ${d.cards} cards\n`);
  for (const line of made.skipped ?? []) process.stdout.write(`${line}\n`);
  for (const f of written) process.stdout.write(`  ${shown(f)}\n`);
  if (flags.engine === true) {
    process.stdout.write(
      `${id}: a new game with a rules engine. Next: add it to GAMES in src/games/list.ts, then npm run gen && npx tsx scripts/make-playthroughs.ts ${id} && npx tsx scripts/make-examples.ts ${id} && npm test (docs/engines.md "Adding a game")\n`,
    );
  } else process.stdout.write(`${id}: a new game. Next: npx syzygy build ${id}   (edit ${shown(resolve(roots.data, id))}/game.yaml and the templates, then build again)\n`);
  return 0;
}

/**
 * A game made from a sheet is checked as `validate` checks it, in a scratch folder, before
 * anything is written: a sheet whose ids, cells or rows the game could not hold (an id such as
 * "__proto__", a cell past the text limit, more cards than a game has) is refused here, at the
 * sheet's own line and column, instead of leaving a game that fails its first validate.
 */
function refuseUnlessValid(files: ScaffoldFiles, id: string, sheets: readonly string[], roots: { data: string; templates: string }): void {
  const scratch = mkdtempSync(join(tmpdir(), "syzygy-new-"));
  try {
    const at = { data: join(scratch, "data"), templates: join(scratch, "templates"), engine: join(scratch, "engine") };
    writeScaffold(files, at);
    const { diagnostics } = checkGame(at.data, id, { templatesDir: at.templates });
    if (diagnostics.length === 0) return;
    const copies = sheets.map((sheet) => sheet.replace(/#.*$/, ""));
    // The sheets are copied byte for byte: a problem in a copy is at the same line:col of the sheet.
    const inSheets = (text: string): string => copies.reduce((t, copy) => t.split(join(at.data, id, basename(copy))).join(copy), text);
    const lines = sortDiagnostics(diagnostics)
      .slice(0, 20)
      .map((d) => `  ${inSheets(formatDiagnostic(d)).split(at.data).join(shown(roots.data)).split(at.templates).join(shown(roots.templates))}`);
    const more = diagnostics.length > lines.length ? `\n  … and ${diagnostics.length - lines.length} more` : "";
    throw new CliError(`syzygy new: the game made from ${copies.join(", ")} would not validate, so nothing was written:\n${lines.join("\n")}${more}\nfix the sheet (ids are made from the names: rename a card or add an "id" column) and run syzygy new again`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
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
