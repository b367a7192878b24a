/**
 * `syzygy list <game> [--json] [--data DIR]` — a game's physical components.
 * --json: {"game":"<id>","components":[{"id","kind","count","name","size","shape","templates","items"}]}
 * where count is the number of physical pieces.
 */
import type { Command } from "commander";
import { checkGame } from "../../model/load";
import { DataError } from "../../model/errors";
import type { Component, GameModel } from "../../model/types";

interface ListOptions {
  data: string;
  json?: boolean;
}

export function listJson(model: GameModel): unknown {
  return {
    game: model.id,
    components: model.components.map((c: Component) => ({
      id: c.id,
      kind: c.kind,
      count: c.count,
      name: c.name,
      size: c.size,
      shape: c.shape,
      templates: { face: c.templates.face.name, ...(c.templates.back ? { back: c.templates.back.name } : {}) },
      backs: c.backs,
      items: c.items.map((i) => ({ id: i.id, name: i.name, copies: i.copies })),
    })),
  };
}

function mm(n: number): string {
  return String(Math.round(n * 10) / 10);
}

export function listText(model: GameModel): string {
  const rows = model.components.map((c) => [
    c.id,
    c.kind,
    String(c.count),
    c.shape.kind === "circle" ? `Ø${mm(c.size.width)} mm` : `${mm(c.size.width)}×${mm(c.size.height)} mm`,
    c.templates.back ? `${c.templates.face.name} / ${c.templates.back.name}` : c.templates.face.name,
    c.name,
  ]);
  const header = ["component", "kind", "count", "size", "templates (face / back)", "name"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  const pieces = model.components.reduce((n, c) => n + c.count, 0);
  return [`${model.name} (${model.id}), ${model.players.min}–${model.players.max} players`, line(header), ...rows.map(line), `${pieces} pieces`].join("\n") + "\n";
}

export function listCommand(game: string, opts: ListOptions): number {
  // Listing reads the data only; missing templates are reported by validate and build.
  const r = checkGame(opts.data, game, { checkTemplates: false });
  if (r.model === undefined) throw new DataError(r.diagnostics);
  process.stdout.write(opts.json ? JSON.stringify(listJson(r.model), null, 2) + "\n" : listText(r.model));
  return 0;
}

export function declare(command: Command): void {
  command
    .argument("<game>", "a game id: the name of a folder of --data holding a game.yaml")
    .option("--json", "print JSON: {game, components: [{id, kind, count, ...}]}")
    .option("--data <dir>", "data folder", "./data")
    .action((game: string, opts: ListOptions) => {
      process.exitCode = listCommand(game, opts);
    });
}
