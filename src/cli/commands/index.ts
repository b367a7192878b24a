/**
 * Every CLI command, one module each. `syzygy --help` lists the commands from this table alone;
 * a command's module (its arguments, options and work, with the model, render or engine code
 * behind it) is imported only when that command runs or shows its own help. Add a command by
 * adding its module and a line here (test/cli-commands.test.ts checks `usage` against the module).
 */
import type { Command } from "commander";

export interface CommandModule {
  /** Adds the command's arguments, options and action (its description too, if longer than `summary`). */
  declare(command: Command): void;
}

export interface CommandEntry {
  name: string;
  /** What follows the name in `syzygy --help`, as commander writes it for the declared command. */
  usage: string;
  /** Its line in `syzygy --help`; also its description unless the module declares a longer one. */
  summary: string;
  /**
   * Runs the same JavaScript many times over (`simulate`: thousands of seeded games), so V8's
   * optimising compiler and a growing young generation pay for themselves: 1000 games of the meld
   * game took 3.5 s with them and 15.3 s without. Every other command runs without them (`v8FlagsFor`
   * in src/cli.ts): its JavaScript runs a few hundred times at most, and the compiler's background
   * work and a grown nursery cost more than they gain (`validate <game>`: ~25 % of its CPU time and
   * ~20 MB of its peak RSS; a one-card edit of a 52-card deck 1.08 s against 1.25–1.40 s; a cold
   * 52-card build 2.33 s against 2.51 s; bench/startup.ts and bench/builds.ts measure them).
   */
  hot?: true;
  load(): Promise<CommandModule>;
}

// Listed in --help in this order: data, outputs, engines.
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "new",
    usage: "[options] <id>",
    summary: "make a new game without a rules engine that builds as it is: a poker deck, or the cards of a spreadsheet",
    load: () => import("./new"),
  },
  {
    name: "validate",
    usage: "[options] [game...]",
    summary: "check every YAML data file and cross-reference; report every problem with file:line:col",
    load: () => import("./validate"),
  },
  {
    name: "icons",
    usage: "[options] <game> [name...]",
    summary: "write a placeholder icon for every icon token (:fish:, {fish}, [fish]) the game's text uses without a file",
    load: () => import("./icons"),
  },
  {
    name: "list",
    usage: "[options] <game>",
    summary: "list a game's physical components (id, kind, count of pieces, size, templates)",
    load: () => import("./list"),
  },
  {
    name: "export-csv",
    usage: "[options] <game>",
    summary: "write a game's deck as CSV (one row per card) to move it to a spreadsheet",
    load: () => import("./export-csv"),
  },
  {
    name: "build",
    usage: "[options] [game...]",
    summary: "render every component to PNG (300 dpi, with bleed), print-ready PDFs and Tabletop Simulator saves",
    load: () => import("./build"),
  },
  {
    name: "pod",
    usage: "[options] [game...]",
    summary: "print-on-demand exports per card deck: The Game Crafter PNG zips and DriveThruCards PDFs",
    load: () => import("./pod"),
  },
  {
    name: "tts",
    usage: "[options] [game...]",
    summary: "write a Tabletop Simulator save per game (needs the PNGs of `syzygy build`)",
    load: () => import("./tts"),
  },
  {
    name: "watch",
    usage: "[options] [game...]",
    summary: "build, then rebuild on every edit of data/ or templates/, serving live-reloading preview galleries",
    load: () => import("./watch"),
  },
  {
    name: "replay",
    usage: "[options] <file>",
    summary: "replay a game from a JSON action list and print the events and final view as JSON",
    load: () => import("./replay"),
  },
  {
    name: "simulate",
    hot: true,
    usage: "[options] <game>",
    summary: "play many seeded games with a random or greedy policy and print stats",
    load: () => import("./simulate"),
  },
  {
    // The module's description names the one game the command serves.
    name: "meld",
    usage: "[options] <card...>",
    summary: "classify cards into their best meld and value it through the per-meld scoring steps (EC-18, EC-29)",
    load: () => import("./meld"),
  },
];

/**
 * The command `argv` runs (or asks help for), if it names one: its first word, or the word after
 * `help`. The program's own options (--help, --version) take no value, so the first word that is
 * not an option is the command, as commander reads it.
 */
export function commandNamed(argv: readonly string[]): CommandEntry | undefined {
  const words = argv.filter((a) => !a.startsWith("-"));
  const name = words[0] === "help" ? words[1] : words[0];
  return COMMANDS.find((c) => c.name === name);
}
