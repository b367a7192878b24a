/**
 * What a `syzygy build` and a standby say over the socket: one JSON object per line.
 * The caller sends one Request (and a Signal when it gets one); the standby answers Busy or
 * Stale (the caller then builds itself), or Started, the command's output and its Exit.
 */
import { StringDecoder } from "node:string_decoder";

export interface Request {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  umask: number;
  /** The caller's stdout and stderr: a terminal (and its width) or not. */
  stdout: { isTTY: boolean; columns?: number };
  stderr: { isTTY: boolean; columns?: number };
}

export type Reply =
  | { busy: true }
  | { stale: true }
  | { started: true }
  | { out: string }
  | { err: string }
  | { exit: number };

export interface Signal {
  signal: "SIGINT" | "SIGTERM" | "SIGHUP";
}

/** Requests are small; a longer line is not one of ours. */
export const MAX_LINE = 4 * 1024 * 1024;

/** Calls `onLine` with each complete line of a byte stream; false once a line is over MAX_LINE. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer) => boolean {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return (chunk) => {
    // A character may be split between chunks: the decoder holds its first bytes back.
    pending += decoder.write(chunk);
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      onLine(line);
    }
    return pending.length <= MAX_LINE;
  };
}
