/**
 * The no-op `syzygy build` at once. A build that succeeded leaves <out>/.cache/noop-stamp.json:
 * the command line and folder it ran with, and the size, modification and change time of every input (the
 * data and templates folders, the running code, the package's lock file) taken before it read them,
 * and of every output file it left. The next `syzygy build` with the same command line compares
 * those before loading any of the build's modules (cli.ts calls `noopBuild` first); if nothing
 * differs it prints the summary and is done, else the full build runs as ever — it still hashes
 * every kept output against its recorded content, the fallback whenever the stamp differs.
 * Only node: modules and module-free helpers here: this runs before anything heavy is loaded.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CODE_DIR, PACKAGE_ROOT } from "../package-root";
import { addFile, same, walk, type Snapshot } from "./file-snapshot";

const STAMP = "noop-stamp.json";

interface Stamp {
  key: string;
  inputs: Snapshot;
  outputs: Snapshot;
  /** What stdout shows, per game and in total, for a build that writes nothing. */
  summary: string;
  /** The warnings the build printed on stderr (they hold until the data changes). */
  warnings: string;
}

/** The flag value of `--name v` or `--name=v` in `argv` (the last one wins, as commander does). */
function flag(argv: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === name && i + 1 < argv.length) value = argv[++i];
    else if (argv[i].startsWith(`${name}=`)) value = argv[i].slice(name.length + 1);
  }
  return value;
}

/** Where the stamp and its inputs are for a `build` command line (argv[0] === "build"). */
function layout(argv: readonly string[]): { out: string; data: string; templates: string; key: string } | undefined {
  // --pod writes more than the build's outputs, and help is help: the full path handles them.
  if (argv.some((a) => a === "--pod" || a.startsWith("--pod=") || a === "-h" || a === "--help")) return undefined;
  const out = resolve(flag(argv, "--out") ?? "./out");
  const data = resolve(flag(argv, "--data") ?? "./data");
  const templates = resolve(flag(argv, "--templates") ?? join(dirname(data), "templates"));
  const env = Object.keys(process.env)
    .filter((k) => k.startsWith("SYZYGY_") || k === "SOURCE_DATE_EPOCH")
    .sort()
    .map((k) => `${k}=${process.env[k]}`);
  const key = JSON.stringify({ argv, cwd: process.cwd(), env, node: process.version, code: CODE_DIR });
  return { out, data, templates, key };
}

function inputSnapshot(l: { data: string; templates: string }): Snapshot {
  const snap: Snapshot = {};
  for (const dir of [l.data, l.templates, CODE_DIR]) walk(dir, snap, (n) => n === "node_modules");
  for (const f of ["package.json", "package-lock.json"]) addFile(join(PACKAGE_ROOT, f), snap);
  return snap;
}

function outputSnapshot(out: string, games: readonly string[]): Snapshot {
  const snap: Snapshot = {};
  for (const g of games) walk(join(out, g), snap);
  return snap;
}

/**
 * `syzygy build …` when nothing changed since the last build with this command line: the summary
 * that build would print, else undefined (run the build).
 */
export function noopBuild(argv: readonly string[]): { stdout: string; stderr: string } | undefined {
  const l = layout(argv);
  if (l === undefined) return undefined;
  // Another build running, or one stopped half way: the full path waits or finishes it.
  if (existsSync(join(l.out, ".syzygy.lock")) || existsSync(join(l.out, ".staging"))) return undefined;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(join(l.out, ".cache", STAMP), "utf8")) as Stamp;
  } catch {
    return undefined;
  }
  if (stamp.key !== l.key || !same(stamp.inputs, inputSnapshot(l))) return undefined;
  const games = [...new Set(Object.keys(stamp.outputs).map((p) => p.slice(l.out.length + 1).split(/[\\/]/)[0]))];
  if (!same(stamp.outputs, outputSnapshot(l.out, games))) return undefined;
  return { stdout: stamp.summary, stderr: stamp.warnings };
}

/** The stamp a build in progress writes when it succeeds (see `noopBuild`). */
export interface PendingStamp {
  finish(games: readonly string[], summary: string, warnings: string): void;
}

let commandLine: readonly string[] | undefined;

/** Called by the CLI with the `build` command line it runs (a build called from code writes no stamp). */
export function rememberBuildCommandLine(argv: readonly string[]): void {
  commandLine = argv;
}

/** Takes the inputs' snapshot now, before the build reads them; `finish` writes the stamp once it succeeded. */
export function startStamp(): PendingStamp | undefined {
  const argv = commandLine;
  commandLine = undefined;
  const l = argv === undefined ? undefined : layout(argv);
  if (l === undefined) return undefined;
  const inputs = inputSnapshot(l);
  return {
    finish(games, summary, warnings) {
      const stamp: Stamp = { key: l.key, inputs, outputs: outputSnapshot(l.out, games), summary, warnings };
      const file = join(l.out, ".cache", STAMP);
      mkdirSync(dirname(file), { recursive: true });
      // Created anew ("wx": exclusive, so never written through a link of that name).
      rmSync(`${file}.tmp`, { force: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(stamp), { flag: "wx" });
      renameSync(`${file}.tmp`, file);
    },
  };
}
