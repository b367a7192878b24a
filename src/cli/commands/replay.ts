/**
 * `syzygy replay FILE|-` — replays a game from a JSON action list through the engine and prints
 * one JSON report: {"ok":true,"events":[...],"view":{...},"result":{...},"active":[...]}.
 * A refused action: exit 1, stdout {"ok":false,"index":K,"rule":...,"message":...},
 * a one-line reason on stderr. Malformed input: exit 2 with file:line:column.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parseJson, locate } from "../json-locate";
import { checkReplayRequest, formatProblems, asReplayRequest } from "../replay-request";
import { parseRuntime, reportLine, runReplay } from "../engine-runtime";
import { CliError, UsageError } from "../errors";

const TOP_KEYS = ["game", "players", "seed", "options", "dealer", "deal", "setAside", "actions", "viewAs"];
const RULE_PATHS: Record<string, string> = { "SIM-game": "game", "SIM-players": "players", "SIM-options": "options" };

function readInput(file: string): { text: string; name: string } {
  try {
    if (file === "-") return { text: readFileSync(0, "utf8"), name: "<stdin>" };
    return { text: readFileSync(file, "utf8"), name: file };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new UsageError(`${file}: no such file (give a replay JSON file, or - for stdin)`);
    throw new CliError(`${file}: cannot read (${code ?? (err instanceof Error ? err.message : "error")})`);
  }
}

/** Where in the request a request-level engine rejection points (deal[1][4], dealer, ...). */
function rejectionPath(rule: string, message: string): string {
  const lead = /^([A-Za-z]+)((?:\[\d+\])*)/.exec(message);
  if (lead !== null && TOP_KEYS.includes(lead[1])) return lead[1] + lead[2];
  if (RULE_PATHS[rule] !== undefined) return RULE_PATHS[rule];
  return rule.endsWith("-1") ? "deal" : "";
}

interface ReplayOptions {
  runtime: string;
  view?: string;
}

export async function replayCommand(file: string, opts: ReplayOptions): Promise<number> {
  const runtime = parseRuntime(opts.runtime);
  const { text, name } = readInput(file);
  const value = parseJson(text, name);
  const problems = checkReplayRequest(value);
  if (problems.length > 0) throw new UsageError(formatProblems(problems, text, name));
  const req = asReplayRequest(value);
  if (opts.view !== undefined) {
    const seat = Number(opts.view);
    if (!Number.isInteger(seat)) throw new UsageError(`--view must be a seat number (or -1 for the public view), got "${opts.view}"`);
    req.viewAs = seat;
  }
  const report = await runReplay(req, runtime);
  if (report.ok) {
    process.stdout.write(reportLine(report));
    return 0;
  }
  // the documented failure line: exactly these four fields
  process.stdout.write(reportLine({ ok: false, index: report.index, rule: report.rule, message: report.message }));
  if (report.index < 0) {
    const where = locate(text, name, rejectionPath(report.rule, report.message));
    process.stderr.write(`${where}: ${report.rule}: ${report.message}\n`);
    return 2;
  }
  const action = req.actions[report.index];
  const where = locate(text, name, `actions[${report.index}]`);
  const what = `seat ${action.seat} ${action.type}${typeof action.card === "string" ? ` ${action.card}` : ""}`;
  process.stderr.write(`${where}: action ${report.index} (${what}) refused by ${report.rule}: ${report.message}\n`);
  return 1;
}

export function register(program: Command): void {
  program
    .command("replay")
    .description("replay a game from a JSON action list and print the events and final view as JSON")
    .argument("<file>", "replay JSON file, or - to read stdin")
    .option("--runtime <runtime>", "run the engine in node or lua", "node")
    .option("--view <seat>", "report this seat's view (default: the request's viewAs, else -1 = public view)")
    .addHelpText(
      "after",
      `
Input: {"game":"lunar-trick","players":3,"seed":"s","options":{},"dealer":0,
        "deal":[[ids...],[ids...],[ids...]],"setAside":[ids],
        "actions":[{"seat":0,"type":"commit","card":"rising-4"}, ...]}
deal/setAside/dealer are optional (they replace the first round's shuffle). Seats are 0-based.
Exit codes: 0 replayed, 1 an action was refused (stdout {"ok":false,"index":K,"rule":...}), 2 bad input.`,
    )
    .action(async (file: string, opts: ReplayOptions) => {
      process.exitCode = await replayCommand(file, opts);
    });
}
