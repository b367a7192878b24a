/**
 * Errors reported to the user as a message — never a stack trace — with an exit code. Shared by
 * every layer that can refuse input (the model, render, the CLI); the CLI prints them and exits.
 */
export class SyzygyError extends Error {
  constructor(
    message: string,
    /** 1 = bad input or failed work; 2 = usage error. */
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}

/** A wrong command line or argument: exit code 2. */
export class UsageError extends SyzygyError {
  constructor(message: string) {
    super(message, 2);
  }
}
