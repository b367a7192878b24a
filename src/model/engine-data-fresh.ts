/**
 * Is an engine's generated data (src/engine/<game>/data.gen.ts) what its data files say now?
 * The engine reads DECK and RULES as compiled constants, so after an edit of rules.yaml or the
 * deck, `simulate` and `replay` would silently run the old rules: they call `ensureFreshEngineData`
 * first, which regenerates the file and refuses this run, naming the file, the data file that
 * changed and what to do. An installed package has no src/: its data is compiled in, nothing to check.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { SyzygyError } from "../errors";
import { engineDataText } from "./codegen";
import { DataError } from "./errors";
import { checkGame } from "./load";
import { codeGameSchemas } from "./registry";

export interface StaleEngineData {
  /** The generated file, e.g. src/engine/<game>/data.gen.ts (absolute). */
  file: string;
  /** The data files whose content it no longer matches (absolute). */
  changed: string[];
  /** What the file should hold. */
  text: string;
}

/** The part of a data.gen.ts text from `export const NAME` to the next export (or the end). */
function section(text: string, name: string): string {
  const start = text.indexOf(`export const ${name}`);
  if (start < 0) return "";
  const next = text.indexOf("\nexport const ", start + 1);
  return next < 0 ? text.slice(start) : text.slice(start, next);
}

/** The engine data of `game` under `root` (a clone: data/ and src/) when it is out of date, else undefined. */
export function staleEngineData(root: string, game: string): StaleEngineData | undefined {
  const file = join(root, "src", "engine", game, "data.gen.ts");
  if (codeGameSchemas(game) === undefined || !existsSync(join(root, "src", "engine", game))) return undefined;
  const { model, diagnostics } = checkGame(join(root, "data"), game, { checkTemplates: false });
  if (model === undefined || diagnostics.length > 0) throw new DataError(diagnostics);
  const text = engineDataText(model);
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (old === text) return undefined;
  const changed: string[] = [];
  if (section(old, "DECK") !== section(text, "DECK")) changed.push(model.paths.deck);
  if (section(old, "RULES") !== section(text, "RULES")) changed.push(join(root, "data", game, "rules.yaml"));
  return { file, changed, text };
}

/** Games found fresh in this process (the engine loaded is the one checked). */
const FRESH = new Set<string>();

/**
 * Regenerates a stale data.gen.ts and refuses the run (the engine this process loaded was compiled
 * from the old file); the next run compiles the new one (bin/syzygy.js recompiles dist/ when a source is newer).
 */
export function ensureFreshEngineData(root: string, game: string, command: string): void {
  const key = join(root, game);
  if (FRESH.has(key)) return;
  const stale = staleEngineData(root, game);
  if (stale === undefined) {
    FRESH.add(key);
    return;
  }
  const rel = (f: string) => relative(process.cwd(), f) || f;
  writeFileSync(stale.file + ".tmp", stale.text);
  renameSync(stale.file + ".tmp", stale.file);
  const what = stale.changed.length > 0 ? stale.changed.map(rel).join(" and ") : `data/${game}/`;
  throw new SyzygyError(
    `${command}: ${rel(stale.file)} was out of date (${what} changed since it was generated), so the ${game} engine loaded here has the old rules. ` +
      `It is regenerated now: run the same command again. (\`npm run gen\` or \`npm run build\` regenerates it after each data edit.)`,
  );
}
