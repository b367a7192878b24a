/**
 * Where a game's template N lives: its own `templates/<game>/N.svg.hbs`, else the one every game
 * shares, `templates/shared/N.svg.hbs` (a reference sheet page reads the same in every game). A
 * game overrides a shared template by a file of the same name in its own folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The folder under templates/ whose templates every game may name. */
export const SHARED_TEMPLATES = "shared";

const SUFFIX = ".svg.hbs";

/** The template file `name` of `game` resolves to; the game's own path when neither exists (what an error names). */
export function templateFile(templatesDir: string, game: string, name: string): string {
  const own = join(templatesDir, game, `${name}${SUFFIX}`);
  if (existsSync(own)) return own;
  const shared = join(templatesDir, SHARED_TEMPLATES, `${name}${SUFFIX}`);
  return existsSync(shared) ? shared : own;
}

/** The template names `game` can use: its own and the shared ones, sorted. */
export function templateNames(templatesDir: string, game: string): string[] {
  const names = new Set<string>();
  for (const dir of [join(templatesDir, game), join(templatesDir, SHARED_TEMPLATES)]) {
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of files) if (f.endsWith(SUFFIX)) names.add(f.slice(0, -SUFFIX.length));
  }
  return [...names].sort();
}
