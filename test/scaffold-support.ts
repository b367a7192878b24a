/**
 * A project made by `syzygy new` (a game without an engine) in a temp folder, once per test
 * process, so print and TTS tests can run the shipped games' checks on it too.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeScaffold } from "../src/scaffold/files";
import { pokerGame } from "../src/scaffold/poker";

export interface ScaffoldedProject {
  root: string;
  data: string;
  templates: string;
  game: string;
}

let poker: ScaffoldedProject | undefined;

/** The poker deck `syzygy new demo` writes, in a project of its own. */
export function scaffoldedPoker(): ScaffoldedProject {
  if (poker === undefined) {
    const root = mkdtempSync(join(tmpdir(), "syzygy-new-"));
    const roots = { data: join(root, "data"), templates: join(root, "templates") };
    writeScaffold(pokerGame("demo"), roots);
    poker = { root, ...roots, game: "demo" };
  }
  return poker;
}
