/**
 * `syzygy replay FILE|-` — replays a game from a JSON action list through the engine and prints
 * one JSON report: {"ok":true,"events":[...],"view":{...},"result":{...},"active":[...]}.
 * A refused action: exit 1, stdout {"ok":false,"index":K,"rule":...,"message":...},
 * a one-line reason on stderr. Malformed input or a request the engine refuses: exit 1 with
 * file:line:column. A wrong command line (flags, a missing file): exit 2.
 */
import type { Command } from "commander";
import { parseJson } from "../json-locate";
import { readInput } from "../read-input";
import { checkReplayRequest, formatProblems, asReplayRequest, isSeatOrPublic, seatsText } from "../replay-request";
import { parseRuntime, reportLine, runReplay } from "../engine-runtime";
import { CliError, UsageError } from "../errors";
import { findGame } from "../../engine/registry";
import { ensureFreshEngineData } from "../../model/engine-data-fresh";
import { PACKAGE_ROOT } from "../../package-root";

const TOP_KEYS = ["game", "players", "seed", "commitment", "options", "dealer", "deal", "setAside", "actions", "viewAs"];
const RULE_PATHS = new Map([
  ["SIM-game", "game"],
  ["SIM-players", "players"],
  ["SIM-options", "options"],
  ["SIM-view", "viewAs"],
]);

/** Where in the request a request-level engine rejection points (deal[1][4], dealer, ...). */
function rejectionPath(rule: string, message: string): string {
  const lead = /^([A-Za-z]+)((?:\[\d+\])*)/.exec(message);
  if (lead !== null && TOP_KEYS.includes(lead[1])) return lead[1] + lead[2];
  const path = RULE_PATHS.get(rule);
  if (path !== undefined) return path;
  return rule.endsWith("-1") ? "deal" : "";
}

interface ReplayOptions {
  runtime: string;
  view?: string;
}

export async function replayCommand(file: string, opts: ReplayOptions): Promise<number> {
  const runtime = parseRuntime(opts.runtime);
  let view: number | undefined;
  if (opts.view !== undefined) {
    view = /^-?\d+$/.test(opts.view.trim()) ? Number(opts.view) : NaN;
    if (!Number.isInteger(view)) throw new UsageError(`--view must be a seat number (or -1 for the public view), got "${opts.view}"`);
  }
  const { text, name } = await readInput(file);
  const doc = parseJson(text, name);
  const problems = checkReplayRequest(doc.value);
  if (problems.length > 0) throw new CliError(formatProblems(problems, doc));
  const req = asReplayRequest(doc.value);
  if (findGame(req.game) !== undefined) ensureFreshEngineData(PACKAGE_ROOT, req.game, "replay");
  if (view !== undefined) {
    if (!isSeatOrPublic(view, req.players)) throw new UsageError(`--view: ${seatsText(req.players)}, got ${view}`);
    req.viewAs = view;
  }
  const report = await runReplay(req, runtime);
  if (report.ok) {
    process.stdout.write(reportLine(report));
    return 0;
  }
  // the documented failure line: exactly these four fields
  process.stdout.write(reportLine({ ok: false, index: report.index, rule: report.rule, message: report.message }));
  if (report.index < 0) {
    const where = doc.locate(rejectionPath(report.rule, report.message));
    process.stderr.write(`${where}: ${report.rule}: ${report.message}\n`);
    return 1;
  }
  const action = req.actions[report.index];
  const where = doc.locate(`actions[${report.index}]`);
  // Ids are shown as JSON strings when they hold anything but printable characters: one error, one line.
  const what = `seat ${action.seat} ${printable(action.type)}${typeof action.card === "string" ? ` ${printable(action.card)}` : ""}`;
  process.stderr.write(`${where}: action ${report.index} (${what}) refused by ${report.rule}: ${report.message}\n`);
  return 1;
}

export function declare(command: Command): void {
  command
    .argument("<file>", "replay JSON file, or - to read stdin")
    .option("--runtime <runtime>", "run the engine in node or lua", "node")
    .option("--view <seat>", "report this seat's view (default: the request's viewAs, else -1 = public view)")
    .addHelpText(
      "after",
      `
Input: {"game":"<game id>","players":3,"seed":"s","options":{},"dealer":0,
        "deal":[[ids...],[ids...],[ids...]],"setAside":[ids],
        "actions":[{"seat":0,"type":"<action>","card":"<card id>"}, ...]}
(src/engine/<game>/examples/ holds replay files of each game.)
deal/setAside/dealer are optional (they replace the first round's shuffle). Seats are 0-based.
"commitment" (optional, a TTS table's log has it): the seed must hash to it, and the log may
not state deal, dealer or setAside (its seed deals), else exit 1.
Exit codes: 0 replayed; 1 bad input — invalid JSON, a wrong shape, a request or an action the
engine refuses (stdout {"ok":false,"index":K,"rule":...}, K = -1 for the request); 2 a wrong
command line (unknown flag, bad --view, a missing file).`,
    )
    .action(async (file: string, opts: ReplayOptions) => {
      process.exitCode = await replayCommand(file, opts);
    });
}

/** `s` as typed when it is plain printable text, else JSON-quoted so control characters show as escapes. */
function printable(s: string): string {
  return /^[\x20-\x7e]*$/.test(s) ? s : JSON.stringify(s);
}
