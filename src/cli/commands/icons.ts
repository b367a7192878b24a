/**
 * `syzygy icons <game> [name...]` — writes a placeholder icon (data/<game>/icons/<name>.svg) for
 * every icon token the game's text uses that has no file yet: `:name:`, `{name}` and `[name]`
 * (src/model/icon-tokens.ts). With names, only those. Never overwrites a file: the designer's
 * drawings stay. What `syzygy new --from-csv` makes for a new sheet, for tokens added since.
 */
import type { Command } from "commander";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkGame, displayPath } from "../../model/load";
import { ICON_NAME } from "../../model/icons";
import { placeholderIcon } from "../../scaffold/icons";
import { UsageError } from "../errors";

interface IconsFlags {
  data: string;
}

export function iconsCommand(game: string, names: readonly string[], flags: IconsFlags): number {
  const bad = names.find((n) => !ICON_NAME.test(n));
  if (bad !== undefined) throw new UsageError(`syzygy icons: "${bad}" cannot be an icon name; use lower case letters, digits and "-", starting with a letter (e.g. "fish")`);
  const r = checkGame(flags.data, game, { checkTemplates: false });
  const dir = resolve(flags.data, game, "icons");
  const wanted = names.length > 0 ? [...new Set(names)] : r.missingIcons;
  const made: string[] = [];
  for (const name of wanted) {
    const file = join(dir, `${name}.svg`);
    if (existsSync(file)) continue;
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, placeholderIcon(name), { flag: "wx" });
    made.push(name);
  }
  if (made.length === 0) process.stdout.write(`${game}: every icon token has its file in ${displayPath(dir)}/; nothing to make\n`);
  else {
    process.stdout.write(`${game}: ${made.length} placeholder icon${made.length === 1 ? "" : "s"} in ${displayPath(dir)}/ (draw the real ones over them):\n`);
    for (const name of made) process.stdout.write(`  ${name}.svg\n`);
  }
  const left = r.diagnostics.filter((d) => d.code !== "unknown-icon").length;
  if (left > 0) process.stdout.write(`${game} has ${left} other problem${left === 1 ? "" : "s"}: npx syzygy validate ${game}\n`);
  return 0;
}

export function declare(command: Command): void {
  command
    .argument("<game>", "a game id: the name of a folder of --data holding a game.yaml")
    .argument("[name...]", "only these icons (default: every :name:, {name} or [name] token the game's text uses without a file)")
    .option("--data <dir>", "data folder", "./data")
    .action((game: string, names: string[], flags: IconsFlags) => {
      process.exitCode = iconsCommand(game, names, flags);
    });
}
