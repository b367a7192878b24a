/**
 * `syzygy watch [game...]` — builds the games, then rebuilds what an edit of data/ or templates/
 * changed and serves the preview galleries on http://127.0.0.1:PORT, reloading open pages after
 * each rebuild. A bad edit prints its located error and the last good output stays.
 */
import type { Command } from "commander";
import { GAMES_ARGUMENT_HELP, selectGames } from "../games";
import { Watcher } from "../../pipeline/watch";
import { startGalleryServer, type GalleryServer } from "../../gallery/server";
import { parseBackOffset, parsePapers } from "./build";
import { lockOutFolder } from "../out-options";
import { UsageError } from "../errors";
import { tuneV8ForBuilds } from "../../pipeline/v8-tuning";
import { folderOption } from "../paths";

interface WatchFlags {
  data: string;
  templates?: string;
  out: string;
  port: string;
  serve: boolean;
  pdf: boolean;
  png: boolean;
  paper: string;
  bleed?: boolean;
  cutLines?: boolean;
  duplex: string;
  backOffset: string;
}

function parsePort(value: string): number {
  // Decimal digits only: Number() would also take "0x1F90", "1e3" and " ".
  const n = /^\s*\d{1,5}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`--port must be a port number 0–65535 (0 = any free port), got "${value}"`);
  return n;
}

export async function runWatch(games: string[], flags: WatchFlags): Promise<void> {
  const ids = selectGames("syzygy watch", games, flags.data);
  folderOption("syzygy watch", "--templates", flags.templates);
  if (flags.duplex !== "long" && flags.duplex !== "short") throw new UsageError(`--duplex must be long or short, got "${flags.duplex}"`);
  const port = parsePort(flags.port);
  const papers = flags.pdf ? parsePapers(flags.paper) : [];
  // One writer per out/ folder (src/pipeline/lock.ts), held until watch stops.
  using _lock = lockOutFolder("syzygy watch", flags.out, ids);
  const log = (line: string): void => {
    const time = new Date().toISOString().slice(11, 19);
    process.stdout.write(`[${time}] ${line}\n`);
  };
  let server: GalleryServer | undefined;
  const watcher = new Watcher({
    dataDir: flags.data,
    templatesDir: flags.templates,
    outDir: flags.out,
    games: ids,
    papers,
    png: flags.png,
    print: { bleedLayout: flags.bleed === true, cutLines: flags.cutLines === true, duplex: flags.duplex, backOffset: parseBackOffset(flags.backOffset) },
    log,
    onRebuilt: (g) => server?.notifyRebuilt(g),
    onFailed: (g, message) => server?.notifyFailed(g, message),
  });
  if (flags.serve) {
    server = await startGalleryServer(flags.out, ids, port);
    for (const id of ids) log(`gallery: ${server.url}${id}/`);
  }
  await watcher.start();
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void Promise.all([watcher.close(), server?.close()]).then(() => done());
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

export function declare(command: Command): void {
  command
    .argument("[game...]", GAMES_ARGUMENT_HELP)
    .option("--data <dir>", "data folder", "./data")
    .option("--templates <dir>", "templates folder (default: ../templates next to the data folder)")
    .option("--out <dir>", "output folder", "./out")
    .option("--port <port>", "gallery server port on 127.0.0.1 (0 = any free port)", "8040")
    .option("--no-serve", "do not serve the galleries")
    .option("--no-pdf", "skip the print PDFs (faster while editing card looks)")
    .option("--no-png", "skip the PNG files")
    .option("--paper <paper>", "a4, letter, a3, tabloid, a list (a4,a3) or both (a4 and letter)", "both")
    .option("--bleed", "cards with bleed, 8-up landscape, instead of trimmed 3×3")
    .option("--cut-lines", "full-length cut lines across the page")
    .option("--duplex <edge>", "printer flip edge for the backs: long or short", "long")
    .option("--back-offset <x,y>", "shift back pages by X,Y mm to fix front/back misregistration", "0,0")
    .action(async (games: string[], flags: WatchFlags) => {
      tuneV8ForBuilds(); // before the YAML and templates are loaded: they are build work too
      await runWatch(games, flags);
    });
}
