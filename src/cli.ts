/**
 * The `syzygy` command line. Each command lives in src/cli/commands/<name>.ts and is listed in
 * src/cli/commands/index.ts, so only commands that exist appear in --help.
 */
import { Command, CommanderError } from "commander";
import { COMMANDS } from "./cli/commands/index";
import { CliError, describeOsError } from "./cli/errors";
import { exitQuietlyOnBrokenPipe } from "./cli/broken-pipe";

export function makeProgram(): Command {
  const program = new Command();
  program
    .name("syzygy")
    .description("Card games from YAML: print-and-play files, a Tabletop Simulator mod, and rules engines.")
    .showHelpAfterError()
    .exitOverride();
  for (const register of COMMANDS) register(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = makeProgram();
  try {
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

const isMain = process.argv[1] !== undefined && /(?:cli\.ts|syzygy(?:\.js)?)$/.test(process.argv[1]);
if (isMain) {
  exitQuietlyOnBrokenPipe();
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
