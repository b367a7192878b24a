/**
 * Which files hold a game's decks: deck.yaml, or the spreadsheets that components name with
 * `deck:` in game.yaml. A game without a rules engine may have several (each card component its
 * own sheet: a CSV, or a tab of a workbook); a game with one plays one deck (codegen writes it),
 * so there every `deck:` must name the same sheet. deck.yaml must not sit beside sheets unused.
 */
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import type { z } from "zod";
import { diagnostics, formatPath, type Diagnostic, type PathSegment } from "./diagnostics";
import { parseDeckRef, readSheetDeck, type DeckRef, type SheetDeck } from "./deck-sheet";
import type { ComponentFile } from "./schema/game";
import type { YamlSource } from "./yaml-source";
import { MAX_DECK_SHEETS } from "./limits";

export interface SheetRef {
  ref: DeckRef;
  /** The `deck:` value as game.yaml writes it. */
  value: string;
  /** game.yaml's `columns:` (heading → field) on the component naming the sheet. */
  columns?: Record<string, string>;
  /** Where game.yaml names it. */
  path: PathSegment[];
}

/**
 * The spreadsheets the game's decks come from, one per distinct `deck:` value, in game.yaml order
 * (the first is the main deck: `from: deck` and an engine read it). `oneDeck`: the game has a
 * rules engine, which plays one deck.
 */
export function deckSheetsOf(parts: { components: { c: ComponentFile; index: number }[] }, src: YamlSource, problems: Diagnostic[], oneDeck: boolean): SheetRef[] {
  const refs: SheetRef[] = [];
  for (const { c, index } of parts.components) {
    if (c.deck === undefined || refs.some((r) => r.value === c.deck)) continue;
    const path = ["components", index, "deck"];
    if (oneDeck && refs.length > 0) problems.push(diagnostics.twoDecks(src.locate(path), path, refs[0].value, c.deck));
    else if (refs.length === MAX_DECK_SHEETS) problems.push(diagnostics.overLimit(src.locate(path), path, "the spreadsheet decks of one game", refs.length + 1, MAX_DECK_SHEETS, "put the cards of several decks in one sheet"));
    else refs.push({ ref: parseDeckRef(c.deck), value: c.deck, path, columns: c.columns });
  }
  return refs;
}

/** How a sheet is named in messages: its file, plus `#tab` when another deck reads another tab of the same workbook. */
export function sheetDisplay(sheet: SheetRef, all: readonly SheetRef[], fileShown: string): string {
  const shared = all.some((o) => o !== sheet && o.ref.file === sheet.ref.file);
  return shared && sheet.ref.sheet !== undefined ? `${fileShown}#${sheet.ref.sheet}` : fileShown;
}

interface Where {
  /** game.yaml */
  src: YamlSource;
  absData: string;
  gameDir: string;
  problems: Diagnostic[];
  /** A path as messages show it. */
  display: (abs: string) => string;
}

/** Reads the spreadsheet deck; problems with the reference itself are reported in game.yaml. */
export function readDeckSheet(sheet: SheetRef, where: Where, deckSchema: z.ZodType, shownAs: (fileShown: string) => string = (f) => f): SheetDeck | undefined {
  const { src, absData, gameDir, problems, display } = where;
  const loc = src.locate(sheet.path);
  const abs = resolve(gameDir, sheet.ref.file);
  const inside = (p: string, root: string) => {
    const rel = relative(root, p);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  };
  if (isAbsolute(sheet.ref.file) || !inside(abs, absData)) {
    problems.push(diagnostics.pathEscapes(loc, sheet.path, sheet.ref.file));
    return undefined;
  }
  if (!existsSync(abs)) {
    problems.push(diagnostics.assetMissing(loc, sheet.path, sheet.ref.file, display(abs)));
    return undefined;
  }
  if (!inside(realpathSync(abs), realpathSync(absData))) {
    problems.push(diagnostics.pathEscapes(loc, sheet.path, sheet.ref.file));
    return undefined;
  }
  const read = readSheetDeck(abs, shownAs(display(abs)), absData, sheet.ref, deckSchema, { columns: sheet.columns });
  problems.push(...read.diagnostics);
  return read;
}

/**
 * In a spreadsheet the row and column say which card: the path keeps only the column name, and
 * a required field left empty is reported at its cell rather than at the start of the row.
 */
export function sheetDiagnostic(d: Diagnostic, sheet: SheetDeck): Diagnostic {
  if (d.location.file !== sheet.source.displayPath) return d;
  const path = d.path.replace(/^cards(\[\d+\])?\.?/, "");
  const missing = d.code === "missing-key" ? /^missing required key "(.+)"$/.exec(d.message)?.[1] : undefined;
  const field = missing === undefined ? undefined : path === "" ? missing : `${path}.${missing}`;
  const col = field === undefined ? undefined : sheet.columns.get(field);
  if (field !== undefined && col !== undefined) return diagnostics.emptyCell({ ...d.location, col }, field);
  return path === d.path ? d : { ...d, path: path === "" ? "" : formatPath([path]) };
}
