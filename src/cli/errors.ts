/** Errors the CLI prints as a message (never a stack trace) and exits with a code. */
export class CliError extends Error {
  constructor(
    message: string,
    /** 1 = bad input or failed work; 2 = usage error. */
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}
