/**
 * Errors the model throws. They extend the shared error classes (src/errors.ts) so any command that loads data
 * (validate, list, build, watch…) prints the located messages and exits 1 (bad data) or 2
 * (usage: unknown game, missing data folder) without a stack trace.
 */
import { SyzygyError, UsageError } from "../errors";
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from "./diagnostics";

export class DataError extends SyzygyError {
  readonly diagnostics: Diagnostic[];
  constructor(list: readonly Diagnostic[]) {
    const sorted = sortDiagnostics(list);
    const files = new Set(sorted.map((d) => d.location.file)).size;
    super(
      sorted.map(formatDiagnostic).join("\n") +
        `\n${sorted.length} problem${sorted.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}`,
      1,
    );
    this.diagnostics = sorted;
  }
}

export class UnknownGameError extends UsageError {
  constructor(
    readonly gameId: string,
    readonly known: readonly string[],
  ) {
    super(`syzygy: unknown game ${JSON.stringify(gameId)}; valid games: ${known.join(", ")}`);
  }
}

export class DataFolderMissingError extends UsageError {
  constructor(readonly dataDir: string) {
    super(`syzygy: data folder not found: ${dataDir} (pass --data DIR, the folder holding <game>/game.yaml)`);
  }
}
