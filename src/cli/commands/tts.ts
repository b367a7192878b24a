/**
 * `syzygy tts [game...]` — the Tabletop Simulator save of each game (out/<game>/tts/<game>.json
 * plus images/), made from the card PNGs of `syzygy build`, with the rules engine as its script.
 * `--install` then copies each save, with a thumbnail, into Tabletop Simulator's Saves folder.
 */
import type { Command } from "commander";
import { existsSync } from "node:fs";
import path, { join, relative } from "node:path";
import type { GameModel } from "../../model/types";
import { renderSides } from "../../render/build";
import { TemplateSet } from "../../render/face";
import { renderGameFrom } from "../../render/source";
import { staleFaces } from "../../tts/faces";
import { loadGame } from "../../model/load";
import { GAMES_ARGUMENT_HELP, selectGames } from "../games";
import { buildTtsForModel, holdSheetCanvases, ScriptBuildError, TtsInputError, type TtsBuildResult } from "../../tts/index";
import { defaultTtsDir, installSave, savesDir } from "../../tts/install";
import { CliError, UsageError } from "../errors";
import { checkBaseUrl, lockOutFolder } from "../out-options";

export interface TtsFlags {
  data: string;
  out: string;
  baseUrl?: string;
  install?: boolean;
  ttsDir?: string;
}

export async function runTts(games: string[], flags: TtsFlags): Promise<TtsBuildResult[]> {
  const ids = selectGames("syzygy tts", games, flags.data);
  const baseUrl = checkBaseUrl(flags.baseUrl);
  if (flags.ttsDir !== undefined && flags.install !== true) throw new UsageError("--tts-dir only applies with --install (it names the folder the save is installed into)");
  // Checked before building, so a wrong folder fails at once.
  const saves = flags.install === true ? installTarget(flags.ttsDir) : undefined;
  const models = ids.map((id) => loadGame(flags.data, id));
  for (const model of models) refuseStaleFaces(model, flags.out);
  // Writes into out/ in place: no build or watch may write there meanwhile.
  using _lock = lockOutFolder("syzygy tts", flags.out, ids);
  const results: TtsBuildResult[] = [];
  const releaseCanvases = holdSheetCanvases();
  try {
    for (const model of models) {
      try {
        results.push(await buildTtsForModel(model, { outDir: flags.out, baseUrl }));
      } catch (err) {
        if (err instanceof TtsInputError || err instanceof ScriptBuildError) throw new CliError(`syzygy tts: ${model.id}: ${err.message}`);
        throw err;
      }
    }
  } finally {
    releaseCanvases();
  }
  for (const r of results) {
    process.stdout.write(`${relative(process.cwd(), r.savePath)}: ${r.objects} objects, ${r.cards} cards, ${r.imageFiles.length} images\n`);
  }
  if (saves !== undefined) {
    for (let i = 0; i < models.length; i++) {
      const done = await installSave(models[i], results[i].savePath, path.join(flags.out, models[i].id), saves);
      process.stdout.write(`installed ${models[i].id} into Tabletop Simulator: ${done.save} (thumbnail ${path.basename(done.thumbnail)}); in TTS: Games → Save & Load → ${models[i].name}\n`);
    }
    if (baseUrl === undefined) {
      process.stdout.write(`its images are files in ${path.resolve(flags.out)}: it plays on this computer; for multiplayer publish that folder and install with --base-url <its address>\n`);
    }
  }
  return results;
}

/** How many stale faces a refusal names (the rest are counted). */
const NAMED_STALE = 8;

/**
 * The save packs the PNGs of the last build with the data as it is now: a face edited since
 * (a sheet row, a template) would show its old picture under its new name and text. Refused,
 * naming the faces, before anything is written.
 */
function refuseStaleFaces(model: GameModel, outDir: string): void {
  if (!existsSync(join(outDir, model.id, "cards"))) return; // the save builder asks for a build
  const { sides } = renderSides(renderGameFrom(model), new TemplateSet(model.paths.templatesDir));
  const stale = staleFaces(join(outDir, model.id), sides);
  if (stale.length === 0) return;
  const named = stale.slice(0, NAMED_STALE).join(", ") + (stale.length > NAMED_STALE ? ` and ${stale.length - NAMED_STALE} more` : "");
  throw new CliError(
    `syzygy tts: ${model.id}: ${stale.length} card picture${stale.length === 1 ? " is" : "s are"} older than the data (${named}): the save would show the old pictures with the new text; run \`syzygy build ${model.id}\` (it renders them and writes the save)`,
  );
}

function installTarget(ttsDir: string | undefined): string {
  try {
    return savesDir(ttsDir !== undefined ? path.resolve(ttsDir) : defaultTtsDir(), ttsDir !== undefined);
  } catch (err) {
    if (err instanceof TtsInputError) throw new CliError(`syzygy tts --install: ${err.message}`);
    throw err;
  }
}

export function declare(command: Command): void {
  command
    .argument("[game...]", GAMES_ARGUMENT_HELP)
    .option("--base-url <url>", "URL where out/ is published (e.g. GitHub Pages); default: file:/// paths on this machine")
    .option("--data <dir>", "data folder", "./data")
    .option("--out <dir>", "output folder (PNGs are read from <out>/<game>/cards)", "./out")
    .option("--install", "also copy each save (with a thumbnail) into Tabletop Simulator's Saves folder")
    .option("--tts-dir <dir>", "with --install: TTS's data folder holding Saves/ (default: Documents/My Games/Tabletop Simulator on Windows, ~/Library/Tabletop Simulator on macOS, ~/.local/share/Tabletop Simulator on Linux)")
    .action(async (games: string[], flags: TtsFlags) => {
      await runTts(games, flags);
    });
}
