/** Shared helpers for the model tests: temp copies of data/, in-process CLI runs. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { main } from "../../src/cli";
import { CODE_GAME_IDS } from "../../src/model/registry";
import { gameIds } from "../../src/model/load";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const REPO_DATA = join(REPO, "data");
/** The games with code (an engine folder with schema.ts), in the model's order: by id (src/model/registry.ts). */
export const CODE_GAMES: readonly string[] = [...CODE_GAME_IDS];
/** Every game of the shipped data/ (with code or without), in the model's order (`gameIds`). */
export const GAMES: readonly string[] = gameIds(REPO_DATA);

/** Every template name game.yaml references, per game. */
export function referencedTemplates(dataDir: string, game: string): string[] {
  const doc = parse(readFileSync(join(dataDir, game, "game.yaml"), "utf8")) as {
    components: { templates: { face: string; back?: string }; items?: { templates?: { face?: string; back?: string } }[] }[];
  };
  const names = new Set<string>();
  for (const c of doc.components) {
    names.add(c.templates.face);
    if (c.templates.back) names.add(c.templates.back);
    for (const it of c.items ?? []) {
      if (it.templates?.face) names.add(it.templates.face);
      if (it.templates?.back) names.add(it.templates.back);
    }
  }
  return [...names];
}

export interface TempData {
  root: string;
  /** The copied data folder. */
  data: string;
  /** Sibling templates/ with an empty stub per referenced template (found automatically as <data>/../templates). */
  templates: string;
  path(rel: string): string;
  read(rel: string): string;
  write(rel: string, text: string): void;
  /** Replaces the first occurrence of `from` (which must exist) in a data file. */
  replace(rel: string, from: string, to: string): void;
  /** `<file>:<line>:<col>` of the first occurrence of `needle` in a data file (col of its first character + shift). */
  loc(rel: string, needle: string, shift?: number): string;
}

/** A temp copy of the repo's data/ — tests never modify the repo's data. */
export function tempData(): TempData {
  const root = mkdtempSync(join(tmpdir(), "syzygy-model-"));
  const data = join(root, "data");
  cpSync(REPO_DATA, data, { recursive: true });
  const templates = join(root, "templates");
  for (const game of GAMES) {
    mkdirSync(join(templates, game), { recursive: true });
    for (const name of referencedTemplates(data, game)) writeFileSync(join(templates, game, `${name}.svg.hbs`), "<svg/>\n");
  }
  const path = (rel: string) => join(data, rel);
  const read = (rel: string) => readFileSync(path(rel), "utf8");
  const write = (rel: string, text: string) => writeFileSync(path(rel), text);
  return {
    root,
    data,
    templates,
    path,
    read,
    write,
    replace(rel, from, to) {
      const text = read(rel);
      if (!text.includes(from)) throw new Error(`test setup: ${JSON.stringify(from)} not in ${rel}`);
      write(rel, text.replace(from, to));
    },
    loc(rel, needle, shift = 0) {
      const lines = read(rel).split("\n");
      const i = lines.findIndex((l) => l.includes(needle));
      if (i < 0) throw new Error(`test setup: ${JSON.stringify(needle)} not in ${rel}`);
      return `${path(rel)}:${i + 1}:${lines[i].indexOf(needle) + 1 + shift}`;
    },
  };
}

/** Runs the CLI in-process; returns exit code and captured output. */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.exitCode = undefined;
  }
}
