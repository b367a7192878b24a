/**
 * `syzygy export-csv <game> [--component ID] [--out FILE] [--data DIR]` — writes a game's deck as
 * CSV (row 1 the card fields, one row per card, a copies column), so a designer can move the deck
 * to a spreadsheet and point game.yaml at it with `deck: cards.csv`. Exit 0, 1 invalid data or
 * unwritable file, 2 usage error.
 */
import { renameSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { checkGame, displayPath } from "../../model/load";
import { DataError } from "../../model/errors";
import { deckCsv } from "../../model/deck-sheet";
import { selectGames } from "../games";
import type { GameModel } from "../../model/types";
import { CliError, describeOsError, UsageError } from "../errors";
import { outFileOption } from "../paths";

interface ExportCsvOptions {
  data: string;
  component?: string;
  out?: string;
}

/** The CSV text of the deck that `componentId` (default: the one deck component) prints. */
export function exportCsvText(model: GameModel, componentId?: string): string {
  const deckIds = new Set(model.deck.map((c) => String(c.id)));
  const fromDeck = model.components.filter((c) => c.items.length === deckIds.size && c.items.every((i) => deckIds.has(i.id)));
  const component = componentId === undefined ? fromDeck[0] : fromDeck.find((c) => c.id === componentId);
  if (component === undefined) {
    const known = fromDeck.map((c) => c.id).join(", ") || "none";
    throw new UsageError(
      componentId === undefined
        ? `syzygy export-csv: ${model.id} has no component that prints its deck`
        : `syzygy export-csv: component "${componentId}" does not print the deck of ${model.id}; deck components: ${known}`,
    );
  }
  const copies = new Map(component.items.map((i) => [i.id, i.copies]));
  return deckCsv(model.deck, model.deck.map((c) => copies.get(String(c.id)) ?? 1));
}

export function exportCsvCommand(game: string, opts: ExportCsvOptions): number {
  selectGames("syzygy export-csv", [game], opts.data);
  outFileOption("syzygy export-csv", "--out", opts.out);
  const r = checkGame(opts.data, game, { checkTemplates: false });
  if (r.model === undefined) throw new DataError(r.diagnostics);
  const text = exportCsvText(r.model, opts.component);
  if (opts.out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  try {
    // Through a temp file and a rename: an interrupted export never leaves half a deck.
    writeFileSync(opts.out + ".tmp", text);
    renameSync(opts.out + ".tmp", opts.out);
  } catch (err) {
    throw new CliError(`syzygy export-csv: ${describeOsError(err) ?? (err instanceof Error ? err.message : "cannot write the file")}`);
  }
  process.stderr.write(`wrote ${r.model.deck.length} cards to ${displayPath(opts.out)}\n`);
  return 0;
}

export function declare(command: Command): void {
  command
    .argument("<game>", "a game id: the name of a folder of --data holding a game.yaml")
    .option("--component <id>", "the deck component to export (default: the one that prints the deck)")
    .option("--out <file>", "write to this file instead of standard output")
    .option("--data <dir>", "data folder", "./data")
    .addHelpText("after", "\nThen set `deck: <file>.csv` on the component in game.yaml and delete deck.yaml (docs/data-format.md, Spreadsheet decks).")
    .action((game: string, opts: ExportCsvOptions) => {
      process.exitCode = exportCsvCommand(game, opts);
    });
}
