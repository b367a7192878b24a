/**
 * Loads and validates data/<game>/{game,deck,rules,reference}.yaml into a GameModel.
 *
 *   loadGame(dataDir, gameId, opts?) → GameModel    throws DataError / UnknownGameError / DataFolderMissingError
 *   loadAll(dataDir, opts?)          → GameModel[]  every game, all problems of all games in one DataError
 *   checkGame / checkAll             → the same, returning { model(s), diagnostics } instead of throwing
 *
 * Every problem is collected (not just the first), located at file:line:col.
 */
import { projectRepo, runGit } from "./git";
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { gameFonts } from "./fonts";
import { fileURLToPath } from "node:url";
import { diagnostics, formatLocation, type Diagnostic, type Location, type PathSegment } from "./diagnostics";
import { DataError, DataFolderMissingError, UnknownGameError } from "./errors";
import { CODE_GAME_IDS, codeGameSchemas, plainGameSchemas, type GameSchemas } from "./registry";
import { resolvePointer } from "./pointer";
import { cardFieldsSchema, componentSchema, gameSchema, type ComponentFile, type FieldValue, type GameFile, type ItemFile, type StyleFile } from "./schema/game";
import { referenceSchema, type ReferenceFile } from "./schema/reference";
import { buildTable } from "./tables";
import type { Colours, Component, GameModel, Item, LoadOptions, PlayerSet, Section, Style, TemplateRef } from "./types";
import { MAX_COUNT, MAX_GAME_AREA_M2, MAX_GAME_CHARS, MAX_GAME_PIECES, MAX_ITEM_CHARS, printedChars, textProblems } from "./limits";
import { notAnImage } from "./read-text";
import { artProblem } from "./image-assets";
import { readYaml, type YamlSource } from "./yaml-source";
import { deckSheetsOf, readDeckSheet, sheetDiagnostic, sheetDisplay } from "./deck-source";
import { declaredFields, withoutExtras, type SheetDeck } from "./deck-sheet";
import { validateWith } from "./zod-issues";
import { loadIcons, unknownIconTokens, type IconSet } from "./icons";
import { templateFile, templateNames } from "./template-file";

export const DATA_FILES = ["game.yaml", "deck.yaml", "rules.yaml", "reference.yaml"] as const;
/** data/schema/ holds the generated JSON Schema files, not a game. */
const SCHEMA_DIR = "schema";

/** The package's own templates/ folder. */
export const PACKAGE_TEMPLATES_DIR = fileURLToPath(new URL("../../templates", import.meta.url));

/** Where a game's game.yaml says players.max, as file:line:col (for messages about the count). */
export function playersMaxAt(model: GameModel): string {
  return formatLocation(readYaml(model.paths.game, displayPath(model.paths.game)).source.locate(["players", "max"]));
}

/** Paths in messages: relative to the working directory when inside it, else absolute. */
export function displayPath(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : abs;
}

export function defaultTemplatesDir(dataDir: string): string {
  const sibling = resolve(dataDir, "..", "templates");
  return existsSync(sibling) && statSync(sibling).isDirectory() ? sibling : PACKAGE_TEMPLATES_DIR;
}

function assertDataDir(dataDir: string): string {
  const abs = resolve(dataDir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new DataFolderMissingError(dataDir);
  return abs;
}

/**
 * The games of a data folder: every folder holding a game.yaml (schema/ and dot-folders aside).
 * Games with code come first, in the order of the one list, then the others by name.
 */
export function gameIds(dataDir: string): string[] {
  const absData = assertDataDir(dataDir);
  const found: string[] = [];
  for (const entry of readdirSync(absData, { withFileTypes: true })) {
    if (isGameFolderName(entry.name) && entry.isDirectory() && existsSync(join(absData, entry.name, "game.yaml"))) found.push(entry.name);
  }
  const code = CODE_GAME_IDS.filter((id) => found.includes(id));
  return [...code, ...found.filter((id) => !code.includes(id)).sort()];
}

function isGameFolderName(name: string): boolean {
  return name !== SCHEMA_DIR && !name.startsWith(".");
}

/** Throws UnknownGameError (a usage error) unless `gameId` is a game of the data folder. */
export function assertGame(dataDir: string, gameId: string): void {
  const ids = gameIds(dataDir);
  if (!ids.includes(gameId)) throw new UnknownGameError(gameId, ids);
}

/** The schemas game.yaml's `cardFields` asks for (games without code), once game.yaml is read. */
function schemasOf(gameId: string, gameSrc: YamlSource | undefined, problems: Diagnostic[]): GameSchemas {
  const code = codeGameSchemas(gameId);
  const value = gameSrc?.value;
  const raw = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const name = typeof raw.name === "string" && raw.name !== "" ? raw.name : gameId;
  if (code !== undefined) {
    if (raw.cardFields !== undefined && gameSrc) problems.push(diagnostics.cardFieldsOfCode(gameSrc.locate(["cardFields"], { key: true }), gameId));
    return code;
  }
  const fields = cardFieldsSchema.safeParse(raw.cardFields ?? {});
  if (!fields.success) return plainGameSchemas(gameId, name); // the game schema reports it
  const own = Object.keys(fields.data).filter((f) => RESERVED_CARD_FIELDS.includes(f));
  for (const f of own) if (gameSrc) problems.push(diagnostics.reservedCardField(gameSrc.locate(["cardFields", f], { key: true }), f, RESERVED_CARD_FIELDS));
  return plainGameSchemas(gameId, name, fields.data);
}

/** Fields every card has already (id, name, the printed fields) and spreadsheet columns with a meaning of their own. */
const RESERVED_CARD_FIELDS = ["id", "name", "index", "title", "subtitle", "text", "flavor", "style", "image", "copies", "count", "fields"];

export function checkGame(dataDir: string, gameId: string, opts: LoadOptions = {}): { model?: GameModel; diagnostics: Diagnostic[] } {
  const absData = assertDataDir(dataDir);
  assertGame(dataDir, gameId);
  const gameDir = join(absData, gameId);
  const templatesDir = resolve(opts.templatesDir ?? defaultTemplatesDir(absData));
  const problems: Diagnostic[] = [];
  const read = (file: string) => {
    const abs = join(gameDir, file);
    const r = readYaml(abs, displayPath(abs), absData);
    problems.push(...r.diagnostics);
    if (r.source.value === undefined) return undefined;
    problems.push(...textProblems(r.source));
    return r.source;
  };
  const validate = <T>(schema: Parameters<typeof validateWith>[0], src: YamlSource | undefined): T | undefined => {
    if (src === undefined) return undefined;
    const v = validateWith(schema, src);
    if (!v.ok) {
      problems.push(...v.diagnostics);
      return undefined;
    }
    return v.value as T;
  };

  const gameSrc = read("game.yaml");
  const schemas = schemasOf(gameId, gameSrc, problems);
  // A game without code may leave out rules.yaml and reference.yaml (nothing reads them then).
  const readOptional = (file: string) => (schemas.hasCode || existsSync(join(gameDir, file)) ? read(file) : undefined);
  const game = validate<GameFile>(gameSchema, gameSrc);
  const parts = gameSrc === undefined ? undefined : game ? wholeGame(game) : validParts(gameSrc.value);
  const sheetRefs = parts && gameSrc ? deckSheetsOf(parts, gameSrc, problems, schemas.hasCode) : [];
  const where = gameSrc && { src: gameSrc, absData, gameDir, problems, display: displayPath };
  const sheets = where ? sheetRefs.map((ref) => ({ ref, sheet: readDeckSheet(ref, where, schemas.deck, (f) => sheetDisplay(ref, sheetRefs, f)) })) : [];
  const sheetSrcs: (YamlSource | undefined)[] = sheets.map(({ sheet }) => (sheet?.source.value === undefined ? undefined : sheet.source));
  for (const src of sheetSrcs) if (src) problems.push(...textProblems(src));
  let yamlDeckSrc: YamlSource | undefined;
  if (sheetRefs.length > 0 && gameSrc) {
    const deckYaml = join(gameDir, "deck.yaml");
    if (existsSync(deckYaml)) problems.push(diagnostics.deckYamlUnused(gameSrc.locate(sheetRefs[0].path), sheetRefs[0].path, sheetRefs[0].ref.file, displayPath(deckYaml)));
  } else {
    const deckUsed = parts === undefined || parts.components.some(({ c }) => c.from === "deck");
    yamlDeckSrc = deckUsed || schemas.hasCode || existsSync(join(gameDir, "deck.yaml")) ? read("deck.yaml") : undefined;
  }
  const rulesSrc = readOptional("rules.yaml");
  const refSrc = readOptional("reference.yaml");
  const icons = gameIcons(gameDir, absData, [gameSrc, yamlDeckSrc, ...sheetSrcs, rulesSrc, refSrc], problems);
  const yamlDeck = yamlDeckSrc === undefined ? undefined : deckData(yamlDeckSrc, "deck.yaml", validate<{ cards: Record<string, unknown>[] }>(schemas.deck, yamlDeckSrc), problems);
  const sheetDecks = sheets.map(({ ref, sheet }, i) => {
    const src = sheetSrcs[i];
    // A sheet's extra columns are text fields no schema declares: the card schema checks the rest.
    const checked = sheet && src ? { ...src, value: withoutExtras(src.value as { cards: Record<string, unknown>[] }, sheet.extraFields) } : undefined;
    return deckData(src, ref.value, validate<{ cards: Record<string, unknown>[] }>(schemas.deck, checked), problems, sheet);
  });
  /** The main deck: what `from: deck` and an engine read (deck.yaml, else the first sheet). */
  const mainDeck = sheetDecks[0] ?? yamlDeck;
  const rulesAbsent = !schemas.hasCode && rulesSrc === undefined && !existsSync(join(gameDir, "rules.yaml"));
  const rulesDoc = rulesAbsent ? { rules: {} } : validate<{ rules: unknown }>(schemas.rules, rulesSrc);
  const reference = validate<ReferenceFile>(referenceSchema, refSrc);
  const rules = rulesDoc?.rules;
  // One home for the player range: the engine's (derived from its rules); game.yaml must agree.
  const engineRange = rulesDoc !== undefined ? schemas.playerRange?.(rules) : undefined;
  if (engineRange && game && gameSrc && (game.players.min !== engineRange.min || game.players.max !== engineRange.max))
    problems.push(diagnostics.playersOfEngine(gameSrc.locate(["players"]), gameId, game.players, engineRange, rulesSrc?.displayPath ?? "rules.yaml"));

  // Cross-reference checks also run on the parts of a file that are valid, so one run reports everything.
  const rawPages = listAt(refSrc?.value, "pages");
  if (refSrc && rawPages) uniqueIds(rawPages, ["pages"], refSrc, problems);
  const rulesName = rulesSrc?.displayPath ?? displayPath(join(gameDir, "rules.yaml"));
  const sections = reference && refSrc ? resolvePages(reference, refSrc, rules, rulesDoc !== undefined, rulesName, problems) : undefined;

  let model: GameModel | undefined;
  if (parts && gameSrc) {
    if (parts.id !== undefined && parts.id !== gameId) problems.push(diagnostics.idMismatch(gameSrc.locate(["id"]), ["id"], parts.id, gameId));
    const ctx: Ctx = {
      gameId,
      parts,
      src: gameSrc,
      absData,
      gameDir,
      templatesDir,
      checkTemplates: opts.checkTemplates !== false,
      mainDeck,
      sheetDecks: new Map(sheetDecks.map((d) => [d.name, d])),
      reference,
      sections,
      rules,
      rulesOk: rulesDoc !== undefined,
      rulesName,
      refSrc,
      printedChars: 0,
      overLong: new Set(),
      problems,
    };
    const components = buildComponents(ctx);
    const fonts = game ? gameFonts(game.fonts ?? [], gameSrc, gameDir, absData, problems) : [];
    gameTotals(ctx, components);
    if (game && problems.length === 0) {
      model = {
        id: game.id,
        name: game.name,
        description: game.description,
        ...(game.version === undefined ? {} : { version: game.version === "git" ? gitDescription(absData, gameDir) : game.version }),
        deckFields: [...new Set([...declaredFields(schemas.deck), ...sheets.flatMap(({ sheet }) => [...(sheet?.extraFields.keys() ?? [])])])],
        players: game.players,
        palette: game.colours,
        styles: buildStyles(ctx),
        icons,
        fonts,
        components,
        deck: mainDeck?.cards ?? [],
        rules,
        paths: {
          dataDir: absData,
          gameDir,
          templatesDir,
          game: join(gameDir, "game.yaml"),
          deck: sheetRefs.length > 0 ? resolve(gameDir, sheetRefs[0].ref.file) : join(gameDir, "deck.yaml"),
          rules: join(gameDir, "rules.yaml"),
          reference: join(gameDir, "reference.yaml"),
        },
      };
    }
  }
  const shown = problems.map((d) => sheets.reduce((out, { sheet }) => (sheet ? sheetDiagnostic(out, sheet) : out), d));
  return { model: problems.length === 0 ? model : undefined, diagnostics: shown };
}

/** The game's icons; every `:name:` in its text must name one (checked once the icon files are sound). */
function gameIcons(gameDir: string, absData: string, sources: (YamlSource | undefined)[], problems: Diagnostic[]): IconSet {
  const r = loadIcons(gameDir, absData);
  problems.push(...r.diagnostics);
  if (r.diagnostics.length === 0) for (const src of sources) problems.push(...unknownIconTokens(src, r.icons, displayPath(join(gameDir, "icons"))));
  return r.icons;
}

export function checkAll(dataDir: string, opts: LoadOptions = {}): { models: GameModel[]; diagnostics: Diagnostic[] } {
  const absData = assertDataDir(dataDir);
  const models: GameModel[] = [];
  const all: Diagnostic[] = [];
  for (const entry of readdirSync(absData, { withFileTypes: true })) {
    if (!entry.isDirectory() || !isGameFolderName(entry.name) || existsSync(join(absData, entry.name, "game.yaml"))) continue;
    all.push(diagnostics.notAGameFolder({ file: displayPath(join(absData, entry.name)) }, entry.name));
  }
  for (const id of gameIds(dataDir)) {
    const r = checkGame(dataDir, id, opts);
    if (r.model) models.push(r.model);
    all.push(...r.diagnostics);
  }
  return { models: all.length === 0 ? models : [], diagnostics: all };
}

export function loadGame(dataDir: string, gameId: string, opts: LoadOptions = {}): GameModel {
  const r = checkGame(dataDir, gameId, opts);
  if (r.model === undefined) throw new DataError(r.diagnostics);
  return r.model;
}

export function loadAll(dataDir: string, opts: LoadOptions = {}): GameModel[] {
  const r = checkAll(dataDir, opts);
  if (r.diagnostics.length > 0) throw new DataError(r.diagnostics);
  return r.models;
}

// ---- cross-references ----------------------------------------------------------------------

/** The parts of game.yaml that passed their schema; with `whole`, all of it did. */
interface GameParts {
  id?: string;
  palette: Record<string, string>;
  paletteOk: boolean;
  styles: Record<string, StyleFile>;
  stylesOk: boolean;
  components: { c: ComponentFile; index: number }[];
}

function wholeGame(game: GameFile): GameParts {
  return {
    id: game.id,
    palette: game.colours,
    paletteOk: true,
    styles: game.styles ?? {},
    stylesOk: true,
    components: game.components.map((c, index) => ({ c, index })),
  };
}

/** When game.yaml has schema errors: keep what is valid so its cross-references are still checked. */
function validParts(value: unknown): GameParts {
  const obj = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const palette = gameSchema.shape.colours.safeParse(obj.colours);
  const styles = gameSchema.shape.styles.safeParse(obj.styles);
  const components: { c: ComponentFile; index: number }[] = [];
  (Array.isArray(obj.components) ? obj.components : []).forEach((raw, index) => {
    const r = componentSchema.safeParse(raw);
    if (r.success) components.push({ c: r.data, index });
  });
  return {
    id: typeof obj.id === "string" ? obj.id : undefined,
    palette: palette.success ? palette.data : {},
    paletteOk: palette.success,
    styles: styles.success ? (styles.data ?? {}) : {},
    stylesOk: styles.success,
    components,
  };
}

function listAt(value: unknown, key: string): { id?: unknown }[] | undefined {
  const list = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list.map((x) => (x !== null && typeof x === "object" ? (x as { id?: unknown }) : {})) : undefined;
}

/** One deck's cards as a component reads them. */
interface DeckData {
  cards?: Record<string, unknown>[];
  ok: boolean;
  src?: YamlSource;
  /** deck.yaml, or the spreadsheet a component names (as written in game.yaml). */
  name: string;
  /** Spreadsheet decks: printed copies of each card (its copies column). */
  copies?: number[];
  /** Spreadsheet decks: each card's extra columns (text fields no schema declares). */
  extras?: Record<string, unknown>[];
  /** Pieces the deck file holds even when it has schema errors (rows × copies). */
  rawPieces?: number;
}

/** A deck file read and validated; its card ids are checked unique (ids made from names are checked as the sheet is read). */
function deckData(src: YamlSource | undefined, name: string, valid: { cards: Record<string, unknown>[] } | undefined, problems: Diagnostic[], sheet?: SheetDeck): DeckData {
  const rawCards = listAt(src?.value, "cards");
  if (src && rawCards && sheet?.derivedIds !== true) uniqueIds(rawCards, ["cards"], src, problems);
  return {
    cards: valid?.cards,
    ok: valid !== undefined,
    src,
    name,
    copies: sheet?.copies,
    extras: sheet && src ? extrasOf(src.value, sheet.extraFields) : undefined,
    rawPieces: sheet ? (src === undefined ? undefined : sheet.copies.reduce((n, k) => n + k, 0)) : rawCards?.length,
  };
}

interface Ctx {
  gameId: string;
  parts: GameParts;
  src: YamlSource;
  absData: string;
  gameDir: string;
  templatesDir: string;
  checkTemplates: boolean;
  /** What `from: deck` reads: deck.yaml, else the first spreadsheet deck. */
  mainDeck?: DeckData;
  /** Spreadsheet decks by their `deck:` value. */
  sheetDecks: Map<string, DeckData>;
  reference?: ReferenceFile;
  sections?: Section[][];
  rules: unknown;
  rulesOk: boolean;
  rulesName: string;
  refSrc?: YamlSource;
  /** Printed characters of every item built so far, for the whole-game limit. */
  printedChars: number;
  /** Items already reported over the text limit (a reference page may be used by two components). */
  overLong: Set<string>;
  problems: Diagnostic[];
}

function uniqueIds(list: readonly { id?: unknown }[], at: PathSegment[], src: YamlSource, problems: Diagnostic[]): void {
  const seen = new Map<string, Location>();
  list.forEach((x, i) => {
    if (typeof x.id !== "string") return; // reported by the schema
    const id = x.id;
    const path = [...at, i, "id"];
    const first = seen.get(id);
    if (first) problems.push(diagnostics.duplicateId(src.locate(path), path, id, first));
    else seen.set(id, src.locate(path));
  });
}

function colour(ctx: Ctx, value: string, path: PathSegment[]): string {
  if (value.startsWith("#")) return value.toLowerCase();
  const hex = ctx.parts.palette[value];
  if (hex === undefined) {
    if (ctx.parts.paletteOk) ctx.problems.push(diagnostics.unknownName(ctx.src.locate(path), path, "colour", value, Object.keys(ctx.parts.palette)));
    return "#000000";
  }
  return hex.toLowerCase();
}

function colours(ctx: Ctx, roles: Record<string, string> | undefined, path: PathSegment[]): Colours {
  const out: Colours = {};
  for (const [role, value] of Object.entries(roles ?? {})) out[role] = colour(ctx, value, [...path, role]);
  return out;
}

function buildStyles(ctx: Ctx): Style[] {
  return Object.entries(ctx.parts.styles).map(([id, s]) => ({
    id,
    name: s.name,
    symbol: s.symbol,
    glyph: s.glyph,
    label: s.label,
    colours: colours(ctx, s.colours, ["styles", id, "colours"]),
  }));
}

function template(ctx: Ctx, name: string, path: PathSegment[], checked: Set<string>): TemplateRef {
  const file = templateFile(ctx.templatesDir, ctx.gameId, name);
  if (ctx.checkTemplates && !checked.has(name)) {
    checked.add(name);
    if (!existsSync(file)) {
      ctx.problems.push(diagnostics.templateMissing(ctx.src.locate(path), path, name, displayPath(file), templateNames(ctx.templatesDir, ctx.gameId)));
    }
  }
  return { name, file };
}

/** Resolves an asset path relative to the game folder; it must stay inside the data folder and exist. */
function asset(ctx: Ctx, value: string, path: PathSegment[], src: YamlSource = ctx.src): string | undefined {
  const loc = src.locate(path);
  const abs = resolve(ctx.gameDir, value);
  const inside = (p: string, root: string) => {
    const rel = relative(root, p);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  };
  if (isAbsolute(value) || !inside(abs, ctx.absData)) {
    ctx.problems.push(diagnostics.pathEscapes(loc, path, value));
    return undefined;
  }
  if (!existsSync(abs)) {
    ctx.problems.push(diagnostics.assetMissing(loc, path, value, displayPath(abs)));
    return undefined;
  }
  // A symlink inside data/ must not lead outside it either.
  if (!inside(realpathSync(abs), realpathSync(ctx.absData))) {
    ctx.problems.push(diagnostics.pathEscapes(loc, path, value));
    return undefined;
  }
  // The picture is checked as a face will draw it (header sizes, an SVG's own references), so
  // that what validates also builds.
  const wrong = notAnImage(abs) ?? artProblem(abs, [ctx.templatesDir, ctx.absData]);
  if (wrong !== undefined) {
    ctx.problems.push(diagnostics.assetNotImage(loc, path, value, wrong));
    return undefined;
  }
  return abs;
}

/** Counts an item's printed text (each set's variant is a face of its own) and reports an item over the limit where it is written. */
function printedText(ctx: Ctx, item: Item, where: { src?: YamlSource; path: PathSegment[] } | undefined): void {
  const { name, index, title, subtitle, text, flavor, fields, sections } = item;
  const chars = printedChars({ ...fields, name, index, title, subtitle, text, flavor, sections });
  ctx.printedChars += chars;
  if (chars <= MAX_ITEM_CHARS || where?.src === undefined) return;
  const key = `${where.src.absPath}#${where.path.join("/")}`;
  if (ctx.overLong.has(key)) return;
  ctx.overLong.add(key);
  ctx.problems.push(
    diagnostics.overLimit(where.src.locate(where.path), where.path, "the text printed on this item (characters, tables included)", chars, MAX_ITEM_CHARS, "shorten it or spread it over more items or pages"),
  );
}

/** Whole-game limits: every piece is rendered and imposed, so the sum is what a build must handle. */
function gameTotals(ctx: Ctx, valid: Component[]): void {
  const pieces = valid.reduce((n, c) => n + c.count, 0);
  const area = valid.reduce((a, c) => a + (c.count * c.size.width * c.size.height) / 1e6, 0);
  const at = ["components"];
  if (pieces > MAX_GAME_PIECES) {
    ctx.problems.push(diagnostics.overLimit(ctx.src.locate(at, { key: true }), at, "the pieces of all components together", pieces, MAX_GAME_PIECES, "lower the counts or split the game"));
  }
  if (ctx.printedChars > MAX_GAME_CHARS) {
    ctx.problems.push(diagnostics.overLimit(ctx.src.locate(at, { key: true }), at, "the text printed on all pieces together (characters)", ctx.printedChars, MAX_GAME_CHARS, "shorten the texts"));
  }
  if (area > MAX_GAME_AREA_M2) {
    ctx.problems.push(
      diagnostics.overLimit(ctx.src.locate(at, { key: true }), at, "the printed area of all pieces together (m², count × width × height)", area, MAX_GAME_AREA_M2, "lower the counts or the sizes"),
    );
  }
}

function rulesValue(ctx: Ctx, pointer: string, path: PathSegment[]): unknown {
  if (!ctx.rulesOk) return undefined; // rules.yaml itself is invalid: already reported
  const r = resolvePointer(ctx.rules, pointer);
  if (!r.ok) {
    ctx.problems.push(diagnostics.rulesRefMissing(ctx.src.locate(path), path, pointer, ctx.rulesName, r.detail));
    return undefined;
  }
  return r.value;
}

function resolveField(ctx: Ctx, value: FieldValue, path: PathSegment[]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => resolveField(ctx, v, [...path, i]));
  if (value !== null && typeof value === "object") return rulesValue(ctx, value.rules, [...path, "rules"]);
  return value;
}

function buildComponents(ctx: Ctx): Component[] {
  const seen = new Map<string, Location>();
  const styles = buildStyles(ctx);
  return ctx.parts.components.map(({ c, index }) => {
    const at: PathSegment[] = ["components", index];
    const first = seen.get(c.id);
    if (first) ctx.problems.push(diagnostics.duplicateId(ctx.src.locate([...at, "id"]), [...at, "id"], c.id, first));
    else seen.set(c.id, ctx.src.locate([...at, "id"]));
    return buildComponent(ctx, c, at, styles);
  });
}

function buildComponent(ctx: Ctx, c: ComponentFile, at: PathSegment[], styles: Style[]): Component {
  const checked = new Set<string>();
  const face = template(ctx, c.templates.face, [...at, "templates", "face"], checked);
  const back = c.templates.back === undefined ? undefined : template(ctx, c.templates.back, [...at, "templates", "back"], checked);
  const base = colours(ctx, c.colours, [...at, "colours"]);
  const sets: PlayerSet[] = (c.sets ?? []).map((s, si) => ({
    id: s.id,
    name: s.name,
    colour: colour(ctx, s.colour, [...at, "sets", si, "colour"]),
    symbol: s.symbol,
  }));
  if (c.sets) {
    const seenSets = new Map<string, Location>();
    c.sets.forEach((s, si) => {
      const p = [...at, "sets", si, "id"];
      const f = seenSets.get(s.id);
      if (f) ctx.problems.push(diagnostics.duplicateId(ctx.src.locate(p), p, s.id, f));
      else seenSets.set(s.id, ctx.src.locate(p));
    });
  }
  const reportedStyles = new Set<string>();
  const styleOf = (name: string | undefined, path: PathSegment[], src: YamlSource = ctx.src): Style | undefined => {
    if (name === undefined) return undefined;
    const s = styles.find((x) => x.id === name);
    // One message per unknown style name: a misspelt style in game.yaml would otherwise flag every card of the suit.
    if (s === undefined && ctx.parts.stylesOk && !reportedStyles.has(name) && reportedStyles.add(name)) ctx.problems.push(diagnostics.unknownName(src.locate(path), path, "style", name, styles.map((x) => x.id)));
    return s;
  };
  const makeItem = (raw: {
    id: string;
    name: string;
    copies?: number;
    index?: string;
    title?: string;
    subtitle?: string;
    text?: string;
    flavor?: string;
    style?: Style;
    image?: string;
    fields: Record<string, unknown>;
    templates?: { face?: string; back?: string };
    sections?: Section[];
    itemPath?: PathSegment[];
  }): Item => {
    const ip = raw.itemPath;
    const itemFace = raw.templates?.face !== undefined && ip ? template(ctx, raw.templates.face, [...ip, "templates", "face"], checked) : face;
    const itemBack = raw.templates?.back !== undefined && ip ? template(ctx, raw.templates.back, [...ip, "templates", "back"], checked) : back;
    return {
      id: raw.id,
      name: raw.name,
      copies: raw.copies ?? 1,
      index: raw.index,
      title: raw.title,
      subtitle: raw.subtitle,
      text: raw.text,
      flavor: raw.flavor,
      style: raw.style,
      colours: { ...base, ...(raw.style?.colours ?? {}) },
      fields: raw.fields,
      image: raw.image,
      templates: { face: itemFace, back: itemBack },
      sections: raw.sections ?? [],
    };
  };

  let items: Item[] = [];
  /** Where each item is written, to report its printed text there. */
  let written: { src?: YamlSource; path: PathSegment[] }[] = [];
  let how = "";
  const deck = c.deck !== undefined ? ctx.sheetDecks.get(c.deck) : c.from === "deck" ? ctx.mainDeck : undefined;
  if (c.from === "deck" || c.deck !== undefined) {
    const name = deck?.name ?? c.deck ?? "deck.yaml";
    how = deck?.copies === undefined ? `one per card in ${name}` : `the copies of each row of ${name}`;
    if (deck?.ok !== true) {
      // The deck has schema errors (reported); still compare its length with the count.
      if (deck?.rawPieces !== undefined && c.count !== undefined && deck.rawPieces !== c.count) {
        ctx.problems.push(diagnostics.countMismatch(ctx.src.locate([...at, "count"]), [...at, "count"], c.count, deck.rawPieces, how));
      }
      return shell();
    }
    written = (deck.cards ?? []).map((_card, i) => ({ src: deck.src, path: ["cards", i] }));
    items = (deck.cards ?? []).map((card, i) => {
      // Reported in deck.yaml, where the card names its style (explicitly or through the styleBy field).
      const explicit = card.style as string | undefined;
      const byField = c.styleBy !== undefined ? card[c.styleBy] : undefined;
      const style =
        explicit !== undefined
          ? styleOf(explicit, ["cards", i, "style"], deck.src)
          : byField === undefined
            ? undefined
            : styleOf(String(byField), ["cards", i, c.styleBy as string], deck.src);
      return makeItem({
        id: String(card.id),
        name: String(card.name),
        copies: deck.copies?.[i],
        index: card.index as string | undefined,
        title: card.title as string | undefined,
        subtitle: card.subtitle as string | undefined,
        text: card.text as string | undefined,
        flavor: card.flavor as string | undefined,
        style,
        image: card.image === undefined ? undefined : asset(ctx, String(card.image), ["cards", i, "image"], deck.src),
        fields: { ...deck.extras?.[i], ...card },
      });
    });
  } else if (c.from === "reference") {
    how = "one per page in reference.yaml";
    if (ctx.refSrc === undefined && !existsSync(join(ctx.gameDir, "reference.yaml"))) {
      ctx.problems.push(diagnostics.referenceMissing(ctx.src.locate([...at, "from"]), [...at, "from"], displayPath(join(ctx.gameDir, "reference.yaml"))));
    }
    if (ctx.reference === undefined || ctx.sections === undefined) return shell();
    written = ctx.reference.pages.map((_page, pi) => ({ src: ctx.refSrc, path: ["pages", pi] }));
    items = ctx.reference.pages.map((page, pi) =>
      makeItem({ id: page.id, name: page.title, title: page.title, subtitle: page.subtitle, fields: {}, sections: ctx.sections?.[pi] ?? [] }),
    );
  } else {
    how = sets.length > 0 ? `items × copies × ${sets.length} sets` : "sum of item copies";
    const inline = c.items ?? [];
    const ids = new Map<string, Location>();
    inline.forEach((it, ii) => {
      const p = [...at, "items", ii, "id"];
      const f = ids.get(it.id);
      if (f) ctx.problems.push(diagnostics.duplicateId(ctx.src.locate(p), p, it.id, f));
      else ids.set(it.id, ctx.src.locate(p));
    });
    const built = inline.map((it, ii) => inlineItem(ctx, it, [...at, "items", ii], c, styleOf));
    written = built.flatMap((b) => Array.from({ length: Math.max(1, sets.length) }, () => ({ src: ctx.src, path: b.itemPath })));
    items =
      sets.length === 0
        ? built.map((b) => makeItem(b))
        : built.flatMap((b) =>
            sets.map((set) => {
              const item = makeItem({ ...b, id: `${b.id}-${set.id}` });
              item.set = set;
              item.colours = { ...item.colours, set: set.colour };
              return item;
            }),
          );
  }
  items.forEach((item, k) => printedText(ctx, item, written[k]));
  const pieces = items.reduce((n, it) => n + it.copies, 0);
  // Left out, the count is what the items make; given, it must agree.
  if (c.count !== undefined && pieces !== c.count) ctx.problems.push(diagnostics.countMismatch(ctx.src.locate([...at, "count"]), [...at, "count"], c.count, pieces, how));
  if (c.count === undefined && pieces > MAX_COUNT) {
    ctx.problems.push(diagnostics.overLimit(ctx.src.locate([...at, "id"]), at, `the pieces of this component (${how})`, pieces, MAX_COUNT, "split the component into several"));
  }
  return { ...shell(), count: pieces, items };

  function shell(): Component {
    return {
      id: c.id,
      kind: c.kind,
      name: c.name,
      description: c.description,
      count: c.count ?? deck?.rawPieces ?? 0,
      size: c.size,
      shape: c.shape === undefined ? { kind: "rect", cornerRadius: 0 } : c.shape.kind === "rect" ? { kind: "rect", cornerRadius: c.shape.cornerRadius ?? 0 } : c.shape,
      templates: { face, back },
      backs: back === undefined ? "none" : (c.backs ?? "shared"),
      colours: base,
      sets,
      items: [],
      image: c.image === undefined ? undefined : asset(ctx, c.image, [...at, "image"]),
    };
  }
}

function inlineItem(
  ctx: Ctx,
  it: ItemFile,
  ip: PathSegment[],
  c: ComponentFile,
  styleOf: (name: string | undefined, path: PathSegment[]) => Style | undefined,
) {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(it.fields ?? {})) fields[k] = resolveField(ctx, v, [...ip, "fields", k]);
  const byField = c.styleBy !== undefined ? fields[c.styleBy] : undefined;
  const style =
    it.style !== undefined
      ? styleOf(it.style, [...ip, "style"])
      : byField === undefined
        ? undefined
        : styleOf(String(byField), [...ip, "fields", c.styleBy as string]);
  return {
    id: it.id,
    name: it.name,
    copies: it.copies,
    index: it.index,
    title: it.title,
    subtitle: it.subtitle,
    text: it.text,
    flavor: it.flavor,
    style,
    image: it.image === undefined ? undefined : asset(ctx, it.image, [...ip, "image"]),
    fields,
    templates: it.templates,
    itemPath: ip,
  };
}

function resolvePages(
  reference: ReferenceFile,
  src: YamlSource,
  rules: unknown,
  rulesOk: boolean,
  rulesName: string,
  problems: Diagnostic[],
): Section[][] {
  return reference.pages.map((page, pi) =>
    page.sections.map((s, si) => {
      const at: PathSegment[] = ["pages", pi, "sections", si, "table"];
      let table;
      if (s.table !== undefined && (s.table.rows !== undefined || rulesOk)) {
        const built = buildTable(s.table, rules);
        table = built.table;
        for (const p of built.problems) {
          const path = [...at, ...p.path];
          problems.push(
            p.kind === "ref"
              ? diagnostics.rulesRefMissing(src.locate(path), path, s.table.rules ?? "", rulesName, p.message)
              : diagnostics.tableCell(src.locate(path), path, p.message),
          );
        }
      }
      return { heading: s.heading, text: s.text, bullets: s.bullets ?? [], table, note: s.note };
    }),
  );
}

/** Each card's extra spreadsheet columns, by row. */
function extrasOf(value: unknown, extra: Map<string, number>): Record<string, unknown>[] {
  const cards = (value as { cards?: Record<string, unknown>[] } | undefined)?.cards ?? [];
  return cards.map((card) => Object.fromEntries(Object.entries(card).filter(([k]) => extra.has(k))));
}

/**
 * `version: git`: the project repository's description of its commit (`v0.3-2-gabc1234-dirty`),
 * else "git" (no repository of the user's own: see src/model/git.ts).
 */
function gitDescription(dataDir: string, gameDir: string): string {
  const repo = projectRepo(dataDir, gameDir);
  if ("problem" in repo) return "git";
  const r = runGit(repo, ["describe", "--tags", "--always", "--dirty"]);
  const text = r.out.toString("utf8").trim();
  return r.ok && text !== "" ? text : "git";
}
