/**
 * Output options more than one command shares (build, tts, watch): the --base-url check and the
 * lock on out/. Here rather than in one command's file, so commands never import each other.
 */
import { lockOutput, outDirProblem, type LockedOutput } from "../pipeline/output-set";
import { CliError, describeOsError, UsageError } from "./errors";

/** --base-url: an absolute http(s) URL without trailing slashes, or undefined when not given. */
export function checkBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url must be an absolute http(s) URL (the address of your published out/ folder), got "${value}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UsageError(`--base-url must start with https:// or http://, got "${value}" (local files are the default without --base-url)`);
  }
  return value.replace(/\/+$/, "");
}

/**
 * For commands that write into out/ in place (`watch`): locks it (exit 2 when --out is a file, 1
 * when another build holds it), completing first what a killed build left half moved.
 */
export function lockOutFolder(command: string, outDir: string, games: string[]): LockedOutput {
  const problem = outDirProblem(outDir);
  if (problem !== undefined) throw new UsageError(`${command}: ${problem}`);
  try {
    return lockOutput(outDir, games, command);
  } catch (err) {
    throw new CliError(`${command}: ${describeOsError(err) ?? (err instanceof Error ? err.message : String(err))}`);
  }
}
