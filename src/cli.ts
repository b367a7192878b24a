/**
 * The `syzygy` command line. Each command lives in src/cli/commands/<name>.ts and is listed in
 * src/cli/commands/index.ts, so only commands that exist appear in --help. Only the command that
 * runs is imported: `syzygy --help` and `--version` load commander and that list, nothing else.
 */
import { realpathSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { fileURLToPath } from "node:url";
import { Command, CommanderError } from "commander";
import { COMMANDS, commandNamed } from "./cli/commands/index";
import { CliError, describeOsError } from "./cli/errors";
import { exitQuietlyOnBrokenPipe } from "./cli/broken-pipe";
import { packageVersion } from "./package-root";

/** The program for `argv`: every command listed, the one `argv` runs declared in full. */
export async function makeProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command();
  program
    .name("syzygy")
    .description("Card games from YAML: print-and-play files, a Tabletop Simulator mod, and rules engines.")
    .version(packageVersion(), "-V, --version", "print syzygy's version")
    .showHelpAfterError()
    .exitOverride()
    // A command not loaded is listed by the usage its entry gives (commander's own term needs its arguments).
    .configureHelp({ subcommandTerm: (cmd) => `${cmd.name()} ${cmd.usage()}` });
  const wanted = commandNamed(argv);
  for (const entry of COMMANDS) {
    const command = program.command(entry.name).description(entry.summary);
    if (entry === wanted) (await entry.load()).declare(command);
    else command.usage(entry.usage);
  }
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    if (commandNamed(argv)?.name === "build" && argv[0] === "build") {
      // Nothing changed since the last build with this command line: done before loading the build.
      const stamp = await import("./pipeline/noop-stamp");
      const done = stamp.noopBuild(argv);
      if (done !== undefined) {
        process.stderr.write(done.stderr);
        process.stdout.write(done.stdout);
        return 0;
      }
      stamp.rememberBuildCommandLine(argv);
    }
    const program = await makeProgram(argv);
    await program.parseAsync(argv, { from: "user" });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help / --version exit 0; every other commander error is a usage error.
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof CliError) {
      process.stderr.write(err.message.endsWith("\n") ? err.message : err.message + "\n");
      return err.exitCode;
    }
    // A file the OS refused (disk full, no permission…): the file and the fix, not a raw code.
    const os = describeOsError(err);
    if (os !== undefined) {
      process.stderr.write(`syzygy: ${os}\n`);
      return 1;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`syzygy: internal error: ${message}\n`);
    return 1;
  }
}

/** Runs the command line of this process (bin/syzygy.js, `tsx src/cli.ts`) and sets its exit code, which it also returns. */
export function runCli(): Promise<number> {
  exitQuietlyOnBrokenPipe();
  const argv = process.argv.slice(2);
  // Set before the command allocates (CommandEntry.hot says why).
  for (const flag of v8FlagsFor(argv)) setFlagsFromString(flag);
  return main(argv).then((code) => {
    process.exitCode = code;
    return code;
  });
}

/**
 * The V8 flags a command line runs with: help, --version and every command but the `hot` ones run
 * without the optimising compiler, with the young generation at its first size.
 */
export function v8FlagsFor(argv: readonly string[]): string[] {
  return commandNamed(argv)?.hot === true ? [] : ["--no-opt", "--semi-space-growth-factor=1"];
}

function isMainModule(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMainModule()) void runCli();
