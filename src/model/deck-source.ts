/**
 * Which file holds a game's deck: deck.yaml, or the spreadsheet that components name with
 * `deck:` in game.yaml. A game has one deck (the engine plays it, codegen writes it), so every
 * `deck:` must name the same file, and deck.yaml must not sit beside it unused.
 */
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { z } from "zod";
import { diagnostics, formatPath, type Diagnostic, type PathSegment } from "./diagnostics";
import { parseDeckRef, readSheetDeck, type DeckRef, type SheetDeck } from "./deck-sheet";
import type { ComponentFile } from "./schema/game";
import type { YamlSource } from "./yaml-source";

export interface SheetRef {
  ref: DeckRef;
  /** game.yaml's `columns:` (heading → field) on the component naming the sheet. */
  columns?: Record<string, string>;
  /** Where game.yaml names it. */
  path: PathSegment[];
}

/** The spreadsheet the game's deck comes from, if a component names one. */
export function deckSheetOf(parts: { components: { c: ComponentFile; index: number }[] }, src: YamlSource, problems: Diagnostic[]): SheetRef | undefined {
  let first: { value: string; path: PathSegment[]; columns?: Record<string, string> } | undefined;
  for (const { c, index } of parts.components) {
    if (c.deck === undefined) continue;
    const path = ["components", index, "deck"];
    if (first === undefined) first = { value: c.deck, path, columns: c.columns };
    else if (c.deck !== first.value) problems.push(diagnostics.twoDecks(src.locate(path), path, first.value, c.deck));
  }
  return first && { ref: parseDeckRef(first.value), path: first.path, columns: first.columns };
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
export function readDeckSheet(sheet: SheetRef, where: Where, deckSchema: z.ZodType): SheetDeck | undefined {
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
  if (existsSync(join(gameDir, "deck.yaml"))) problems.push(diagnostics.deckYamlUnused(loc, sheet.path, sheet.ref.file, display(join(gameDir, "deck.yaml"))));
  const read = readSheetDeck(abs, display(abs), absData, sheet.ref, deckSchema, { columns: sheet.columns });
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
